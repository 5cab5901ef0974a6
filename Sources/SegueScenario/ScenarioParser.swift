import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDriver
import SegueExpression
import SegueModel
import SegueYAML

/// Reads scenario files into `Scenario` values; every problem is a diagnostic at its line and column.
public enum ScenarioParser {
    static let topKeys = ["scenario", "flow", "covers", "device", "defaults", "board", "steps"]
    static let stepKeys = ["launch"] + UserStep.scenarioWords + ["expect"]
    public static let expectationKeys = [
        "screen", "stack", "state", "alert", "elements", "fields", "lists", "layout", "data", "calls", "no_calls",
        "takes", "files", "uploaded", "opened_url", "emitted", "highlighted", "highlight_color", "ended",
        "handed_back",
    ]

    /// The scenario file at `path`; its `flow:` must be inside `root` (nil: `--root`, else the scenario's folder).
    public static func parse(
        path: String, root: ProjectRoot? = nil, rootIsExplicit: Bool = ProjectRoot.commandLine != nil
    ) throws(ScenarioError) -> Scenario {
        let data: Data
        let start = SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0))
        do {
            // One found in a folder is read inside it; one named is read where its links lead.
            if let root {
                data = try root.read(path, limit: 8 << 20)
            } else {
                data = try SafeFile.read(path, limit: 8 << 20, links: .followed)
            }
        } catch let error as SafeFile.ReadError {
            throw ScenarioError(diagnostics: [
                .error("T001", "cannot read the scenario file: \(error.reason)", at: start)
            ])
        } catch ProjectRoot.Refusal.unreadable(let error) {
            throw ScenarioError(diagnostics: [
                .error("T001", "cannot read the scenario file: \(error.reason)", at: start)
            ])
        } catch {
            let message = root?.outsideMessage(key: "scenario file", written: path) ?? "\(error)"
            throw ScenarioError(diagnostics: [.error("T001", message, at: start)])
        }
        return try parse(SourceFile(path: path, bytes: Array(data)), root: root, rootIsExplicit: rootIsExplicit)
    }

    /// `rootIsExplicit`: the root was given (`--root`), so a flow outside it is refused even when it is a Segue flow
    /// (else such a flow runs inside its own folder).
    public static func parse(
        _ file: SourceFile, root: ProjectRoot? = nil, rootIsExplicit: Bool = ProjectRoot.commandLine != nil
    ) throws(ScenarioError) -> Scenario {
        let project = root ?? ProjectRoot.startedFrom(file.path)
        let loaded = YAMLLoader().load(file)
        if loaded.diagnostics.hasErrors { throw ScenarioError(diagnostics: loaded.diagnostics) }
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ range: SourceRange) { problems.append(.error("T002", message, at: range)) }
        guard let root = loaded.root, let entries = root.mapping else {
            throw ScenarioError(diagnostics: [
                .error(
                    "T002", "a scenario file is a mapping with `scenario`, `flow` and `steps`",
                    at: loaded.root?.range
                        ?? SourceRange(path: file.path, at: SourceLocation(line: 1, column: 1, offset: 0)))
            ])
        }
        for entry in entries where !topKeys.contains(entry.name) {
            fail("unknown key `\(entry.name)`" + Suggestion.didYouMean(entry.name, in: topKeys), entry.key.range)
        }
        let name = root["scenario"]?.value.scalar?.text ?? PathName.lastComponent(of: file.path)
        guard let flowNode = root["flow"]?.value, let flowText = flowNode.scalar?.text else {
            fail("a scenario names its flow file: `flow: ../donate.yaml`", root.range)
            throw ScenarioError(diagnostics: problems)
        }
        let flowPath = PathName.resolving(flowText, from: file.path)
        var flowRoot = project
        if case .failure(.outside) = project.locate(flowPath) {
            // A Segue flow elsewhere (a trace saved beside the flow's project) is run inside its own folder; any
            // other file gets the one message, whether or not it is there, and none of it is quoted.
            guard !rootIsExplicit, FlowLoader.isFlowFile(flowPath) else {
                problems.append(
                    .error(
                        "T002", project.outsideMessage(key: "flow:", written: flowText), at: flowNode.range,
                        notes: [DiagnosticNote(ProjectRoot.outsideNote)]))
                throw ScenarioError(diagnostics: problems)
            }
            flowRoot = ProjectRoot(PathName.directory(of: flowPath))
        }
        var scenario = Scenario(
            name: name, path: file.path, flowPath: PathName.standardized(flowPath), covers: [], device: nil,
            defaults: nil, board: nil, steps: [], range: root.range, root: flowRoot)
        if let covers = root["covers"]?.value {
            scenario.covers = (covers.sequence ?? [covers]).compactMap { $0.scalar?.text }
        }
        scenario.device = root["device"]?.value.scalar?.text
        if let defaults = root["defaults"]?.value {
            scenario.defaults = defaults.plainValue.recordValue ?? [:]
        }
        if let board = root["board"]?.value {
            switch board.plainValue {
            case .int(let count): scenario.board = .demo(count)
            case .list(let items): scenario.board = .entries(items)
            default: fail("`board` is a number of demo entries or a list of entries", board.range)
            }
        }
        guard let steps = root["steps"]?.value.sequence else {
            fail("a scenario has `steps:`, a list", root.range)
            throw ScenarioError(diagnostics: problems)
        }
        for node in steps {
            do {
                scenario.steps.append(try step(node, file: file))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw ScenarioError(diagnostics: problems) }
        return scenario
    }

    private static func step(_ node: Node, file: SourceFile) throws(ScenarioError) -> ScenarioStep {
        func fail(_ message: String, _ range: SourceRange) -> ScenarioError {
            ScenarioError(diagnostics: [.error("T003", message, at: range)])
        }
        if node.scalar?.text == "launch" { return ScenarioStep(action: .launch, range: node.range) }
        if let steps = try UserStep.read(node) { return ScenarioStep(action: .user(steps), range: node.range) }
        if let word = node.scalar?.text {
            throw fail("unknown step `\(word)`" + Suggestion.didYouMean(word, in: stepKeys), node.range)
        }
        guard let head = node.mapping?.first else {
            throw fail("a step is `launch`, or a mapping like `tap: donate`", node.range)
        }
        switch head.name {
        case "expect":
            guard let items = head.value.mapping else { throw fail("`expect` takes a mapping", head.value.range) }
            var expectations: [Expectation] = []
            for item in items {
                guard expectationKeys.contains(item.name) else {
                    throw fail(
                        "unknown expectation `\(item.name)`" + Suggestion.didYouMean(item.name, in: expectationKeys),
                        item.key.range)
                }
                if item.name == "files", let (problem, range) = FilesCheck.problem(in: item.value) {
                    throw fail(problem, range)
                }
                expectations.append(Expectation(key: item.name, value: item.value.plainValue, range: item.key.range))
            }
            return ScenarioStep(action: .expect(expectations), range: node.range)
        case "launch":
            throw fail("`launch` is written alone: `- launch`", head.key.range)
        default:
            throw fail("unknown step `\(head.name)`" + Suggestion.didYouMean(head.name, in: stepKeys), head.key.range)
        }
    }
}
