import Foundation
import SegueDriver
import SegueREPL

/// Paths and sessions shared by the tools' tests: the package root, the seed flows on fresh embedded services.
package enum ReplFixture {
    /// The package root, found from this file's path (Tests/SegueTestFixtures/…).
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Writes `contents` to a file named `name` in a fresh temporary folder, runs `body` with its path, and removes
    /// the folder afterwards.
    package static func withScratchFile<Result>(
        named name: String, contents: String, _ body: (String) async throws -> Result
    ) async throws -> Result {
        let directory = NSTemporaryDirectory() + "segue-repl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return try await body(path)
    }

    /// A session over `flows/NAME.yaml` with a temporary data directory and a seeded demo board.
    package static func session(_ name: String) async throws -> ReplSession {
        let options = ServiceOptions(dataDirectory: nil, boardEntries: 12, root: root)
        return try await ReplSession.open(path: root + "/flows/\(name).yaml", options: options)
    }

    /// Output that does not depend on the machine: the root path, the board's clock and take ids are masked.
    package static func normalized(_ text: String) -> String {
        var result = text.replacingOccurrences(of: root + "/", with: "")
        let pattern = try! NSRegularExpression(pattern: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#)
        result = pattern.stringByReplacingMatches(
            in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "<time>")
        // Takes are named by random ids; keep the first eight hex digits' shape out of the comparison.
        let ids = try! NSRegularExpression(pattern: #"[0-9a-f]{8}-[0-9a-f]{1,4}[0-9a-f-]*"#)
        result = ids.stringByReplacingMatches(
            in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "<id>")
        return result
    }

    /// The built `segue` binary next to the test bundle, when `swift build` has made it.
    package static var binary: String? {
        let candidates = [
            root + "/.build/debug/segue",
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("segue").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// tmux, for the pseudo-terminal test; nil when it is not installed.
    package static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    package static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-repl-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
