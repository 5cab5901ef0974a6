import SegueDiagnostics
import SegueExpression
import SegueYAML

/// Reads a custom service's fixture file (YAML or JSON) into a `ServiceFixture`; every problem is a `C004` (a file a
/// service names that cannot be used) at its line and column in that file.
///
///     let (fixture, problems) = ServiceFixtureReader.read(SourceFile(path: "library.yaml", text: text))
public enum ServiceFixtureReader {
    /// The code of every problem inside a fixture file: the front end's `unreadableFixture`.
    public static let code = "C004"

    public static func read(_ file: SourceFile) -> (fixture: ServiceFixture?, diagnostics: [Diagnostic]) {
        let loaded = YAMLLoader().load(file)
        guard loaded.diagnostics.isEmpty, let root = loaded.root else { return (nil, loaded.diagnostics) }
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ node: Node) {
            problems.append(.error(code, message, at: node.range))
        }
        guard let entries = root.mapping else {
            fail("a service fixture is a mapping of operation names to lists of outcomes", root)
            return (nil, problems)
        }
        var operations: [String: [ServiceFixture.Rule]] = [:]
        var ranges: [String: SourceRange] = [:]
        for entry in entries {
            ranges[entry.name] = entry.key.range
            guard let items = entry.value.sequence else {
                fail(
                    "operation `\(entry.name)`: expected a list of outcomes, found \(entry.value.kindDescription)",
                    entry.value)
                continue
            }
            operations[entry.name] = items.compactMap { rule($0, of: entry.name, fail) }
        }
        return (problems.isEmpty ? ServiceFixture(operations: operations, operationRanges: ranges) : nil, problems)
    }

    static let outcomeKeys = ["ok", "error", "cancelled"]
    static let ruleKeys = ["when", "after"] + outcomeKeys

    private static func rule(_ node: Node, of operation: String, _ fail: (String, Node) -> Void)
        -> ServiceFixture.Rule?
    {
        guard let fields = node.mapping else {
            fail("an outcome of `\(operation)` is a mapping with `ok`, `error` or `cancelled`", node)
            return nil
        }
        for field in fields where !ruleKeys.contains(field.name) {
            fail(
                "unknown key `\(field.name)` in an outcome of `\(operation)`; expected one of \(list(ruleKeys))",
                field.key)
            return nil
        }
        let outcomes = fields.filter { outcomeKeys.contains($0.name) }
        guard outcomes.count == 1, let chosen = outcomes.first else {
            fail(
                "an outcome of `\(operation)` has exactly one of `ok`, `error`, `cancelled` (found \(outcomes.count))",
                outcomes.dropFirst().first?.key ?? node)
            return nil
        }
        let outcome: ServiceFixture.Outcome
        switch chosen.name {
        case "ok":
            outcome = .ok(chosen.value.plainValue)
        case "error":
            guard let code = chosen.value["code"]?.value.scalar?.text, !code.isEmpty else {
                fail("`error` is `{ code: …, message: … }` with a non-empty `code`", chosen.value)
                return nil
            }
            outcome = .error(code: code, message: chosen.value["message"]?.value.scalar?.text ?? code)
        default:
            guard chosen.value.scalar?.value == .bool(true) else {
                fail("`cancelled` is written `cancelled: true`", chosen.value)
                return nil
            }
            outcome = .cancelled
        }
        var when: [String: Value] = [:]
        if let node = node["when"]?.value {
            guard let arguments = node.mapping else {
                fail("`when` is a mapping of argument names to the values they must equal", node)
                return nil
            }
            for argument in arguments { when[argument.name] = argument.value.plainValue }
        }
        var delay = ClockDuration.zero
        if let node = node["after"]?.value {
            guard let parsed = duration(node), parsed >= .zero else {
                fail("`after` is a duration on the flow's clock: `1.5s`, `300ms` or a number of seconds", node)
                return nil
            }
            delay = parsed
        }
        return ServiceFixture.Rule(when: when, outcome: outcome, delay: delay, range: node.range)
    }

    private static func duration(_ node: Node) -> ClockDuration? {
        guard let scalar = node.scalar else { return nil }
        switch scalar.value {
        case .int(let seconds): return ClockDuration(seconds: Double(seconds))
        case .float(let seconds): return seconds.isFinite ? ClockDuration(seconds: seconds) : nil
        case .string(let text): return ClockDuration(parsing: text)
        default: return nil
        }
    }

    private static func list(_ keys: [String]) -> String { keys.map { "`\($0)`" }.joined(separator: ", ") }
}
