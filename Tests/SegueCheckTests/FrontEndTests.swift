import Foundation
import SegueDiagnostics
import SegueFrontEnd
import Testing

/// The front end reads, decodes and resolves imports without the checker: a flow with check errors still decodes.
@Suite struct FrontEndTests {
    @Test func aFlowWithCheckErrorsDecodesWithItsImportsAndNoCheckDiagnostics() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-front-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("segue: 1\ncomponents:\n  card:\n    elements: []\n".utf8).write(
            to: directory.appendingPathComponent("lib.yaml"))
        let flow = """
            segue: 1
            flow: f
            start: main
            imports: [lib.yaml]
            screens:
              main:
                elements:
                  - button: go
                    label: Go
                    tap: { present: nowhere }
            """
        try Data(flow.utf8).write(to: directory.appendingPathComponent("flow.yaml"))
        let parsed = FrontEnd().read(path: directory.appendingPathComponent("flow.yaml").path)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.flow?.screens.map(\.name.text) == ["main"])
        #expect(parsed.imported.components.map(\.name.text) == ["card"])
        #expect(parsed.libraries.count == 1)
        #expect(parsed.sources.map { ($0.path as NSString).lastPathComponent } == ["flow.yaml", "lib.yaml"])
    }

    @Test func anUnreadableFileIsC003AtItsFirstLine() {
        let parsed = FrontEnd().read(path: "/no/such/flow.yaml")
        #expect(parsed.flow == nil)
        #expect(
            parsed.diagnostics.map { "\($0.code) \($0.range.start.line) \($0.message)" } == [
                "C003 1 cannot read `/no/such/flow.yaml`: no such file"
            ])
    }
}
