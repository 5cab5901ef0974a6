import Foundation

/// Run-time behaviour of the functions over lists (applying a function argument to each item) and over text.
extension BuiltinCall {
    /// The list argument 0 is, or a mismatch.
    private func list() throws(EvaluationError) -> [Value] {
        guard case .list(let items) = values[0] else { throw mismatch(0, "a list") }
        return items
    }

    /// The function argument 1 applied to `item`, which must give a bool.
    private func holds(_ item: Value) throws(EvaluationError) -> Bool {
        let result = try apply(1, item)
        guard case .bool(let flag) = result else {
            throw EvaluationError(
                result.isNull ? .nullValue : .typeMismatch,
                "the function given to `\(function.rawValue)` must give a bool, but it gave \(result.kindName)",
                at: arguments[1].range)
        }
        return flag
    }

    /// A number the function argument (or the item itself) gives.
    private func number(of item: Value) throws(EvaluationError) -> Value {
        let result = isFunction(1) ? try apply(1, item) : item
        guard result.numberValue != nil else {
            throw EvaluationError(
                result.isNull ? .nullValue : .typeMismatch,
                "`\(function.rawValue)` needs numbers, not \(result.kindName)",
                at: arguments[isFunction(1) ? 1 : 0].range)
        }
        return result
    }

    func listFunction() throws(EvaluationError) -> Value {
        if function == .indexOf, case .string(let text) = values[0] {
            let part = try string(1)
            guard let found = text.range(of: part) else { return .null }
            return .int(text.distance(from: text.startIndex, to: found.lowerBound))
        }
        let items = try list()
        switch function {
        case .filter:
            var kept: [Value] = []
            for item in items where try holds(item) { kept.append(item) }
            return .list(kept)
        case .map:
            var mapped: [Value] = []
            mapped.reserveCapacity(items.count)
            for item in items { mapped.append(try apply(1, item)) }
            return .list(mapped)
        case .any:
            for item in items where try holds(item) { return .bool(true) }
            return .bool(false)
        case .all:
            for item in items where !(try holds(item)) { return .bool(false) }
            return .bool(true)
        case .count:
            guard isFunction(1) else { return .int(items.count) }
            var count = 0
            for item in items where try holds(item) { count += 1 }
            return .int(count)
        case .sum:
            return try sum(items)
        case .min, .max:
            guard !items.isEmpty else { throw invalid(0, "`\(function.rawValue)` of an empty list") }
            var best = try number(of: items[0])
            for item in items.dropFirst() {
                let value = try number(of: item)
                let (candidate, current) = (value.numberValue ?? 0, best.numberValue ?? 0)
                if function == .min ? candidate < current : candidate > current { best = value }
            }
            return best
        case .sortedBy:
            return .list(try sorted(items))
        case .first:
            for item in items {
                if !isFunction(1) { return item }
                if try holds(item) { return item }
            }
            return .null
        case .indexOf:
            for (index, item) in items.enumerated() {
                if isFunction(1) ? try holds(item) : item.isEqual(to: values[1]) { return .int(index) }
            }
            return .null
        default:
            throw mismatch(0, "a list")
        }
    }

    /// Whole numbers add as ints (with overflow reported); any `number` makes the sum a number.
    private func sum(_ items: [Value]) throws(EvaluationError) -> Value {
        var whole = 0
        var fraction: Double?
        for item in items {
            switch try number(of: item) {
            case .int(let value) where fraction == nil:
                let (partial, overflow) = whole.addingReportingOverflow(value)
                if overflow {
                    throw EvaluationError(.overflow, "the sum does not fit in an int", at: arguments[0].range)
                }
                whole = partial
            case let value:
                fraction = (fraction ?? Double(whole)) + (value.numberValue ?? 0)
            }
        }
        guard let fraction else { return .int(whole) }
        guard fraction.isFinite else {
            throw EvaluationError(.overflow, "the sum is too large to represent", at: arguments[0].range)
        }
        return .number(fraction)
    }

    /// The items ordered by the key the function gives each (numbers or texts, not mixed); equal keys keep their order.
    private func sorted(_ items: [Value]) throws(EvaluationError) -> [Value] {
        var keyed: [(key: Value, index: Int, item: Value)] = []
        for (index, item) in items.enumerated() { keyed.append((try apply(1, item), index, item)) }
        let numbers = keyed.allSatisfy { $0.key.numberValue != nil }
        let texts = keyed.allSatisfy { $0.key.stringValue != nil }
        guard numbers || texts else {
            throw EvaluationError(
                .typeMismatch, "`sorted_by` needs keys that are all numbers or all strings", at: arguments[1].range)
        }
        keyed.sort { left, right in
            if numbers, let a = left.key.numberValue, let b = right.key.numberValue, a != b { return a < b }
            if texts, let a = left.key.stringValue, let b = right.key.stringValue, a != b { return a < b }
            return left.index < right.index
        }
        return keyed.map(\.item)
    }

    func textFunction() throws(EvaluationError) -> Value {
        switch function {
        case .substring:
            let text = try string(0)
            let count = text.count
            let start = Swift.min(Swift.max(try whole(1), 0), count)
            let end = values.count == 3 ? Swift.min(Swift.max(try whole(2), start), count) : count
            let from = text.index(text.startIndex, offsetBy: start)
            return .string(String(text[from..<text.index(from, offsetBy: end - start)]))
        case .split:
            let (text, separator) = (try string(0), try string(1))
            if separator.isEmpty { return .list(text.map { .string(String($0)) }) }
            if text.isEmpty { return .list([]) }
            return .list(text.components(separatedBy: separator).map(Value.string))
        case .join:
            let separator = values.count == 2 ? try string(1) : ""
            return .string(try list().map(\.description).joined(separator: separator))
        case .replace:
            let (text, old, new) = (try string(0), try string(1), try string(2))
            return .string(old.isEmpty ? text : text.replacingOccurrences(of: old, with: new))
        case .parseNumber:
            guard case .string(let text) = values[0] else {
                if values[0].isNull { return .null }
                throw mismatch(0, "a string")
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.lowercased().hasPrefix("0x"), let value = Double(trimmed), value.isFinite else { return .null }
            return .number(value)
        default:
            throw mismatch(0, "a string")
        }
    }

    private func whole(_ index: Int) throws(EvaluationError) -> Int {
        guard let value = values[index].intValue else { throw mismatch(index, "an int") }
        return value
    }

    /// `format(x, decimals: n)`: the number rounded half away from zero to `n` decimals (0…15), with a `.` point.
    func formatNumber() throws(EvaluationError) -> String {
        guard let number = values[0].numberValue else { throw mismatch(0, "an int or number") }
        // Unchecked text can call it with the number alone (`format(xls: 1)`): an error, never a read past the end.
        guard values.count == 2 else { throw invalid(0, "`format(x, decimals: n)` needs `decimals:` after the number") }
        guard let decimals = values[1].intValue, (0...15).contains(decimals) else {
            throw invalid(1, "`decimals:` must be a whole number from 0 to 15")
        }
        let scale = pow(10.0, Double(decimals))
        var rounded = (number * scale).rounded(.toNearestOrAwayFromZero) / scale
        if rounded == 0 { rounded = 0 }  // no "-0.0"
        return String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), rounded)
    }

    /// `parse_date`, `format_date`, `add_days`, `days_between` over dates held as ISO text.
    func dateFunction() throws(EvaluationError) -> Value {
        var pattern = "yyyy-MM-dd"
        if values.count == 2, function == .parseDate || function == .formatDate { pattern = try string(1) }
        if function == .formatDate, let problem = CalendarDay.problem(in: pattern) { throw invalid(1, problem) }
        switch function {
        case .parseDate:
            guard case .string(let text) = values[0] else {
                if values[0].isNull { return .null }
                throw mismatch(0, "a string")
            }
            if let problem = CalendarDay.problem(in: pattern) { throw invalid(1, problem) }
            return CalendarDay.parse(text, pattern: pattern).map { .string($0.iso) } ?? .null
        case .formatDate:
            return .string(try day(0).format(pattern))
        case .addDays:
            guard let days = values[1].intValue else { throw mismatch(1, "an int") }
            let (sum, overflow) = try day(0).dayNumber.addingReportingOverflow(days)
            guard !overflow, let moved = CalendarDay(dayNumber: sum) else {
                throw EvaluationError(.overflow, "the day is outside the years 1 to 9999", at: arguments[1].range)
            }
            return .string(moved.iso)
        case .daysBetween:
            return .int(try day(1).dayNumber - day(0).dayNumber)
        default:
            throw mismatch(0, "a date")
        }
    }

    /// The date argument `index` holds (its ISO text).
    private func day(_ index: Int) throws(EvaluationError) -> CalendarDay {
        guard case .string(let text) = values[index], let day = CalendarDay(iso: text) else {
            throw mismatch(index, "a date")
        }
        return day
    }
}
