import Testing

@testable import SegueExpression
@testable import SegueMachine

/// Form input crafted to look like something it is not (issue 16): blank-looking names, hidden characters in words
/// and links, one Character that weighs kilobytes.
@Suite struct HostileInputTests {
    static let required = [FieldRuleProgram(check: .required, message: "required")]

    @Test(arguments: [
        "\u{3164}", "\u{115F}\u{1160}", "\u{200B}\u{200C}\u{200D}\u{2060}", "\u{E0041}\u{E0042}", " \u{00A0}\t\n",
        "\u{FEFF}", "\u{2800}", "\u{202E}", "\u{FFA0}",
    ])
    func blankLookingInputIsEmpty(text: String) {
        #expect(FieldValidator.error(for: .string(text), rules: Self.required) == "required")
        #expect(!FieldValidator.isSingleWord(text))
    }

    @Test(arguments: [
        ("Анна\u{200B}", false), ("A\u{E0041}", false), ("Ан\u{3164}на", false), ("Zoe\u{0308}", true),
        ("Jose\u{0301}-Luis", true), ("Анна\u{202E}", false), ("L\u{FE0F}", false), ("Ðuro", true),
    ])
    func aSingleWordIsLettersAndMarksOnly(text: String, valid: Bool) {
        #expect(FieldValidator.isSingleWord(text) == valid)
    }

    @Test(arguments: [
        ("https://exa\u{0}mple.org", false), ("https://example.org/\u{7}", false),
        ("https://example.org/\u{202E}gpj", false),
        ("https://exa\u{200B}mple.org", false), ("https://example.org:99999", false),
        ("https://example.org:65535/", true),
        ("https://example.org\\@evil.com", false), ("http:\\\\example.org", false),
        ("https://bank.ru@evil.example", false),
        ("https://пример.рф/путь", true), ("https://127.0.0.1:8080/x", true), ("https://[::1]/", true),
        ("https://1.2.3.999", false), ("https://-bad.example", false), ("https://a..b", false),
        ("https://" + String(repeating: "я", count: 70) + ".ru", false), ("https://vk.com/anna", true),
        // IPv6 as RFC 4291 writes it, and nothing else in the brackets.
        ("http://[::]/", true), ("http://[2001:db8::8a2e:370:7334]:443/", true), ("http://[::ffff:192.0.2.1]/", true),
        ("http://[1:2:3:4:5:6:7:8]/", true), ("http://[1:2:3:4:5:6:7:8:9]/", false), ("http://[:::]/", false),
        ("http://[12345::]/", false), ("http://[:.]/", false), ("http://[1::2::3]/", false),
        ("http://[1:2:3:4:5:6:7::8]/", false), ("http://[::1.2.3]/", false), ("http://[1.2.3.4::]/", false),
        ("http://[\u{FF11}::]/", false), ("http://[]/", false),
    ])
    func linksAreParsedAsBrowsersDo(text: String, valid: Bool) {
        #expect(FieldValidator.isWebURL(text) == valid, "\(text.debugDescription)")
    }

    /// A host label of thousands of distinct letters is refused by its length before punycode, whose cost grows with
    /// the square of the label (5,400 CJK letters took 4.7 s in a debug build; the time is not asserted here).
    @Test func aLongLabelOrHostIsRefused() {
        let letters = (0..<5_400).compactMap { Unicode.Scalar(0x4E00 + $0) }.map { String(Character($0)) }.joined()
        #expect(!FieldValidator.isWebURL("http://\(letters).com"))
        #expect(!FieldValidator.isWebURL("http://" + String(letters.prefix(64)) + ".com"))
        #expect(FieldValidator.isWebURL("http://" + String(letters.prefix(10)) + ".com"))
        let many = Array(repeating: String(repeating: "я", count: 20), count: 200).joined(separator: ".")
        #expect(!FieldValidator.isWebURL("https://\(many).ru"), "253 bytes in all")
    }

    @Test func punycodeMatchesRFC3492() {
        #expect(Punycode.encode("пример") == "e1afmkfd")
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("münchen") == "mnchen-3ya")
    }

    @Test func oneCharacterCannotWeighKilobytes() {
        let zalgo = "Я" + String(repeating: "\u{0301}", count: 5000)
        #expect(zalgo.count == 1)
        let rules = [FieldRuleProgram(check: .maxLength(550), message: "too long")]
        #expect(FieldValidator.error(for: .string(zalgo), rules: rules) == "Too many accents on one letter")
        let vietnamese = "Nguyê\u{0303}n"  // two marks on one letter: fine
        #expect(FieldValidator.error(for: .string(vietnamese), rules: rules) == nil)
        let heavy = String(repeating: "👨‍👩‍👧‍👦", count: 700)  // 700 Characters, 17 KB
        #expect(
            FieldValidator.error(for: .string(heavy), rules: [FieldRuleProgram(check: .maxLength(1000), message: "x")])
                == "The text is too long (16 KB at most)")
    }

    @Test func lengthIsCountedInCharacters() {
        let decomposed = String(repeating: "e\u{0301}", count: 550)
        #expect(decomposed.unicodeScalars.count == 1100)
        #expect(
            FieldValidator.error(
                for: .string(decomposed), rules: [FieldRuleProgram(check: .maxLength(550), message: "long")]) == nil)
    }
}
