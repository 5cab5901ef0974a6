extension Vocabulary {
    /// A field rule: a bare word (`required`) or a mapping naming its kind (`{ max_length: 550 }`).
    static let rule: KeyType = {
        KeyType.either(
            [.oneOf(bareRuleKinds)] + ruleKindTable.map { .object($0.kind.place) })
    }()

    /// Rules written as a bare word: `- required`.
    public static let bareRuleKinds: [String] = ruleKindTable.filter { $0.keys.first?.type == .yes }.map(\.kind.name)

    static let ruleKindTable: [(kind: KindSpec, keys: [KeySpec])] = [
        ruleKind(
            "required", .yes,
            doc: "something visible: only whitespace, controls or invisible characters (zero-width spaces, "
                + "U+3164 HANGUL FILLER, tag characters, bidi controls) counts as empty",
            example: "`required`"),
        ruleKind(
            "single_word", .yes,
            doc: "exactly one word: letters, each with its combining marks, with a hyphen or apostrophe between "
                + "letters; nothing invisible, not even inside a Character",
            example: "`single_word`"),
        ruleKind(
            "url", .yes,
            doc: "parsed as browsers do (WHATWG-like): `http://` or `https://`, no controls, invisible characters, "
                + "spaces, backslashes or user info; an IPv4, [IPv6] or domain host (IDN through punycode, labels "
                + "≤ 63 bytes); a port ≤ 65535; the same check as `is_url()`",
            example: "`url`"),
        ruleKind(
            "max_length", .wholeNumber(minimum: 1),
            doc: "at most N Characters (grapheme clusters: an emoji, or `e` + U+0301, is one)",
            example: "`{ max_length: 550 }`"),
        ruleKind(
            "min_length", .wholeNumber(minimum: 0),
            doc: "at least N Characters (grapheme clusters: an emoji, or `e` + U+0301, is one)",
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
