extension Vocabulary {
    /// A field rule: a bare word (`required`) or a mapping naming its kind (`{ max_length: 550 }`).
    static let rule: KeyType = {
        KeyType.either(
            [.oneOf(bareRuleKinds)] + ruleKindTable.map { .object($0.kind.place) })
    }()

    /// Rules written as a bare word: `- required`.
    public static let bareRuleKinds: [String] = ruleKindTable.filter { $0.keys.first?.type == .yes }.map(\.kind.name)

    static let ruleKindTable: [(kind: KindSpec, keys: [KeySpec])] = [
        ruleKind("required", .yes, doc: "not empty after trimming spaces", example: "`required`"),
        ruleKind(
            "single_word", .yes, doc: "exactly one word: letters, with a hyphen or apostrophe inside; no spaces",
            example: "`single_word`"),
        ruleKind(
            "url", .yes,
            doc: "an absolute `http` or `https` URL with a host (`javascript:`, `file:`, `data:` rejected)",
            example: "`url`"),
        ruleKind(
            "max_length", .wholeNumber(minimum: 1), doc: "at most N characters (an emoji is one)",
            example: "`{ max_length: 550 }`"),
        ruleKind(
            "min_length", .wholeNumber(minimum: 0), doc: "at least N characters (an emoji is one)",
            example: "`{ min_length: 2 }`"),
        ruleKind(
            "pattern", .string, doc: "the whole value matches the regular expression",
            example: "`{ pattern: \"^[a-z]+$\" }`"),
    ]

    private static func ruleKind(_ kind: String, _ type: KeyType, doc: String, example: String) -> (KindSpec, [KeySpec])
    {
        let value = type == .yes ? "true" : kind == "pattern" ? "\"^[a-z]+$\"" : "5"
        return (
            KindSpec(kind, place: .rule(kind), doc: doc, example: example),
            [
                KeySpec(kind, type, required: true, doc: doc, example: value),
                KeySpec("message", .string, doc: "shown instead of the default message", example: "Too long"),
            ]
        )
    }

    static let rulePlaces: [PlaceSpec] =
        ruleKindTable.map {
            PlaceSpec($0.kind.place, title: "a `\($0.kind.name)` rule", doc: $0.kind.doc, keys: $0.keys)
        }
}
