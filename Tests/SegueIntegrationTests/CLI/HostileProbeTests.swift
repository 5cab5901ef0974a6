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
    func theQuickProbesHold() async throws {
        let script = repository.appendingPathComponent("scripts/hostile-probes.py").path
        let (status, text) = try await runInterleaved(Self.python!, [script, "--segue", segueExecutable!, "--quick"])
        let lines = text.split(separator: "\n").map(String.init)
        let failures = lines.filter { !$0.hasPrefix("hold ") }
        #expect(status == 0 && failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(lines.count >= 20, "every quick probe reports: \(text)")
    }
}
