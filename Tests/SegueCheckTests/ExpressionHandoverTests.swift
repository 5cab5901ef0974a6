import Foundation
import SegueDiagnostics
import SegueFrontEnd
import SegueModel
import Testing

@testable import SegueCheck

/// The decoder numbers every expression text (`ExpressionID`), and the checker keeps each one's syntax at its number
/// for the compiler; before it makes a `CheckedFlow` it makes sure every text the compiler may be handed has one, and
/// reports one it missed (a bug in segue) as C900 at the text, so the compiler has nothing that can fail.
@Suite struct ExpressionHandoverTests {
    static let flow = """
        segue: 1
        flow: t
        start: main
        data:
          n: { type: int, default: "1 + 1" }
        screens:
          main:
            states:
              waiting:
                invoke:
                  chart:
                    segue: 1
                    flow: w
                    start: chart
                    data: { job: { type: int, default: "2 + 2" } }
                    screens: { chart: { states: { busy: {} } } }
                  with: { job: "n * 3" }
            elements:
              - button: go
                label: Go
                tap:
                  - if: "n > 1"
                    then: [{ set: { n: "n - 1" } }]
        """

    func checkRun(_ text: String = flow) throws -> CheckRun {
        let parsed = FrontEnd().read(SourceFile(path: "t.yaml", text: text))
        let flow = try #require(parsed.flow)
        var run = CheckRun(flow: flow, imported: parsed.imported, role: .flow, sources: parsed.sources)
        run.checkAll()
        #expect(run.diagnostics.filter { $0.severity == .error }.isEmpty, "\(run.diagnostics)")
        return run
    }

    /// The `if:` of the button's `tap:`.
    func condition(in flow: Flow) -> ExpressionText? {
        guard case .branch(let condition, _, _) = flow.screens.first?.elements.first?.tap?.first?.kind else {
            return nil
        }
        return condition
    }

    @Test func everyTextIsNumberedOnceAndAnInvokedChartApart() throws {
        let flow = try checkRun().flow
        let chart = try #require(flow.screens.first?.states?.states.first?.invocations.first?.chart)
        // The flow's own: the default, then the elements (the label, the condition, the value set), then the states
        // (the argument `with:` passes).
        #expect(flow.expressionIDs == 0..<5)
        #expect(chart.expressionIDs == 0..<1)
        #expect(chart.data.first?.initial?.id == ExpressionID(0))
        #expect(flow.data.first?.initial?.id == ExpressionID(0))
        #expect(condition(in: flow)?.id == ExpressionID(2))
    }

    @Test func aCheckedFlowHasTheSyntaxOfEveryText() throws {
        let run = try checkRun()
        #expect(run.uncheckedExpressions.isEmpty)
        let checked = try #require(run.checked(sources: []))
        guard case .expression(let parsed) = checked.syntax(of: try #require(condition(in: run.flow))) else {
            Issue.record("the condition is no expression")
            return
        }
        #expect(parsed.referencedNames == ["n"])
    }

    @Test func aTextTheChecksPassedOverIsC900AtItAndNoCheckedFlow() throws {
        var run = try checkRun()
        let condition = try #require(self.condition(in: run.flow))
        run.lowered[condition.id] = nil
        run.reportUncheckedExpressions()
        let found = run.diagnostics.filter { $0.code == CheckCode.uncheckedExpression }
        #expect(found.map(\.message) == ["the checker did not check the expression `n > 1`"])
        #expect(found.map { "\($0.range.start)" } == ["22:17"])
        #expect(run.checked(sources: []) == nil)
    }

    @Test func anImportedFilesTextsGoOnFromTheImportingFlowsNumbers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-handover-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = "segue: 1\ncomponents:\n  badge:\n    elements:\n      - text: t\n        value: \"'hi'\"\n"
        try Data(library.utf8).write(to: directory.appendingPathComponent("lib.yaml"))
        let flow = Self.flow.replacingOccurrences(of: "start: main\n", with: "start: main\nimports: [lib.yaml]\n")
            .replacingOccurrences(
                of: "            elements:\n", with: "            elements:\n              - use: badge\n")
        let path = directory.appendingPathComponent("flow.yaml").path
        try Data(flow.utf8).write(to: URL(fileURLWithPath: path))
        let parsed = FrontEnd(root: ProjectRoot(directory.path)).read(path: path)
        let component = try #require(parsed.imported.components.first)
        #expect(parsed.flow?.expressionIDs == 0..<5)
        #expect(component.expressionIDs == 5..<6)
        let loaded = FlowLoader(root: ProjectRoot(directory.path)).load(path: path)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.checked != nil)
    }

    @Test func aSetKeysPositionsReachTheCompilerInTheResolvedWrite() throws {
        let list = "data:\n  xs: { type: list<int>, default: \"[1, 2]\" }\n"
        let text = Self.flow.replacingOccurrences(of: "data:\n", with: list)
            .replacingOccurrences(of: "set: { n: \"n - 1\" }", with: "set: { \"xs[n - 1]\": \"n\" }")
        var run = try checkRun(text)
        let steps = run.writeSteps.values.first
        guard case .item(.expression(let position), let written)? = steps?.first else {
            Issue.record("no item step: \(String(describing: steps))")
            return
        }
        #expect(written == "n - 1" && position.referencedNames == ["n"])
        // Steps the checks never typed leave the write unresolved: C900 at the key, and no `CheckedFlow`.
        run.writeSteps = [:]
        let tap = try #require(run.flow.screens.first?.elements.first?.tap)
        _ = run.resolveActions(tap, in: ResolutionPlace(screen: 0, states: [:]))
        run.reportUncheckedExpressions()
        let found = run.diagnostics.filter { $0.code == CheckCode.uncheckedExpression }
        #expect(found.map(\.message) == ["the checker did not type the steps of `xs[n - 1]`"])
        #expect(found.map { "\($0.range.start)" } == ["24:29"])
        #expect(run.checked(sources: []) == nil)
    }
}
