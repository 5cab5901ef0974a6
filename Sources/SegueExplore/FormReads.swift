import SegueExpression
import SegueModel

/// What the flow's expressions that decide something (not opaque: `OpaqueExpressions`) read of `form`, from their
/// syntax trees: each field named as `form.NAME`, whether a bare `form` reads them all, and the texts each field is
/// compared with (`form.login == 'admin'`, `starts_with(form.code, 'RU')`), texts for a field read as a number or a
/// date (`TextReading`: `parse_number(form.celsius)`, `parse_date(form.start, 'dd.MM.yyyy')`, also through the
/// flow's own `functions:`, `day(form.start)`), and texts of the lengths around one a length is compared with
/// (`len(form.code) == 4`: 3, 4 and 5 letters), which `segue check` types besides the texts its rules suggest
/// (docs/check.md, "Form values"). A field with `change:` actions is read by them on every edit, one with `submit:`
/// actions by them on return (as `event.value`): it is observed, and takes the texts of every way the flow reads an
/// `event.value`.
///
///     FormReads(outcomes: sampler).literals["login"]   // ["admin"]
///     FormReads(outcomes: sampler).literals["start"]   // ["31.12.2023", "01.01.2024", "30.02.2023"]
struct FormReads {
    /// Field names read as `form.NAME`.
    private(set) var fields: Set<String> = []
    /// A bare `form` (passed whole, compared whole) reads every field.
    private(set) var whole = false
    /// Per field, the texts it is compared with, in the order met.
    private(set) var literals: [String: [String]] = [:]

    /// The flow's own functions, whose parameters may be read as numbers or dates.
    private let functions: [String: FlowFunction]
    /// Per flow function, how it reads each of its arguments (worked out once each).
    private var functionReadings: [String: [(argument: Int, reading: TextReading)]] = [:]

    init(outcomes: OutcomeSampler) {
        let program = outcomes.program
        functions = program.functions
        let opaque = OpaqueExpressions(outcomes: outcomes).indices
        for (index, compiled) in program.expressions.enumerated() where !opaque.contains(index) {
            switch compiled.body {
            case .expression(let expression): scan(expression)
            case .template(let template): template.expressions.forEach { scan($0) }
            case .constant: continue
            }
        }
        for screen in program.screens {
            for element in screen.elements
            where element.kind == .field && (element.tap != nil || element.submit != nil) {
                guard let field = element.field, screen.fields.indices.contains(field) else { continue }
                fields.insert(screen.fields[field].name)
                for reading in eventReadings { note(reading.texts, for: screen.fields[field].name) }
            }
        }
    }

    /// How expressions read `event.value` (`parse_number(event.value)`), in the order met.
    private var eventReadings: [TextReading] = []

    /// Whether some expression that decides something reads the field's text (not only whether its rules hold).
    func observes(_ field: String) -> Bool { whole || fields.contains(field) }

    private mutating func scan(_ expression: Expression) {
        if Self.isForm(expression) {
            whole = true
            return
        }
        switch expression.kind {
        case .member(let base, let name, _) where Self.isForm(base):
            fields.insert(name)
            return
        case .binary(let op, let left, let right)
        where [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains].contains(op):
            noteComparison(left, right)
            noteComparison(right, left)
            noteLength(left, right)
            noteLength(right, left)
        case .call(let function, _, let arguments):
            var visiting: Set<String> = []
            for (index, reading) in readings(of: function, arguments, visiting: &visiting) {
                if let field = Self.formField(arguments[index]) { note(reading.texts, for: field) }
                if Self.isEventValue(arguments[index]), !eventReadings.contains(reading) { eventReadings.append(reading) }
            }
            // A pattern is not a text to type; its refusing `!` comes from the field's own rule.
            if ["starts_with", "ends_with", "contains"].contains(function) && arguments.count == 2 {
                noteComparison(arguments[0], arguments[1])
            }
        default: break
        }
        for child in expression.kind.children { scan(child) }
    }

    /// How a call of `function` reads its arguments: a built-in that parses a number or a date, or a flow function
    /// that passes a parameter on to one (`visiting`: the flow functions being worked out, which the checker
    /// already refuses to let call each other in a cycle).
    private mutating func readings(
        of function: String, _ arguments: [Expression], visiting: inout Set<String>
    ) -> [(argument: Int, reading: TextReading)] {
        switch function {
        case "number", "int", "parse_number":
            return arguments.count == 1 ? [(0, .number)] : []
        case "parse_date":
            guard arguments.count == 1 || arguments.count == 2 else { return [] }
            var pattern = "yyyy-MM-dd"
            if arguments.count == 2 {
                guard case .literal(.string(let text)) = arguments[1].kind else { return [] }
                pattern = text
            }
            return CalendarDay.problem(in: pattern) == nil ? [(0, .date(pattern: pattern))] : []
        default:
            guard let flowFunction = functions[function], arguments.count == flowFunction.parameters.count else {
                return []
            }
            if let known = functionReadings[function] { return known }
            guard visiting.insert(function).inserted else { return [] }
            let parameters = flowFunction.parameters.map(\.name)
            var found: [(argument: Int, reading: TextReading)] = []
            var calls = [flowFunction.body]
            while let next = calls.popLast() {
                calls.append(contentsOf: next.kind.children)
                guard case .call(let inner, _, let innerArguments) = next.kind else { continue }
                for (index, reading) in readings(of: inner, innerArguments, visiting: &visiting) {
                    guard let name = innerArguments[index].kind.readName,
                        let parameter = parameters.firstIndex(of: name),
                        !found.contains(where: { $0.argument == parameter && $0.reading == reading })
                    else { continue }
                    found.append((parameter, reading))
                }
            }
            functionReadings[function] = found
            return found
        }
    }

    /// `field` compared with a text literal: that text is worth typing.
    private mutating func noteComparison(_ field: Expression, _ other: Expression) {
        guard let name = Self.formField(field), case .literal(.string(let text)) = other.kind else { return }
        note([text], for: name)
    }

    /// `len(field)` compared with a whole number `n`: texts of `n - 1`, `n` and `n + 1` letters.
    private mutating func noteLength(_ length: Expression, _ other: Expression) {
        guard case .call("len", _, let arguments) = length.kind, arguments.count == 1,
            let name = Self.formField(arguments[0]), case .literal(.int(let count)) = other.kind,
            count >= 0, count < 10_000
        else { return }
        note([count - 1, count, count + 1].filter { $0 >= 0 }.map { String(repeating: "a", count: $0) }, for: name)
    }

    private mutating func note(_ texts: [String], for field: String) {
        for text in texts where !(literals[field]?.contains(text) ?? false) { literals[field, default: []].append(text) }
    }

    /// Whether `expression` is `event.value`.
    private static func isEventValue(_ expression: Expression) -> Bool {
        guard case .member(let base, "value", _) = expression.kind else { return false }
        return base.kind.readName == ImplicitName.event.rawValue
    }

    /// The field `expression` reads as `form.NAME`, if it is one (also `form.NAME ?? ''`, as a property that reads
    /// a field of a screen not always shown writes it).
    private static func formField(_ expression: Expression) -> String? {
        if case .binary(.coalesce, let field, _) = expression.kind { return formField(field) }
        guard case .member(let base, let name, _) = expression.kind, isForm(base) else { return nil }
        return name
    }

    private static func isForm(_ expression: Expression) -> Bool {
        expression.kind.readName == ImplicitName.form.rawValue
    }
}

/// How an expression reads a field's text, and so which texts are worth typing into it.
enum TextReading: Hashable {
    /// `parse_number(text)`, `number(text)`, `int(text)`: a whole number, a decimal one and a text that is no number.
    case number
    /// `parse_date(text, pattern)`: two days in `pattern` that text comparison would put in the other order (so
    /// both orders of two fields are tried), and a day that does not exist.
    case date(pattern: String)

    var texts: [String] {
        switch self {
        case .number: ["12", "-1.5", "1a"]
        case .date(let pattern):
            [
                CalendarDay.text(year: 2023, month: 12, day: 31, pattern: pattern),
                CalendarDay.text(year: 2024, month: 1, day: 1, pattern: pattern),
                CalendarDay.text(year: 2023, month: 2, day: 30, pattern: pattern),
            ]
        }
    }
}
