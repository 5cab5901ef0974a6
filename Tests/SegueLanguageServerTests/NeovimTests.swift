import Foundation
import SegueRuntime
import Testing

/// A real client: headless Neovim runs Neovim/lsp_client.lua against `segue lsp` on a copy of flows/donate.yaml.
@Suite(
    .enabled(if: SegueBinary.path != nil, "the segue executable is not built next to the tests"),
    .enabled(if: SegueBinary.neovim != nil, "nvim is not installed (apt-get install neovim); .ci/run installs it"))
struct NeovimTests {
    @Test func neovimSeesDiagnosticsCompletesJumpsRenamesAndACheckFinding() async throws {
        let directory = try ServerHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The copy takes its fixtures (StoreKit file, sample photo) along in flows/donate/: a link out of the project
        // root would be refused, as any path out of it is (docs/security.md, "Files a flow may read").
        try FileManager.default.createDirectory(atPath: directory + "/flows", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ServerHarness.root + "/flows/donate", toPath: directory + "/flows/donate")
        let flow = directory + "/flows/donate.yaml"
        try FileManager.default.copyItem(atPath: ServerHarness.donatePath, toPath: flow)
        let result = directory + "/result.txt"
        let script = ServerHarness.root + "/Tests/SegueLanguageServerTests/Neovim/lsp_client.lua"
        let neovim = try ChildProcess(
            executable: URL(fileURLWithPath: SegueBinary.neovim ?? "/usr/bin/nvim"),
            arguments: ["--headless", "--clean", "-n", "-c", "luafile \(script)"],
            environment: ["SEGUE_BIN": SegueBinary.path ?? "", "SEGUE_FLOW": flow, "SEGUE_RESULT": result])
        neovim.closeInput()
        var status = await neovim.exitStatus(within: .seconds(240))
        if status == nil { status = await neovim.stop() }
        let lines = ((try? String(contentsOfFile: result, encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
        #expect(status == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.last == "done", "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.hasPrefix("FAIL") }, "\(lines.joined(separator: "\n"))")
        for step in [
            "ok diagnostic: unknown screen `donat`; did you mean `donate`?", "ok the diagnostic is on `donat`",
            "ok fixing it clears the diagnostic", "ok rename left no `open_entry`", "ok the renamed flow has no errors",
            "ok the finding is on the invariant",
        ] {
            #expect(lines.contains(step), "\(step) in \(lines)")
        }
        #expect(lines.contains { $0.hasPrefix("ok definition jumped to line") && $0.hasSuffix(":   donate_form:") })
        #expect(lines.contains { $0.hasPrefix("ok rename changed all") })
        #expect(lines.contains { $0.hasPrefix("ok check finding: invariant `entry_needs_purchase` does not hold") })
        #expect(lines.contains { $0.hasPrefix("ok the finding carries its run") })
        #expect(lines.contains { $0.hasPrefix("ok completion after `present: ` offers") && $0.contains("donate_form") })
    }
}
