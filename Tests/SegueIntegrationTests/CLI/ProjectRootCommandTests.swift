import Foundation
import SegueTestFixtures
import Testing

/// `--root DIR` on the commands that read flows, and what they print for a path outside it.
@Suite struct ProjectRootCommandTests {
    /// `top/app/f.yaml` importing `imports`, beside `top/lib/cards.yaml` and a secret in `top/secret.yaml`.
    private func inTree(imports: [String], _ body: (_ top: String) async throws -> Void) async throws {
        let top = NSTemporaryDirectory() + "segue-cli-root-" + UUID().uuidString
        for folder in [top + "/app", top + "/lib"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: top) }
        try "segue: 1\ncomponents:\n  card:\n    elements: []\n".write(
            toFile: top + "/lib/cards.yaml", atomically: true, encoding: .utf8)
        try "TOKEN=hunter2\nPASSWORD=swordfish\n".write(toFile: top + "/secret.yaml", atomically: true, encoding: .utf8)
        let flow = """
            segue: 1
            flow: f
            start: main
            imports: [\(imports.joined(separator: ", "))]
            screens:
              main:
                elements:
                  - use: card
            """
        try flow.write(toFile: top + "/app/f.yaml", atomically: true, encoding: .utf8)
        try await body(top)
    }

    @Test func rootWidensWhatAFlowMayImport() async throws {
        try await inTree(imports: ["../lib/cards.yaml"]) { top in
            let narrow = try await segue(["validate", top + "/app/f.yaml"])
            #expect(narrow.status == 1)
            #expect(narrow.output.contains("`imports:` names `../lib/cards.yaml`, outside the project root `"))
            let wide = try await segue(["validate", "--root", top, top + "/app/f.yaml"])
            #expect(wide.status == 0, "\(wide.output)\(wide.error)")
            let bad = try await segue(["validate", "--root", top + "/nothing", top + "/app/f.yaml"])
            #expect(bad.status == 2 && bad.error.contains("--root \(top)/nothing is not a folder"))
        }
    }

    @Test func aSecretOutsideIsNeitherQuotedNorAnsweredInAnyFormat() async throws {
        for format in ["human", "github", "json", "sarif"] {
            var outputs: [String] = []
            for target in ["../secret.yaml", "../absent.yaml"] {
                try await inTree(imports: [target, "/proc/self/environ"]) { top in
                    let run = try await segue(["validate", "--format", format, top + "/app/f.yaml"])
                    #expect(run.status == 1)
                    let text = run.output + run.error
                    #expect(!text.contains("hunter2") && !text.contains("swordfish") && !text.contains("PATH="))
                    outputs.append(
                        text.replacingOccurrences(of: top, with: "TOP").replacingOccurrences(of: target, with: "X"))
                }
            }
            #expect(outputs[0] == outputs[1], "a missing and an existing file outside read alike (\(format))")
        }
    }
}
