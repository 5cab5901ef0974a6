import Foundation

/// The one way the benchmarks run another program (a peer's worker, `sox`, `spin`, `pip`): found on the `PATH`,
/// in `directory`, waited for; what it wrote to standard output when it exited with status 0, else nil. Standard
/// error is dropped. (`segue` itself runs programs through `ChildProcess`; `StartupBenchmark` spawns its own to
/// time the start.)
///
///     BenchCommand.output(["spin", "-a", "product.pml"], in: folder) != nil
enum BenchCommand {
    static func output(_ command: [String], in directory: URL? = nil) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
