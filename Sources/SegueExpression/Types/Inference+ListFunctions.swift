/// Typing rules of the functions over lists (with a function of each item, `p => …`) and over text.
extension FunctionCall {
    /// `filter`, `map`, `any`, `all`, `count`, `sum`, `min`/`max` with a function, `sorted_by`, `first`, `index_of`.
    mutating func listFunctionType() -> ValueType {
        if function == .indexOf, types[0].unwrapped == .string {
            requireString(0)
            requireString(1)
            return .optional(.int)
        }
        let isList = require(0, "a list") { $0.isList }
        let list = isList ? types[0].unwrapped : .list(.any)
        let item = list.element
        switch function {
        case .filter:
            requireCondition(1)
            return list
        case .map:
            return .list(types[1])
        case .any, .all:
            requireCondition(1)
            return .bool
        case .count:
            if isFunction(1) { requireCondition(1) }
            return .int
        case .sum, .min, .max:
            let values = isFunction(1) ? types[1] : item
            guard values.isNumeric else {
                report(
                    isFunction(1)
                        ? "the function given to `\(function.rawValue)` must give numbers, not `\(values)`"
                        : "`\(function.rawValue)` needs a list of numbers, not `\(types[0])`",
                    at: isFunction(1) ? 1 : 0)
                return .any
            }
            return function == .sum && values == .any ? .any : values
        case .sortedBy:
            let key = types[1].unwrapped
            if !(key.isNumeric || key == .string) {
                report("the function given to `sorted_by` must give numbers or strings to sort by, not `\(types[1])`", at: 1)
            }
            return list
        case .first:
            if isFunction(1) { requireCondition(1) }
            return item.madeOptional
        case .indexOf:
            if isFunction(1) {
                requireCondition(1)
            } else if !types[1].isAssignable(to: item), !item.isAssignable(to: types[1]), types[1].joined(with: item) == nil {
                report("`index_of` looks for `\(types[1])` in a `\(types[0])`; it is never there", at: 1)
            }
            return .optional(.int)
        default:
            return .any
        }
    }

    /// The function argument at `index` must give a `bool` for each item.
    private mutating func requireCondition(_ index: Int) {
        guard !types[index].unwrapped.isAssignable(to: .bool) else { return }
        report("the function given to `\(function.rawValue)` must give a `bool`, not `\(types[index])`", at: index)
    }

    /// `substring`, `split`, `join`, `replace`, `parse_number`.
    mutating func textFunctionType() -> ValueType {
        switch function {
        case .substring:
            requireString(0)
            (1..<arguments.count).forEach { index in require(index, "an `int`") { $0 == .int } }
            return .string
        case .split:
            requireString(0)
            requireString(1)
            return .list(.string)
        case .join:
            require(0, "a list") { $0.isList }
            if arguments.count == 2 { requireString(1) }
            return .string
        case .replace:
            (0..<3).forEach { requireString($0) }
            return .string
        case .parseNumber:
            requireString(0)
            needed.remove(0)  // `parse_number(null)` is null, as bad text is
            return .optional(.number)
        default:
            return .any
        }
    }

    /// `parse_date`, `format_date`, `add_days`, `days_between`; a literal pattern must name a year, month and day.
    mutating func dateFunctionType() -> ValueType {
        switch function {
        case .parseDate:
            requireString(0)
            needed.remove(0)  // `parse_date(null)` is null, as bad text is
            if arguments.count == 2 { requirePattern(1) }
            return .optional(.date)
        case .formatDate:
            requireDate(0)
            if arguments.count == 2 { requirePattern(1) }
            return .string
        case .addDays:
            requireDate(0)
            require(1, "an `int`") { $0 == .int }
            return .date
        case .daysBetween:
            requireDate(0)
            requireDate(1)
            return .int
        default:
            return .any
        }
    }

    private mutating func requireDate(_ index: Int) {
        require(index, "a `date`") { $0 == .date }
    }

    private mutating func requirePattern(_ index: Int) {
        requireString(index)
        guard case .literal(.string(let pattern)) = arguments[index].kind,
            let problem = CalendarDay.problem(in: pattern)
        else { return }
        diagnostics.append(
            ExpressionDiagnostic(code: "X115", "invalid date pattern `\(pattern)`: \(problem)", at: arguments[index].range))
    }
}
