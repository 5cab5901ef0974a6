import Foundation
import SegueDiagnostics

/// Typing rules of the built-in functions.
extension Inference {
    mutating func inferCall(
        _ name: String, at nameRange: TextRange, arguments: [Expression], call: TextRange
    ) -> ValueType {
        let types = inferArguments(arguments)
        guard let function = BuiltinFunction(rawValue: name) else {
            if let flowFunction = scope.function(named: name) {
                return inferFlowCall(flowFunction, arguments: arguments, types: types, call: call)
            }
            if scope.type(of: name) != nil {
                return error("X106", "`\(name)` is a variable, not a function", at: nameRange)
            }
            let suggestion = Suggestion.closest(to: name, in: BuiltinFunction.allCases.map(\.rawValue))
            let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
            return error("X106", "unknown function `\(name)`\(hint)", at: nameRange, replacement: suggestion)
        }
        guard function.arity.contains(arguments.count) else {
            return error(
                "X107",
                "`\(name)` takes \(function.arityDescription), got \(arguments.count): \(function.signature)",
                at: call)
        }
        var call = FunctionCall(function: function, arguments: arguments, types: types)
        guard call.argumentKindsFit() else {
            diagnostics += call.diagnostics
            return .any
        }
        let result = call.resultType()
        diagnostics += call.diagnostics
        if call.diagnostics.isEmpty {
            for index in call.needed.sorted() {
                needValue(types[index], arguments[index], for: "`\(function.rawValue)`")
            }
        }
        return result
    }

    /// A call of a flow function: as many arguments as it has parameters, each fitting its parameter's type.
    mutating func inferFlowCall(
        _ function: FlowFunction, arguments: [Expression], types: [ValueType], call: TextRange
    ) -> ValueType {
        guard arguments.count == function.parameters.count else {
            let count = function.parameters.count
            return error(
                "X107",
                "`\(function.name)` takes \(count) argument\(count == 1 ? "" : "s"), got \(arguments.count): "
                    + function.signature, at: call)
        }
        for (index, (parameter, argument)) in zip(function.parameters, arguments).enumerated() {
            switch argument.kind {
            case .lambda, .labeled:
                return error(
                    "X108", "argument \(index + 1) of `\(function.name)` is a `\(parameter.type)`: pass a value",
                    at: argument.range)
            default: break
            }
            if !types[index].isAssignable(to: parameter.type) {
                let nullable = types[index].unwrapped.isAssignable(to: parameter.type)
                return error(
                    "X108",
                    "argument \(index + 1) of `\(function.name)` must fit its `\(parameter.name): \(parameter.type)`, "
                        + (nullable ? "but this may be null (it is `\(types[index])`)" : "not `\(types[index])`"),
                    at: argument.range)
            }
        }
        return function.result
    }

    /// The arguments' types; a function argument's is its body's, with its parameter bound to an item of the first
    /// argument's list.
    mutating func inferArguments(_ arguments: [Expression]) -> [ValueType] {
        var types: [ValueType] = []
        for (index, argument) in arguments.enumerated() {
            switch argument.kind {
            case .lambda(let parameter, _, let body):
                types.append(inferLambda(parameter, body, item: index > 0 ? types[0].unwrapped.element : .any))
            case .labeled(_, _, let value): types.append(infer(value))
            default: types.append(infer(argument))
            }
        }
        return types
    }

    /// The type of `body` with `parameter` bound to `item` (hiding a variable of that name and what is known of it).
    mutating func inferLambda(_ parameter: String, _ body: Expression, item: ValueType) -> ValueType {
        var inner = Inference(scope: BoundTypeScope(base: scope, bound: [parameter: item]))
        inner.narrowed = narrowed.filter {
            $0 != parameter && !$0.hasPrefix(parameter + ".") && !$0.hasPrefix(parameter + "[")
        }
        let type = inner.infer(body)
        diagnostics += inner.diagnostics
        warnings += inner.warnings
        computedReads += inner.computedReads
        return type
    }
}

/// The argument checks of one call, collecting problems at the offending argument.
struct FunctionCall {
    let function: BuiltinFunction
    let arguments: [Expression]
    let types: [ValueType]
    var diagnostics: [ExpressionDiagnostic] = []
    /// The arguments that must not be null when the function runs (all that `require` checks).
    var needed: Set<Int> = []

    init(function: BuiltinFunction, arguments: [Expression], types: [ValueType]) {
        self.function = function
        self.arguments = arguments
        self.types = types
    }

    /// Reports argument `index` unless its type (without `optional`) passes `accepts` or is `any`.
    @discardableResult
    mutating func require(_ index: Int, _ what: String, _ accepts: (ValueType) -> Bool) -> Bool {
        let type = types[index].unwrapped
        needed.insert(index)
        if type == .any || accepts(type) { return true }
        let subject =
            arguments.count > 1 ? "argument \(index + 1) of `\(function.rawValue)`" : "`\(function.rawValue)`"
        diagnostics.append(
            ExpressionDiagnostic(
                code: "X108", "\(subject) needs \(what), not `\(types[index])`", at: arguments[index].range))
        return false
    }

    mutating func requireString(_ index: Int) {
        require(index, "a `string`") { $0 == .string }
    }

    /// A diagnostic at argument `index` (the last one when there are fewer; callers report only on calls that have
    /// arguments).
    mutating func report(_ message: String, at index: Int) {
        guard let last = arguments.indices.last else { return }
        diagnostics.append(ExpressionDiagnostic(code: "X108", message, at: arguments[Swift.min(index, last)].range))
    }

    func isFunction(_ index: Int) -> Bool {
        guard index < arguments.count, case .lambda = arguments[index].kind else { return false }
        return true
    }

    /// Functions (`p => …`) and labels only where the function takes them.
    mutating func argumentKindsFit() -> Bool {
        let name = function.rawValue
        for (index, argument) in arguments.enumerated() {
            switch argument.kind {
            case .lambda(let parameter, _, _) where function.functionArgument?.index != index:
                report("argument \(index + 1) of `\(name)` cannot be a function (`\(parameter) => …`)", at: index)
            case .labeled(let label, let labelRange, _) where !function.labels.contains(label):
                let known = function.labels.isEmpty ? "takes no labeled arguments" : "takes "
                    + function.labels.map { "`\($0):`" }.joined(separator: ", ")
                diagnostics.append(
                    ExpressionDiagnostic(code: "X107", "`\(name)` has no argument `\(label):`; it \(known)", at: labelRange))
            default: break
            }
        }
        if let argument = function.functionArgument, argument.required, !isFunction(argument.index) {
            report(
                "argument \(argument.index + 1) of `\(name)` must be a function of each item, such as `item => …`: "
                    + function.signature, at: Swift.min(argument.index, arguments.count - 1))
        }
        return diagnostics.isEmpty
    }

    mutating func resultType() -> ValueType {
        switch function {
        case .len:
            require(0, "a `string`, list, map or record") { $0 == .string || $0.isList || $0.isKeyed }
            return .int
        case .empty:
            require(0, "a `string`, list, map, record or null") {
                $0 == .string || $0.isList || $0.isKeyed || $0 == .null
            }
            needed.remove(0)  // `empty(null)` is true
            return .bool
        case .words:
            requireString(0)
            return .list(.string)
        case .isURL, .startsWith, .endsWith:
            (0..<arguments.count).forEach { requireString($0) }
            return .bool
        case .matches:
            requireString(0)
            requireString(1)
            checkPattern(arguments[1])
            return .bool
        case .trim, .lower, .upper:
            requireString(0)
            return .string
        case .format:
            if arguments.last?.kind.isLabeled == true {
                // `format(x, decimals: 1)`: a number with a fixed count of decimals.
                guard arguments.count == 2 else {
                    report("`format(x, decimals: n)` takes the number and `decimals:` alone", at: arguments.count - 1)
                    return .string
                }
                require(0, "an `int` or `number`") { $0.isNumeric }
                require(1, "an `int`") { $0 == .int }
                return .string
            }
            requireString(0)
            checkFormat(arguments[0], argumentCount: arguments.count - 1)
            return .string
        case .contains:
            return containsType()
        case .min, .max:
            return extremumType()
        case .abs:
            return require(0, "an `int` or `number`") { $0.isNumeric } ? types[0].unwrapped : .any
        case .floor, .ceil, .round:
            require(0, "an `int` or `number`") { $0.isNumeric }
            return .int
        case .int:
            require(0, "an `int`, `number` or numeric `string`") { $0.isNumeric || $0 == .string }
            return .int
        case .number:
            require(0, "an `int`, `number` or numeric `string`") { $0.isNumeric || $0 == .string }
            return .number
        case .string, .json:
            return .string
        case .put, .remove:
            require(0, "a map or record") { $0.isKeyed }
            requireString(1)
            guard case .map(let element) = types[0].unwrapped else {
                return types[0].unwrapped.isRecord ? .any : types[0].unwrapped
            }
            if function == .put, !types[2].isAssignable(to: element) {
                diagnostics.append(
                    ExpressionDiagnostic(
                        code: "X108", "argument 3 of `put` must fit the map's `\(element)`, not `\(types[2])`",
                        at: arguments[2].range))
            }
            return .map(element)
        case .keys:
            require(0, "a map or record") { $0.isKeyed }
            return .list(.string)
        case .values:
            require(0, "a map or record") { $0.isKeyed }
            switch types[0].unwrapped {
            case .map(let element): return .list(element)
            case .record(let record):
                let fields = record.fields.map(\.type)
                return .list(fields.dropFirst().reduce(fields.first ?? .any) { $0.joined(with: $1) ?? .any })
            default: return .list(.any)
            }
        case .indexBy:
            require(0, "a list of records") { $0.isList }
            requireString(1)
            // Keyed by the field's value as text: `index_by(takes, 'line')` is `map<string, Take>`.
            if case .list(let element) = types[0].unwrapped, element != .any { return .map(element) }
            return .any
        case .lineCount:
            requireString(0)
            (1..<arguments.count).forEach { index in require(index, "an `int` or `number`") { $0.isNumeric } }
            return .int
        case .filter, .map, .any, .all, .count, .sum, .sortedBy, .first, .indexOf:
            return listFunctionType()
        case .substring, .split, .join, .replace, .parseNumber:
            return textFunctionType()
        case .parseDate, .formatDate, .addDays, .daysBetween:
            return dateFunctionType()
        }
    }

    private mutating func containsType() -> ValueType {
        switch types[0].unwrapped {
        case .list(let element):
            let needle = types[1]
            if !needle.isAssignable(to: element), !element.isAssignable(to: needle), needle.joined(with: element) == nil
            {
                diagnostics.append(
                    ExpressionDiagnostic(
                        code: "X108", "`contains` looks for `\(needle)` in a `\(types[0])`; it is never there",
                        at: arguments[1].range))
            }
        case .any:
            break
        default:
            if require(0, "a `string` or list", { $0 == .string }) { requireString(1) }
        }
        return .bool
    }

    /// `min(list)` gives the element type; `min(a, b, …)` the widest argument type; `min(list, p => …)` the type
    /// of the function's values.
    private mutating func extremumType() -> ValueType {
        if isFunction(1) { return listFunctionType() }
        if arguments.count == 1 {
            let ok = require(0, "a list of numbers, or two or more numbers") {
                if case .list(let element) = $0 { return element.unwrapped.isNumeric }
                return false
            }
            guard ok, case .list(let element) = types[0].unwrapped else { return .any }
            return element.unwrapped
        }
        var result: ValueType = .int
        for index in arguments.indices {
            guard require(index, "an `int` or `number`", { $0.isNumeric }) else { return .any }
            result = Inference.arithmeticResult(result, types[index].unwrapped)
        }
        return result
    }

    /// A literal pattern must compile now, not fail on every run.
    private mutating func checkPattern(_ pattern: Expression) {
        guard case .literal(.string(let text)) = pattern.kind else { return }
        if CompiledPatterns.regex(text) == nil {
            diagnostics.append(
                ExpressionDiagnostic(
                    code: "X109", "invalid regular expression `\(text)`: it does not compile", at: pattern.range))
        }
    }

    /// A literal template must be well formed and use only arguments that are passed.
    private mutating func checkFormat(_ template: Expression, argumentCount: Int) {
        guard case .literal(.string(let text)) = template.kind else { return }
        do {
            let format = try FormatString(text)
            if let highest = format.highestArgument, highest >= argumentCount {
                diagnostics.append(
                    ExpressionDiagnostic(
                        code: "X113", FormatString.missingArgument(highest, given: argumentCount), at: template.range))
            }
        } catch {
            diagnostics.append(ExpressionDiagnostic(code: "X113", error.message, at: template.range))
        }
    }
}

extension ValueType {
    /// The item type of a list; `any` for anything else.
    var element: ValueType {
        if case .list(let element) = self { return element }
        return .any
    }

    var isRecord: Bool {
        if case .record = self { return true }
        return false
    }

    /// A map or a record: what `keys`, `values`, `put`, `remove` and `in` take.
    var isKeyed: Bool {
        switch self {
        case .record, .map: true
        default: false
        }
    }
}
