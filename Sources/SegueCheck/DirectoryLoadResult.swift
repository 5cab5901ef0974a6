import Foundation
import SegueDiagnostics
import SegueFrontEnd

/// The results of checking several flows: every flow under a directory, or the paths given on a command line.
public struct DirectoryLoadResult: Sendable {
    public var results: [FlowLoadResult]
    /// YAML files that are not flows, for verbose output.
    public var skipped: [String]

    public init(results: [FlowLoadResult], skipped: [String]) {
        self.results = results
        self.skipped = skipped
    }

    /// Every diagnostic, each file's in source order; a file imported by several flows reports its problems once.
    public var diagnostics: [Diagnostic] { FlowLoader.unique(results.flatMap(\.diagnostics)) }
    public var sources: [SourceFile] { results.flatMap(\.sources) }
    public var hasErrors: Bool { results.contains { $0.hasErrors } }

    /// `segue validate`'s exit status: 2 when a file could not be read, 1 for errors (or warnings with `strict`), else 0.
    public func exitStatus(strict: Bool) -> Int32 {
        if results.contains(where: \.isUnreadable) { return 2 }
        let failing = results.flatMap(\.diagnostics).contains {
            $0.severity == .error || (strict && $0.severity == .warning)
        }
        return failing ? 1 : 0
    }
}

extension FlowLoader {
    /// Checks every flow file under `directory`, each with its imports.
    /// The directory is their project root unless one was given.
    public func loadDirectory(_ directory: String) throws(FlowDirectory.ScanError) -> DirectoryLoadResult {
        let scan = try FlowDirectory.scan(directory)
        var loader = self
        loader.root = root ?? ProjectRoot.startedFrom(directory)
        return DirectoryLoadResult(results: scan.flows.map { loader.load(path: $0) }, skipped: scan.skipped)
    }

    /// Checks each path: a directory is walked for flows, anything else is loaded as a flow file (a missing path
    /// gives its `C003`).
    public func load(paths: [String]) -> DirectoryLoadResult {
        var combined = DirectoryLoadResult(results: [], skipped: [])
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                let walked = try? loadDirectory(path)
            {
                combined.results += walked.results
                combined.skipped += walked.skipped
            } else {
                combined.results.append(load(path: path))
            }
        }
        return combined
    }
}
