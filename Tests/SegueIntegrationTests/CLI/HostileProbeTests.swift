import Foundation
import SegueTestFixtures
import Testing

/// Issue 31's hostile probes (scripts/hostile-probes.py) against the built binary: the quick ones, each well under
/// a second, run here; the slow ones (a 100 MB language-server message, eighty held connections) in CI's full run.
@Suite struct HostileProbeTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: segueExecutable != nil && python != nil, "build `segue` first; needs python3"))
    func theQuickProbesHold() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [
            repository.appendingPathComponent("scripts/hostile-probes.py").path, "--segue", segueExecutable!, "--quick",
        ]
        process.currentDirectoryURL = repository
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        let failures = lines.filter { !$0.hasPrefix("hold ") }
        #expect(process.terminationStatus == 0 && failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(lines.count >= 20, "every quick probe reports: \(text)")
    }
}
