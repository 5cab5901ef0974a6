/// Every key of the flow language, with its type, default, doc and example: the one table the decoder, the JSON
/// Schema (`segue schema`), the docs' key tables and editor tools read.
///
///     Vocabulary.keys(at: .screen)                  // ["title", "navigation", "parameters", …]
///     Vocabulary.key("max_lines", at: .element("text"))?.doc
///     Vocabulary.elementKinds.map(\.name)          // ["text", "image", "button", …]
public enum Vocabulary {
    /// Every place, in the order the docs and the schema list them.
    public static let places: [PlaceSpec] =
        flowPlaces + elementPlaces + elementPartPlaces + rulePlaces + actionPlaces + servicePlaces

    private static let index: [KeyPlace: PlaceSpec] = Dictionary(
        places.map { ($0.place, $0) }, uniquingKeysWith: { first, _ in first })

    /// The keys of `place`; a place the table does not list has none.
    public static func spec(_ place: KeyPlace) -> PlaceSpec {
        index[place] ?? PlaceSpec(place, title: place.identifier, doc: "", keys: [])
    }

    /// The keys allowed at `place`, in table order (for completion and did-you-mean).
    public static func keys(at place: KeyPlace) -> [String] { spec(place).keyNames }

    /// One key's entry (for hover: its type, default and doc).
    public static func key(_ name: String, at place: KeyPlace) -> KeySpec? { spec(place).key(name) }

    /// The element kinds: `- button: save`.
    public static let elementKinds: [KindSpec] = elementKindTable.map(\.kind)
    public static let elementKindNames: [String] = elementKinds.map(\.name)

    /// The action kinds: `- present: donate_form`.
    public static let actionKinds: [KindSpec] = actionKindTable.map(\.kind)
    public static let actionKindNames: [String] = actionKinds.map(\.name)

    /// Actions written as a bare word (`- dismiss`): those whose kind key takes nothing.
    public static let bareActionKinds: [String] = actionKindTable.filter {
        guard let type = $0.keys.first?.type else { return false }
        if case .either(let shapes) = type { return shapes.contains(.flag) }
        return type == .flag
    }.map(\.kind.name)

    /// The field rule kinds: `required`, `{ max_length: 550 }`.
    public static let ruleKinds: [KindSpec] = ruleKindTable.map(\.kind)
    public static let ruleKindNames: [String] = ruleKinds.map(\.name)

    /// The service kinds: `{ kind: api }`.
    public static var serviceKinds: [KindSpec] { serviceKindTable }
}
