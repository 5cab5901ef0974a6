import Foundation

/// The built `segue` binary, next to the test bundle (`swift build --build-tests` builds it).
let segueExecutable: String? = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("segue").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Runs `segue` in the repository root with NO_COLOR set (and `environment`); returns the exit status, standard output and error.
func segue(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String, error: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: segueExecutable!)
    process.arguments = arguments
    process.currentDirectoryURL = repository
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) {
        $1
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Runs `segue` like `segue(_:)` with standard output and error in one pipe, as a terminal or `2>&1` sees them.
func segueInterleaved(_ arguments: [String]) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: segueExecutable!)
    process.arguments = arguments
    process.currentDirectoryURL = repository
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let text = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
}

/// Runs `body` with a fresh temporary folder holding `files` (name: text), removed afterwards.
func inTemporaryFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    try body(folder)
}
