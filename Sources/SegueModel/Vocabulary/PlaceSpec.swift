/// The keys of one place, in the order the docs list them, with what the place is.
///
///     let screen = Vocabulary.spec(.screen)
///     screen.key("title")?.doc      // "the navigation title"
public struct PlaceSpec: Sendable {
    public let place: KeyPlace
    /// How messages name the place: `a screen`, `a slider`.
    public let title: String
    /// One line saying what the place is.
    public let doc: String
    public let keys: [KeySpec]
    /// The keys that exclude others or need another's value (most places have none), for the decoder's relation
    /// check on every mapping.
    public let relatedKeys: [KeySpec]
    /// At least one of these keys must be present (a button's `label` or `icon`); empty when none is asked.
    public var oneRequired: [String] = []
    /// Keys required only when another key has a value: `play: line` needs `line`.
    public var requiredWhen: [(key: String, value: String, requires: String)] = []
    /// Keys that once belonged here or are easily mistaken for keys here, refused with why and what to use instead.
    public var refused: [(key: String, reason: String)] = []

    public init(_ place: KeyPlace, title: String, doc: String, keys: [KeySpec]) {
        self.place = place
        self.title = title
        self.doc = doc
        self.keys = keys
        relatedKeys = keys.filter { !$0.excludes.isEmpty || !$0.needs.isEmpty }
    }

    /// The key named `name`, or nil when this place does not allow it.
    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }

    public var keyNames: [String] { keys.map(\.name) }

    public var requiredKeys: [String] { keys.filter(\.required).map(\.name) }

    /// Why `name` is refused here, when the vocabulary says so.
    public func refusal(of name: String) -> String? { refused.first { $0.key == name }?.reason }
}

/// An element, action, rule or service kind: the word that starts it, its doc and a whole example.
public struct KindSpec: Sendable {
    public let name: String
    public let doc: String
    /// A use as the docs show it (markdown): `` `present: donate_form` + `with: {…}` ``.
    public let example: String
    public let place: KeyPlace

    public init(_ name: String, place: KeyPlace, doc: String, example: String) {
        self.name = name
        self.place = place
        self.doc = doc
        self.example = example
    }
}
