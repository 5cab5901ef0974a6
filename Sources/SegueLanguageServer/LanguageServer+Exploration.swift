import Foundation
import SegueDiagnostics
import SegueJSON

/// Proof as you type: after a document's diagnostics are published with no error, `segue check`'s exploration of
/// its flow runs in the background (`BackgroundCheck`); its findings (S-codes) are published beside the front
/// end's, each with the shortest run that shows it as related information at the finding. An edit cancels the
/// running exploration, and the findings of an older version of the text are never shown.
extension LanguageServer {
    /// Whether an exploration has finished and is waiting to be published (the serving loop then calls `due`).
    public var hasFinishedChecks: Bool { checks.values.contains { $0.isFinished } }

    /// Blocks until every running exploration has finished, at most `timeout` seconds; whether they have. For
    /// tests and the benchmark, which then call `due`.
    public func waitForChecks(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return checks.values.allSatisfy { $0.waitUntilFinished(deadline: deadline) }
    }

    /// Starts exploring `uri`'s flow as it stands, when the front end found no error in it.
    func startCheck(_ uri: String) {
        cancelCheck(uri)
        guard let settings = checkSettings, settings.seconds > 0, let document = documents[uri] else { return }
        let loaded = document.analysis
        guard loaded.flow != nil, !loaded.hasErrors else {
            checkFindings[uri] = nil
            return
        }
        checks[uri] = BackgroundCheck(loaded, version: document.version, settings: settings, finished: checkFinished)
    }

    func cancelCheck(_ uri: String) {
        checks.removeValue(forKey: uri)?.cancel()
    }

    /// publishDiagnostics again for each document whose exploration finished with other findings than those last
    /// published for it.
    func checkPublications() -> [JSON] {
        var out: [JSON] = []
        for (uri, check) in checks.sorted(by: { $0.key < $1.key }) {
            guard let found = check.findings else { continue }
            checks[uri] = nil
            guard let document = documents[uri], document.version == check.version else { continue }
            let findings = found.map(Self.withRunAtFinding)
            // What the editor shows of this version now: the findings published for it, or none.
            let shown = checkFindings[uri].flatMap { $0.version == check.version ? $0.diagnostics : nil } ?? []
            checkFindings[uri] = (check.version, findings)
            if shown != findings { out += publications(for: uri) }
        }
        return out
    }

    /// A finding's run (its notes) placed at the finding, so an editor lists the steps as related information.
    static func withRunAtFinding(_ finding: Diagnostic) -> Diagnostic {
        var placed = finding
        placed.notes = finding.notes.map { DiagnosticNote($0.message, at: $0.range ?? finding.range) }
        return placed
    }
}
