import Foundation
import SegueRuntime

/// The built `segue` binary, next to the test bundle (`swift build --build-tests` builds it).
package let segueExecutable: String? = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("segue").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

package let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Runs `segue` in the repository root with NO_COLOR set (and `environment`); returns the exit status, standard output
/// and error. Its output is read and its exit awaited on threads of their own, never holding a pool thread.
package func segue(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
    status: Int32, output: String, error: String
) {
    let child = try ChildProcess(
        executable: URL(fileURLWithPath: segueExecutable!), arguments: arguments, directory: repository.path,
        environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    child.closeInput()
    let (status, output, error) = await child.collect()
    return (status, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
}

/// Runs `segue` like `segue(_:)` with standard output and error in one pipe, as a terminal or `2>&1` sees them.
package func segueInterleaved(_ arguments: [String]) async throws -> (status: Int32, text: String) {
    try await runInterleaved(segueExecutable!, arguments, environment: ["NO_COLOR": "1"])
}

/// Runs any program in the repository root with standard output and error in one pipe, its exit awaited on a thread
/// of its own: a test running a script for seconds holds no thread of the pool other tests' timers need.
package func runInterleaved(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
    async throws -> (status: Int32, text: String)
{
    let child = try ChildProcess(
        executable: URL(fileURLWithPath: executable), arguments: arguments, directory: repository.path,
        environment: environment, mergingErrors: true)
    child.closeInput()
    let (status, text, _) = await child.collect()
    return (status, String(decoding: text, as: UTF8.self))
}

/// Runs `body` with a fresh temporary folder holding `files` (name: text), removed afterwards.
package func inTemporaryFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    try body(folder)
}
