import SegueExpression
import SegueModel

/// ECMAScript's truthiness (ToBoolean) in Segue's expressions, which take only `bool` where a condition is
/// needed: for a value whose type Segue's checker knows, the comparison that gives ECMAScript's answer. `null`,
/// `''` and `0` are false, any other string or number true, lists and records (objects) always true; a `bool`
/// is itself. A value of type `any` (the document's data) stays as it is: the flow checks it when it runs, and a
/// value that is no `bool` there raises `error.execution`.
///
///     !current_event.type   →  (current_event.type == '')
///     cond="_event.sendid"  →  (current_event.sendid != null && current_event.sendid != '')
///     !'abc'                →  ('abc' == '')
enum ECMATruthiness {
    /// The parts of ECMAScript's `!operand`, or nil when Segue's `!` means the same (a `bool`, or `any`).
    static func falsy(_ operand: [String], type: ValueType) -> [String]? {
        test(operand, type: type, holds: false)
    }

    /// The parts of the condition `operand` is in ECMAScript, or nil when it is one already (a `bool`, `any`).
    static func truthy(_ operand: [String], type: ValueType) -> [String]? {
        test(operand, type: type, holds: true)
    }

    /// The comparison that is true when the operand's truthiness is `holds`, in parentheses.
    private static func test(_ operand: [String], type: ValueType, holds: Bool) -> [String]? {
        guard type != .any, type != .bool else { return nil }
        let value = isPrimary(operand) ? operand : ["("] + operand + [")"]
        let (equal, join) = holds ? ("!=", "&&") : ("==", "||")
        let empty: String?
        switch type.unwrapped {
        case .any: return nil
        case .bool: empty = "false"  // `bool?`: null or false
        case .null: return [holds ? "false" : "true"]
        case .string: empty = "''"
        case .int, .number: empty = "0"
        case .date, .list, .record, .map: empty = nil
        case .optional: return nil  // `unwrapped` has no optional left
        }
        var parts: [String]
        switch (type, empty) {
        case (.optional, let empty?): parts = value + [equal, "null", join] + value + [equal, empty]
        case (.optional, nil): parts = value + [equal, "null"]
        case (_, let empty?): parts = value + [equal, empty]
        case (_, nil): return [holds ? "true" : "false"]
        }
        return ["("] + parts + [")"]
    }

    /// Whether parts are one operand a comparison can take as it is: a name, literal or group with any `.field`,
    /// `[…]` and `(…)` after it, no operator outside brackets.
    private static func isPrimary(_ parts: [String]) -> Bool {
        var depth = 0
        for part in parts {
            switch part {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case ".": continue
            default:
                guard depth == 0, let first = part.first else { continue }
                if !(first.isLetter || first.isNumber || first == "_" || first == "'") || part == "in" { return false }
            }
        }
        return true
    }
}

/// The types Segue's checker gives the names a translated expression reads, so the importer can ask it about an
/// expression before writing it: the document's data (and `event`, the payload) `any`, `current_event` and
/// `session` their records (unless the document declares data of that name, which the flow's data is then),
/// `state` a record of the document's states, any other name `any` (reading an undeclared one is handled where the
/// expression is translated).
struct TranslatedTypes: TypeScope {
    let declared: Set<String>
    let stateType: ValueType

    init(declared: Set<String>, stateNames: some Sequence<String>) {
        self.declared = declared
        var seen: Set<String> = []
        let fields = stateNames.filter { seen.insert($0).inserted }.sorted().map {
            RecordType.Field(name: $0, type: .bool)
        }
        stateType = .record(RecordType(name: "State", fields: fields))
    }

    func type(of name: String) -> ValueType? {
        if name == ImplicitName.state.rawValue { return stateType }
        if declared.contains(name) { return .any }
        switch name {
        case ImplicitName.currentEvent.rawValue: return CurrentEventField.recordType
        case ImplicitName.session.rawValue: return SessionField.recordType
        default: return .any
        }
    }

    var visibleNames: [String] { [] }

    /// The type of a Segue expression, or the checker's first complaint about it; nil when it does not parse.
    func check(_ text: String) -> Result<ValueType, ExpressionDiagnostic>? {
        guard let expression = try? Expression.parse(text) else { return nil }
        switch TypeChecker(scope: self).check(expression) {
        case .success(let type): return .success(type)
        case .failure(let problems): return problems.items.first.map { .failure($0) } ?? .success(.any)
        }
    }

    /// The type of a Segue expression when the checker accepts it.
    func type(ofExpression text: String) -> ValueType? {
        guard case .success(let type)? = check(text) else { return nil }
        return type
    }
}
