import Foundation
import SegueDiagnostics
import SegueRuntime

/// Runs Graphviz's `dot` to turn DOT text into SVG or PNG bytes.
///
///     let svg = try await Graphviz().render(dot, as: .svg)
public struct Graphviz: Sendable {
    public enum OutputFormat: String, Sendable, CaseIterable {
        case svg
        case png
    }

    /// Where `dot` is, or nil to look it up in `searchPath`.
    public var executable: URL?
    /// Directories to look for `dot` in, `:`-separated; the `PATH` environment variable by default.
    public var searchPath: String?

    public init(executable: URL? = nil, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.executable = executable
        self.searchPath = searchPath
    }

    /// The `dot` found on `PATH`, or nil when Graphviz is not installed.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        ChildProcess.executable(named: "dot", searchPath: path)
    }

    /// Pipes `dot` text through `dot -T<format>` and returns what it writes.
    public func render(_ dot: String, as format: OutputFormat) async throws(DiagramError) -> Data {
        guard let executable = executable ?? Self.locate(path: searchPath) else { throw .graphvizMissing }
        let result: (status: Int32, output: Data, errors: Data)
        do {
            result = try await ChildProcess.run(executable, arguments: ["-T\(format.rawValue)"], input: Data(dot.utf8))
        } catch {
            throw .graphvizFailed(
                status: -1, message: "could not start \(executable.path): \(error.localizedDescription)")
        }
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .graphvizFailed(status: result.status, message: message)
        }
        return result.output
    }
}
