import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDriver
import SegueModel
import SegueREPL

extension ServedFlow {
    /// The files the flow was read from (the flow, its imports, its fixtures), which a change reloads it for.
    public var watchedPaths: [String] { watched.keys.sorted() }

    /// Reads the flow and its imports again when any of them changed on disk (or vanished): errors are shown and
    /// the old flow keeps running; a flow that compiles replaces it, with the session replayed to the same step.
    /// Returns whether anything changed.
    @discardableResult
    public func reloadIfChanged() async -> Bool {
        let changed = watched.contains { path, bytes in
            Self.contents(of: path) != bytes
        }
        guard changed else { return false }
        await reload()
        return true
    }

    /// A watched file's bytes as they are now, or nil when it is gone, no longer a regular file (never waiting on
    /// a FIFO put in its place) or past 16 MiB (twice what the loader takes: it has changed, and the reload says why).
    static func contents(of path: String) -> [UInt8]? {
        (try? SafeFile.read(path, limit: 16 << 20, links: .followed)).map { [UInt8]($0) }
    }

    /// Validates the flow file as it is now and, when it compiles, replays the session on it.
    public func reload() async {
        let result = FlowLoader().load(path: path)
        // Keep watching what was read, and the files read before, so a deleted import coming back is seen.
        watched.merge(Self.fingerprints(result.sources)) { _, new in new }
        for file in watched.keys where !result.sources.contains(where: { $0.path == file }) {
            watched[file] = Self.contents(of: file) ?? []
        }
        diagnostics = Self.render(result)
        guard let checked = result.checked, result.role == .flow else {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            reloadNote =
                result.isUnreadable
                ? "\(path) cannot be read now; the flow as it was keeps running"
                : "\(path) has \(Plural.english(errors, "error")); the flow as it was keeps running"
            await publish()
            return
        }
        let reach = FlowReach(flow: checked.flow, options: options)
        if let unnamed = announced.unnamed(in: reach) {
            reloadNote =
                "the changed flow would reach what was not named when serve started (\(unnamed)); restart segue "
                + "serve to see and allow it; the flow as it was keeps running"
            await publish()
            return
        }
        let trace = session.trace()
        let embedded: EmbeddedServices
        let reused = Self.sameServices(session.flow.services, checked.flow.services)
        if reused {
            embedded = session.embedded
        } else {
            do {
                embedded = try await EmbeddedServices.make(for: checked.flow, options: options)
            } catch {
                reloadNote =
                    "the changed flow's services could not start: \(error.description); the flow as it was keeps running"
                await publish()
                return
            }
        }
        let next = ReplSession(
            checked: checked, embedded: embedded, device: session.device, locale: session.localeOverride)
        let replay = await next.replay(trace.commands)
        if !reused { session.embedded.removeTemporaryFiles() }
        session = next
        version += 1
        diagramCache = nil
        let steps = Plural.english(replay.total, "step")
        reloadNote =
            replay.divergence.map { "reloaded; the replay diverged at \($0) (\(replay.replayed) of \(steps) replayed)" }
            ?? "reloaded; replayed \(steps) to the same point"
        message = session.screenText
        failed = false
        await publish()
    }

    /// Whether two flows declare the same services (names, kinds, fixtures and commands), so the running ones can
    /// be kept; a changed command is built again, under the run's `CommandPolicy`.
    static func sameServices(_ old: [ServiceDeclaration], _ new: [ServiceDeclaration]) -> Bool {
        func key(_ services: [ServiceDeclaration]) -> [String] {
            services.map {
                "\($0.name.text):\($0.kind.rawValue):\($0.fixture?.text ?? ""):\($0.command?.arguments ?? [])"
            }.sorted()
        }
        return key(old) == key(new)
    }
}

extension ServedFlow {
    /// Removes the embedded services' temporary directory (when the server stops).
    public func removeTemporaryFiles() {
        session.embedded.removeTemporaryFiles()
    }
}
