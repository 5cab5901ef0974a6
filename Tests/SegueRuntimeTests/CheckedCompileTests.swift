import Foundation
import SegueDiagnostics
import Testing

@testable import SegueMachine

/// The compiler takes what the checker resolved: imported components compile, and a flow with errors never does.
@Suite struct CheckedCompileTests {
    /// A fresh directory holding `files`, removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-compile-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    static let library = """
        segue: 1
        components:
          card:
            parameters:
              title: string
            elements:
              - text: heading
                value: "${title}"
        """

    static let flow = """
        segue: 1
        flow: imports
        start: main
        imports: [lib.yaml]
        screens:
          main:
            elements:
              - use: card
                with: { title: "'Hello'" }
        """

    @Test func aComponentFromAnImportedFileIsShown() throws {
        let directory = try Self.directory(["lib.yaml": Self.library, "flow.yaml": Self.flow])
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = try Compiler.compile(path: directory.appendingPathComponent("flow.yaml").path)
        let machine = Machine(program: program)
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment(persisted: [:], defaults: [:])))
        let view = try #require(machine.view(of: launched.state))
        #expect(view.elements.map(\.kind) == [.component])
        #expect(view.elements.first?.items?.first?.map { "\($0.id) \($0.text ?? "")" } == ["heading Hello"])
    }

    @Test func aFlowWithErrorsThrowsTheCheckersDiagnosticsWithPositions() throws {
        let broken = Self.flow.replacingOccurrences(of: "use: card", with: "use: crad")
        let directory = try Self.directory(["lib.yaml": Self.library, "flow.yaml": broken])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            try Compiler.compile(path: directory.appendingPathComponent("flow.yaml").path)
        } throws: { error in
            (error as? CompileError)?.diagnostics.map { "\($0.code) \($0.range.start.line): \($0.message)" } == [
                "C105 8: unknown component `crad`; did you mean `card`?"
            ]
        }
    }

    @Test func aLibraryIsRefusedSayingSo() throws {
        let directory = try Self.directory(["lib.yaml": Self.library])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("lib.yaml").path
        #expect {
            try Compiler.compile(path: path)
        } throws: { error in
            (error as? CompileError)?.diagnostics.map { "\($0.code) \($0.message)" } == [
                "library `\(path)` is a library of components, types and events (no `start`, no `screens`): "
                    + "import it from a flow"
            ]
        }
    }

    @Test func aMissingFileIsItsUnreadableDiagnostic() {
        #expect {
            try Compiler.compile(path: "/no/such/flow.yaml")
        } throws: { error in
            (error as? CompileError)?.diagnostics.map(\.code) == ["C003"]
        }
    }
}
