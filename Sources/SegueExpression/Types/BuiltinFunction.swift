/// The functions expressions may call; there are no user-defined functions.
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
        case .format: "format(template: string, arguments…) -> string"
        case .contains: "contains(string, string) -> bool, contains(list<T>, T) -> bool"
        case .startsWith: "starts_with(string, prefix: string) -> bool"
        case .endsWith: "ends_with(string, suffix: string) -> bool"
        case .min: "min(a, b, …) or min(list) -> int | number"
        case .max: "max(a, b, …) or max(list) -> int | number"
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
        }
    }

    /// How many arguments it takes.
    public var arity: ClosedRange<Int> {
        switch self {
        case .matches, .contains, .startsWith, .endsWith, .remove, .indexBy: 2...2
        case .put: 3...3
        case .lineCount: 2...3
        case .format: 1...Int.max
        case .min, .max: 1...Int.max
        default: 1...1
        }
    }

    /// "1 argument", "2 arguments", "at least 1 argument".
    var arityDescription: String {
        let count = arity.lowerBound
        let noun = count == 1 ? "argument" : "arguments"
        return arity.upperBound == Int.max ? "at least \(count) \(noun)" : "\(count) \(noun)"
    }
}
