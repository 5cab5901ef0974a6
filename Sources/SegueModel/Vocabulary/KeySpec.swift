/// A key, or a key with a value, that another key needs beside it: `states`, `kind: photo`.
public struct KeyRequirement: Sendable, Equatable, CustomStringConvertible {
    public let key: String
    public let value: String?

    public init(_ key: String, _ value: String? = nil) {
        self.key = key
        self.value = value
    }

    public var description: String { value.map { "`\(key): \($0)`" } ?? "`\(key)`" }
}

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
    /// Keys (or keys with a value: `kind: multiline`) that cannot appear with this one at the same place, and why.
    public var excludes: [KeyRequirement] = []
    public var exclusionReason: String?
    /// What this key needs beside it, any one of them: `crop` needs `kind: photo`; `states` needs
    /// `initial_state` or `parallel: true`.
    public var needs: [KeyRequirement] = []
    /// What the names this key carries name: its value for a name (`present: donate_form`, a screen), the keys of
    /// its mapping for names to values (`on:`, events; `set:`, data); nil when it carries none. An editor completes
    /// such a key's value from the declarations of that kind.
    public var names: SymbolKind?

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
        excluding(others.map { KeyRequirement($0) }, because: reason)
    }

    /// This key, refused beside any of `others` (a key, or a key with a value: a field's `submit` beside
    /// `kind: multiline`) with `reason`.
    public func excluding(_ others: [KeyRequirement], because reason: String) -> KeySpec {
        var copy = self
        copy.excludes = others
        copy.exclusionReason = reason
        return copy
    }

    /// This key, carrying names of `kind`.
    public func naming(_ kind: SymbolKind) -> KeySpec {
        var copy = self
        copy.names = kind
        return copy
    }

    /// This key, valid only beside one of `requirements`.
    public func needing(_ requirements: KeyRequirement...) -> KeySpec {
        var copy = self
        copy.needs = requirements
        return copy
    }
}
