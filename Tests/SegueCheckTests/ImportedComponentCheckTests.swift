import Foundation
import SegueCheck
import SegueDiagnostics
import Testing

/// An imported component is checked in its own file, but what it does to the screens showing it is known only in
/// the importing flow: a `goto` to a state the screen lacks once validated and reached the compiler, which refused it
/// as "a bug in segue".
@Suite struct ImportedComponentCheckTests {
    static let library = """
        segue: 1
        components:
          starter:
            elements:
              - button: go
                label: Go
                tap: [{ goto: busy }]
        """

    func load(states: String) throws -> FlowLoadResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-imported-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.library.utf8).write(to: directory.appendingPathComponent("lib.yaml"))
        let flow = """
            segue: 1
            flow: f
            start: main
            imports: [lib.yaml]
            screens:
              main:
            \(states)
                elements:
                  - use: starter
                    id: s
            """
        try Data(flow.utf8).write(to: directory.appendingPathComponent("flow.yaml"))
        return FlowLoader().load(path: directory.appendingPathComponent("flow.yaml").path)
    }

    @Test func aGotoToAStateTheShowingScreenLacksIsC102InTheImportedFile() throws {
        let loaded = try load(states: "")
        #expect(loaded.checked == nil)
        let found = loaded.diagnostics.map {
            "\(($0.range.path as NSString).lastPathComponent):\($0.range.start.line):\($0.range.start.column) \($0.code)"
        }
        #expect(found == ["lib.yaml:7:23 C102"])
    }

    @Test func aGotoToAStateTheShowingScreenHasChecks() throws {
        let loaded = try load(states: "    states:\n      idle: {}\n      busy: {}")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.checked != nil)
    }
}
