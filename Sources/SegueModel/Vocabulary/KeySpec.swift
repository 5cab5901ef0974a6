/// One key the language allows at a place: its value type, whether it is required, its default, doc and example.
///
///     KeySpec("max_lines", .wholeNumber(minimum: 1), doc: "lines shown before truncating", example: "2")
public struct KeySpec: Sendable, Equatable {
    public let name: String
    public let type: KeyType
    public let required: Bool
    /// The value used when the key is absent, as written in YAML (`true`, `0.05s`); nil when there is none.
    public let defaultValue: String?
    /// One line saying what the key does.
    public let doc: String
    /// A value as written in YAML (flow style for mappings and lists): `"Hello, ${user.name}"`.
    public let example: String
    /// Keys that cannot appear with this one at the same place, and why.
    public var excludes: [String] = []
    public var exclusionReason: String?
    /// A key and value this one needs beside it: `crop` needs `kind: photo`.
    public var needs: (key: String, value: String)?

    public init(
        _ name: String, _ type: KeyType, required: Bool = false, default defaultValue: String? = nil, doc: String,
        example: String
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.doc = doc
        self.example = example
    }

    /// This key, refused beside `others` with `reason`.
    public func excluding(_ others: [String], because reason: String) -> KeySpec {
        var copy = self
        copy.excludes = others
        copy.exclusionReason = reason
        return copy
    }

    /// This key, valid only beside `key: value`.
    public func needing(_ key: String, _ value: String) -> KeySpec {
        var copy = self
        copy.needs = (key, value)
        return copy
    }

    public static func == (lhs: KeySpec, rhs: KeySpec) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.required == rhs.required
            && lhs.defaultValue == rhs.defaultValue && lhs.doc == rhs.doc && lhs.example == rhs.example
            && lhs.excludes == rhs.excludes && lhs.needs?.key == rhs.needs?.key && lhs.needs?.value == rhs.needs?.value
    }
}
