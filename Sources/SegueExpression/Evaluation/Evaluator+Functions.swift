import Foundation

/// Run-time behaviour of the built-in functions.
extension Evaluator {
    func call(_ function: BuiltinFunction, _ values: [Value], arguments: [Expression], at range: TextRange)
        throws(EvaluationError) -> Value
    {
        try BuiltinCall.run(function, values, arguments: arguments, at: range) {
            (index, item) throws(EvaluationError) -> Value in
            guard case .lambda(let parameter, _, let body) = arguments[index].kind else { return item }
            return try Evaluator<BoundValueScope<Scope>>(scope: BoundValueScope(base: scope, bound: [parameter: item]))
                .value(of: body)
        }
    }
}

extension Evaluator {
    /// A flow function's body with its parameters bound to the arguments' values; a failure inside is reported at
    /// the call ("in `day(…)`: …").
    func call(_ function: FlowFunction, _ arguments: [Expression], at range: TextRange) throws(EvaluationError)
        -> Value
    {
        guard arguments.count == function.parameters.count else {
            throw EvaluationError(
                .typeMismatch, "`\(function.name)` takes \(function.parameters.count), got \(arguments.count)",
                at: range)
        }
        var bound: [String: Value] = [:]
        for (parameter, argument) in zip(function.parameters, arguments) {
            bound[parameter.name] = try value(of: argument)
        }
        let depth = ((scope as? FunctionBodyScope)?.depth ?? 0) + 1
        guard depth <= FlowFunction.maximumDepth else {
            throw EvaluationError(
                .invalidArgument, "calls of `\(function.name)` nest more than \(FlowFunction.maximumDepth) deep",
                at: range)
        }
        let outer = scope
        let body = FunctionBodyScope(bound: bound, functions: { outer.flowFunction(named: $0) }, depth: depth)
        do {
            return try Evaluator<FunctionBodyScope>(scope: body).value(of: function.body)
        } catch {
            throw EvaluationError(error.kind, "in `\(function.name)(…)`: \(error.message)", at: range)
        }
    }
}

/// One call of a built-in function with its evaluated arguments.
package struct BuiltinCall {
    let function: BuiltinFunction
    let values: [Value]
    let arguments: [Expression]
    /// Applies the function argument at an index (`p => …`) to one item.
    let apply: (Int, Value) throws(EvaluationError) -> Value

    func mismatch(_ index: Int, _ wanted: String) -> EvaluationError {
        let value = values[index]
        return EvaluationError(
            value.isNull ? .nullValue : .typeMismatch,
            "`\(function.rawValue)` needs \(wanted), not \(value.kindName)", at: arguments[index].range)
    }

    func invalid(_ index: Int, _ message: String) -> EvaluationError {
        EvaluationError(.invalidArgument, message, at: arguments[index].range)
    }

    func record(_ index: Int) throws(EvaluationError) -> [String: Value] {
        guard case .record(let fields) = values[index] else { throw mismatch(index, "a map or record") }
        return fields
    }

    func string(_ index: Int) throws(EvaluationError) -> String {
        guard case .string(let text) = values[index] else { throw mismatch(index, "a string") }
        return text
    }

    /// Calls `function` with `values`, the evaluated `arguments` (a function argument's value is `null`: `apply`
    /// applies it to one item), after checking how many there are.
    package static func run(
        _ function: BuiltinFunction, _ values: [Value], arguments: [Expression], at range: TextRange,
        apply: (Int, Value) throws(EvaluationError) -> Value
    ) throws(EvaluationError) -> Value {
        guard function.arity.contains(values.count) else {
            throw EvaluationError(
                .typeMismatch, "`\(function.rawValue)` takes \(function.arityDescription), got \(values.count)",
                at: range)
        }
        // The call does not outlive `apply`: its captures (the caller's scope) stay where they are.
        return try withoutActuallyEscaping(apply) { (apply) throws(EvaluationError) -> Value in
            try BuiltinCall(function: function, values: values, arguments: arguments, apply: apply).run()
        }
    }

    func run() throws(EvaluationError) -> Value {
        switch function {
        case .len:
            switch values[0] {
            case .string(let text): return .int(text.count)
            case .list(let items): return .int(items.count)
            case .record(let fields): return .int(fields.count)
            default: throw mismatch(0, "a string, list, map or record")
            }
        case .empty:
            switch values[0] {
            case .null: return .bool(true)
            case .string(let text): return .bool(text.isEmpty)
            case .list(let items): return .bool(items.isEmpty)
            case .record(let fields): return .bool(fields.isEmpty)
            default: throw mismatch(0, "a string, list, record or null")
            }
        case .words:
            return .list(try string(0).split(whereSeparator: \.isWhitespace).map { .string(String($0)) })
        case .isURL:
            return .bool(BuiltinCall.isWebURL(try string(0)))
        case .matches:
            let (text, pattern) = (try string(0), try string(1))
            guard let found = CompiledPatterns.contains(pattern, in: text) else {
                throw invalid(1, "invalid regular expression `\(pattern)`")
            }
            return .bool(found)
        case .trim: return .string(try string(0).trimmingCharacters(in: .whitespacesAndNewlines))
        case .lower: return .string(try string(0).lowercased())
        case .upper: return .string(try string(0).uppercased())
        case .format:
            if arguments.last?.kind.isLabeled == true { return .string(try formatNumber()) }
            return .string(try format())
        case .contains:
            switch values[0] {
            case .list(let items): return .bool(items.contains { $0.isEqual(to: values[1]) })
            case .string(let text):
                let part = try string(1)
                return .bool(part.isEmpty || text.contains(part))
            default: throw mismatch(0, "a string or list")
            }
        case .startsWith: return .bool(try string(0).hasPrefix(try string(1)))
        case .endsWith: return .bool(try string(0).hasSuffix(try string(1)))
        case .min, .max:
            if isFunction(1) { return try listFunction() }
            return try extremum()
        case .abs:
            switch values[0] {
            case .int(let value):
                guard value != .min else {
                    throw EvaluationError(.overflow, "`abs(\(value))` does not fit in an int", at: arguments[0].range)
                }
                return .int(Swift.abs(value))
            case .number(let value): return .number(Swift.abs(value))
            default: throw mismatch(0, "an int or number")
            }
        case .floor: return try rounded(.down)
        case .ceil: return try rounded(.up)
        case .round: return try rounded(.toNearestOrAwayFromZero)
        case .int: return try integer()
        case .number:
            switch values[0] {
            case .int(let value): return .number(Double(value))
            case .number: return values[0]
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let value = Double(trimmed), value.isFinite, !trimmed.lowercased().hasPrefix("0x") else {
                    throw invalid(0, text.isEmpty ? "an empty string is not a number" : "`\(text)` is not a number")
                }
                return .number(value)
            default: throw mismatch(0, "an int, number or numeric string")
            }
        case .string: return .string(values[0].description)
        case .json: return .string(values[0].json)
        case .put:
            var fields = try record(0)
            fields[try string(1)] = values[2]
            return .record(fields)
        case .remove:
            var fields = try record(0)
            fields[try string(1)] = nil
            return .record(fields)
        case .keys:
            return .list(try record(0).keys.sorted().map(Value.string))
        case .values:
            let fields = try record(0)
            return .list(fields.keys.sorted().compactMap { fields[$0] })
        case .indexBy:
            guard case .list(let items) = values[0] else { throw mismatch(0, "a list of records") }
            let field = try string(1)
            var index: [String: Value] = [:]
            for item in items {
                guard case .record(let fields) = item else { throw mismatch(0, "a list of records") }
                guard let key = fields[field] else {
                    throw invalid(1, "an item has no field `\(field)` to index by")
                }
                index[key.description] = item
            }
            return .record(index)
        case .lineCount:
            let text = try string(0)
            guard let width = values[1].numberValue, width > 0 else {
                throw invalid(1, "the width must be a positive number")
            }
            var fontSize = TextMeasure.bodyFontSize
            if values.count == 3 {
                guard let size = values[2].numberValue, size > 0 else {
                    throw invalid(2, "the font size must be positive")
                }
                fontSize = size
            }
            return .int(TextMeasure.lineCount(text, width: width, fontSize: fontSize))
        case .filter, .map, .any, .all, .count, .sum, .sortedBy, .first, .indexOf:
            return try listFunction()
        case .substring, .split, .join, .replace, .parseNumber:
            return try textFunction()
        case .parseDate, .formatDate, .addDays, .daysBetween:
            return try dateFunction()
        }
    }

    /// The form's URL rule (`WebURL`), so `is_url()` and `rules: [url]` never disagree.
    static func isWebURL(_ text: String) -> Bool {
        WebURL.isValid(text)
    }

    func isFunction(_ index: Int) -> Bool {
        guard index < arguments.count, case .lambda = arguments[index].kind else { return false }
        return true
    }

    private func format() throws(EvaluationError) -> String {
        let template = try string(0)
        let format: FormatString
        do {
            format = try FormatString(template)
        } catch {
            throw invalid(0, error.message)
        }
        var text = ""
        for part in format.parts {
            switch part {
            case .text(let literal): text += literal
            case .argument(let index):
                guard index + 1 < values.count else {
                    throw invalid(0, FormatString.missingArgument(index, given: values.count - 1))
                }
                text += values[index + 1].description
            }
        }
        return text
    }

    /// `min`/`max` of a list or of the arguments; any `number` among them makes the result a `number`.
    private func extremum() throws(EvaluationError) -> Value {
        var candidates = values
        var sources = arguments.indices.map { $0 }
        if values.count == 1 {
            guard case .list(let items) = values[0] else {
                throw mismatch(0, "a list of numbers, or two or more numbers")
            }
            guard !items.isEmpty else { throw invalid(0, "`\(function.rawValue)` of an empty list") }
            candidates = items
            sources = Array(repeating: 0, count: items.count)
        }
        var best: Value?
        for (candidate, source) in zip(candidates, sources) {
            guard let number = candidate.numberValue else {
                throw EvaluationError(
                    candidate.isNull ? .nullValue : .typeMismatch,
                    "`\(function.rawValue)` needs numbers, not \(candidate.kindName)", at: arguments[source].range)
            }
            guard let current = best?.numberValue else {
                best = candidate
                continue
            }
            if function == .min ? number < current : number > current { best = candidate }
        }
        let hasNumber = candidates.contains { if case .number = $0 { return true } else { return false } }
        if hasNumber, let value = best?.numberValue { return .number(value) }
        return best ?? .null
    }

    private func rounded(_ rule: FloatingPointRoundingRule) throws(EvaluationError) -> Value {
        switch values[0] {
        case .int: return values[0]
        case .number(let value): return .int(try BuiltinCall.wholeInt(value.rounded(rule), at: arguments[0].range))
        default: throw mismatch(0, "an int or number")
        }
    }

    private func integer() throws(EvaluationError) -> Value {
        switch values[0] {
        case .int: return values[0]
        case .number(let value):
            return .int(try BuiltinCall.wholeInt(value.rounded(.towardZero), at: arguments[0].range))
        case .string(let text):
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw invalid(0, text.isEmpty ? "an empty string is not an integer" : "`\(text)` is not an integer")
            }
            return .int(value)
        default: throw mismatch(0, "an int, number or numeric string")
        }
    }

    /// A whole `Double` as an `Int`, or an overflow error when it is out of range or not finite.
    static func wholeInt(_ value: Double, at range: TextRange) throws(EvaluationError) -> Int {
        guard value.isFinite, value >= -9.223372036854775808e18, value < 9.223372036854775808e18 else {
            throw EvaluationError(.overflow, "\(value) does not fit in an int", at: range)
        }
        return Int(value)
    }
}
