/// The functions expressions may call (besides a flow's own `functions:`): the one table of their names, signatures,
/// arities, labels and which arguments are functions (`p => …`).
public enum BuiltinFunction: String, Sendable, Hashable, CaseIterable {
    case len, empty, words
    case isURL = "is_url"
    case matches, trim, lower, upper, format
    case contains
    case startsWith = "starts_with"
    case endsWith = "ends_with"
    case min, max, abs, floor, ceil, round
    case int, number, string, json
    case put, remove, keys, values
    case indexBy = "index_by"
    case lineCount = "line_count"
    case filter, map, any, all, count, sum
    case sortedBy = "sorted_by"
    case first
    case indexOf = "index_of"
    case substring, split, join, replace
    case parseNumber = "parse_number"
    case parseDate = "parse_date"
    case formatDate = "format_date"
    case addDays = "add_days"
    case daysBetween = "days_between"

    /// How the function is called, as shown in messages and docs.
    public var signature: String {
        switch self {
        case .len: "len(string | list | map | record) -> int"
        case .empty: "empty(string | list | map | record | null) -> bool"
        case .words: "words(string) -> list<string>"
        case .isURL: "is_url(string) -> bool"
        case .matches: "matches(string, pattern: string) -> bool"
        case .trim: "trim(string) -> string"
        case .lower: "lower(string) -> string"
        case .upper: "upper(string) -> string"
        case .format: "format(template: string, arguments…) -> string, format(number, decimals: int) -> string"
        case .contains: "contains(string, string) -> bool, contains(list<T>, T) -> bool"
        case .startsWith: "starts_with(string, prefix: string) -> bool"
        case .endsWith: "ends_with(string, suffix: string) -> bool"
        case .min: "min(a, b, …), min(list) or min(list<T>, (T) => number) -> int | number"
        case .max: "max(a, b, …), max(list) or max(list<T>, (T) => number) -> int | number"
        case .abs: "abs(int | number) -> int | number"
        case .floor: "floor(number) -> int"
        case .ceil: "ceil(number) -> int"
        case .round: "round(number) -> int"
        case .int: "int(int | number | string) -> int"
        case .number: "number(int | number | string) -> number"
        case .string: "string(any) -> string"
        case .json: "json(any) -> string"
        case .put: "put(map<string, T> | record, key: string, value: T) -> map<string, T> | record"
        case .remove: "remove(map<string, T> | record, key: string) -> map<string, T> | record"
        case .keys: "keys(map | record) -> list<string>"
        case .values: "values(map<string, T>) -> list<T>"
        case .indexBy: "index_by(list<T>, field: string) -> map<string, T>"
        case .lineCount: "line_count(text: string, width: number, font_size: number = 17) -> int"
        case .filter: "filter(list<T>, (T) => bool) -> list<T>"
        case .map: "map(list<T>, (T) => U) -> list<U>"
        case .any: "any(list<T>, (T) => bool) -> bool"
        case .all: "all(list<T>, (T) => bool) -> bool"
        case .count: "count(list<T>, (T) => bool = every item) -> int"
        case .sum: "sum(list<int | number>) or sum(list<T>, (T) => int | number) -> int | number"
        case .sortedBy: "sorted_by(list<T>, (T) => number | string) -> list<T>"
        case .first: "first(list<T>, (T) => bool = any item) -> T?"
        case .indexOf: "index_of(list<T>, T | (T) => bool) -> int?, index_of(string, part: string) -> int?"
        case .substring: "substring(string, start: int, end: int = its length) -> string"
        case .split: "split(string, separator: string) -> list<string>"
        case .join: "join(list, separator: string = '') -> string"
        case .replace: "replace(string, old: string, new: string) -> string"
        case .parseNumber: "parse_number(string) -> number?"
        case .parseDate: "parse_date(string, pattern: string = 'yyyy-MM-dd') -> date?"
        case .formatDate: "format_date(date, pattern: string = 'yyyy-MM-dd') -> string"
        case .addDays: "add_days(date, days: int) -> date"
        case .daysBetween: "days_between(from: date, to: date) -> int"
        }
    }

    /// How many arguments it takes.
    public var arity: ClosedRange<Int> {
        switch self {
        case .matches, .contains, .startsWith, .endsWith, .remove, .indexBy: 2...2
        case .filter, .map, .any, .all, .sortedBy, .indexOf, .split: 2...2
        case .count, .sum, .first, .join, .parseDate, .formatDate: 1...2
        case .addDays, .daysBetween: 2...2
        case .substring: 2...3
        case .put, .replace: 3...3
        case .lineCount: 2...3
        case .format: 1...Int.max
        case .min, .max: 1...Int.max
        default: 1...1
        }
    }

    /// Which argument is a function (`p => …`): required for `filter`, `map`, `any`, `all` and `sorted_by`, optional
    /// for the others listed; no other argument may be one.
    public var functionArgument: (index: Int, required: Bool)? {
        switch self {
        case .filter, .map, .any, .all, .sortedBy: (1, true)
        case .count, .sum, .min, .max, .first, .indexOf: (1, false)
        default: nil
        }
    }

    /// The arguments it takes by label, after the others: `format(x, decimals: 1)`.
    public var labels: [String] {
        self == .format ? ["decimals"] : []
    }

    /// "1 argument", "2 arguments", "at least 1 argument".
    var arityDescription: String {
        let count = arity.lowerBound
        let noun = count == 1 ? "argument" : "arguments"
        return arity.upperBound == Int.max ? "at least \(count) \(noun)" : "\(count) \(noun)"
    }
}
