import SegueDiagnostics
import Testing

@testable import SegueYAML

@Suite struct LoadErrorTests {
    @Test func duplicateKeyIsReportedAtTheSecondWithANoteAtTheFirst() throws {
        let result = load("screens:\n  main: {}\n  other: {}\n  main: {}\n")
        #expect(result.summary == ["Y010@4:3"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "duplicate key `main` in this mapping")
        #expect(diagnostic.range.span == "4:3-4:7")
        #expect(diagnostic.notes.map(\.message) == ["`main` is first defined here"])
        #expect(diagnostic.notes.first?.range?.span == "2:3-2:7")
        // The first definition is kept.
        #expect(result.root?.at("screens")?.mapping?.map(\.name) == ["main", "other"])
    }

    @Test func duplicateKeysInABigMappingAreFound() {
        let lines = (0..<50).map { "k\($0): \($0)" } + ["k7: again"]
        #expect(load(lines.joined(separator: "\n")).summary == ["Y010@51:1"])
    }

    @Test func invalidUTF8IsReportedAtTheOffendingByte() throws {
        let result = load(bytes: Array("a: ok\nb: x".utf8) + [0xFF] + Array("y\n".utf8))
        #expect(result.summary == ["Y002@2:5"])
        #expect(result.diagnostics.first?.range.start.offset == 10)
        #expect(result.diagnostics.first?.message == "invalid UTF-8: byte 0xFF never appears in UTF-8 text")
        #expect(result.root == nil)
    }

    @Test func truncatedAndOverlongSequences() {
        let truncated = load(bytes: Array("a: é".utf8) + [0xC3, 0x28])
        #expect(truncated.summary == ["Y002@1:5"])
        #expect(
            truncated.diagnostics.first?.message == "invalid UTF-8: bytes 0xC3 0x28 are a truncated 2-byte sequence")
        let overlong = load(bytes: Array("a: ".utf8) + [0xE0, 0x80, 0x80])
        #expect(overlong.diagnostics.first?.message == "invalid UTF-8: bytes 0xE0 0x80 are an overlong encoding")
        let surrogate = load(bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80])
        #expect(
            surrogate.diagnostics.first?.message.hasSuffix("a UTF-16 surrogate, which UTF-8 text cannot hold") == true)
        let utf16 = load(bytes: [0xFF, 0xFE, 0x61, 0x00])
        #expect(utf16.diagnostics.map(\.message) == ["the file is UTF-16 encoded; save it as UTF-8"])
    }

    @Test func controlCharactersAreReportedEachAtItsPlace() {
        let result = load("a: x\u{0}y\nb: \u{7}\nc: \u{7F}\nd: \u{9B}\ne: \"tab\tok\"\n")
        #expect(result.summary == ["Y003@1:5", "Y003@2:4", "Y003@3:4", "Y003@4:4"])
        #expect(result.diagnostics.first?.message == "control character U+0000 (NUL) is not allowed in YAML; remove it")
        #expect(result.diagnostics[3].message == "control character U+009B is not allowed in YAML; remove it")
    }

    @Test func tabsUsedAsIndentation() {
        let key = load("a:\n\tb: 1\n")
        #expect(key.summary == ["Y005@2:1"])
        #expect(key.diagnostics.first?.message == "tab character used for indentation")
        #expect(load("a: x\n\ty\n").summary == ["Y005@2:1"])
        #expect(load("a: |\n  x\n\ty\n").summary == ["Y005@3:1"])
        // A tab inside a value is fine.
        #expect(load("a: x\ty\nb: \"\t\"\n").diagnostics.isEmpty)
    }

    @Test func unclosedQuotesPointAtTheOpeningQuote() throws {
        let double = load("title: \"Hello\nnext: 1\n")
        #expect(double.summary == ["Y006@1:8"])
        #expect(double.diagnostics.first?.message == "unclosed quote: this string has no closing `\"`")
        #expect(double.diagnostics.first?.notes.first?.message == "the file ends here")
        #expect(double.diagnostics.first?.notes.first?.range?.start.line == 3)
        let single = load("a: 1\nb: 'it\n")
        #expect(single.summary == ["Y006@2:4"])
        #expect(single.diagnostics.first?.message == "unclosed quote: this string has no closing `'`")
    }

    @Test func undefinedAliasSuggestsTheClosestAnchor() throws {
        let result = load("base: &defaults {a: 1}\nuse: *defualts\n")
        #expect(result.summary == ["Y012@2:6"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(
            diagnostic.message
                == "undefined alias `*defualts`: no anchor `&defualts` is defined before it; did you mean `*defaults`?")
        #expect(diagnostic.range.span == "2:6-2:15")
        #expect(diagnostic.fixIts == [FixIt(range: diagnostic.range, replacement: "*defaults")])
        // An alias used before its anchor is undefined too.
        #expect(load("a: *x\nb: &x 1\n").summary == ["Y012@1:4"])
    }

    @Test func recursiveAliasIsAnError() {
        let result = load("a: &loop\n  - 1\n  - *loop\n")
        #expect(result.summary == ["Y013@3:5"])
    }

    @Test func complexKeysAreErrors() {
        let sequenceKey = load("? [a, b]\n: 1\nc: 2\n")
        #expect(sequenceKey.summary == ["Y011@1:3"])
        #expect(sequenceKey.diagnostics.first?.message == "a mapping key must be a plain value, not a sequence")
        #expect(sequenceKey.root?.mapping?.map(\.name) == ["c"])
        let mappingKey = load("{a: 1}: x\n")
        #expect(mappingKey.summary == ["Y011@1:1"])
        let aliasKey = load("base: &b [1]\n*b : x\n")
        #expect(aliasKey.summary == ["Y011@2:1"])
        #expect(aliasKey.diagnostics.first?.message == "a mapping key must be a plain value, not a sequence")
    }

    @Test func aSecondDocumentIsAnErrorAtItsStart() throws {
        let result = load("a: 1\n---\nb: 2\n")
        #expect(result.summary == ["Y007@2:1"])
        #expect(result.diagnostics.first?.range.span == "2:1-2:4")
        // The first document is complete and still returned.
        #expect(result.root?.at("a")?.scalar?.value == .int(1))
        // Content after an explicit `...` end is a second document too.
        let afterEnd = load("a: 1\n...\nb: 2\n")
        #expect(afterEnd.summary == ["Y007@3:1"])
        #expect(
            afterEnd.diagnostics.first?.message
                == "a flow file holds one YAML document, but more follows its `...` end marker")
        #expect(afterEnd.diagnostics.first?.notes.first?.range?.span == "2:1-2:4")
        // One explicit document is fine.
        #expect(load("---\na: 1\n...\n").diagnostics.isEmpty)
    }

    @Test func aLoneDocumentMarkerIsANullRoot() {
        let result = load("---\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.scalar?.value == .null)
    }

    @Test func problemsThatDoNotStopLoadingAreAllReportedInFileOrder() {
        let result = load("b: *nowhere\na: 1\nc: !!int x\na: 2\nd: [a,\tb]\n")
        #expect(result.summary == ["Y012@1:4", "Y016@3:4", "Y010@4:1"])
        #expect(result.root?.mapping?.map(\.name) == ["b", "a", "c", "d"])
        #expect(result.root?.at("d")?.sequence?.count == 2)
    }

    @Test func emptyAndCommentOnlyFilesHaveNoRootAndNoError() {
        for text in ["", "# just a comment\n", "\n\n"] {
            let result = load(text)
            #expect(result.root == nil)
            #expect(result.diagnostics.isEmpty)
        }
    }

    @Test(arguments: [
        ("a: b: c\n", "Y004@1:5", "unexpected `:` here; a value containing `: ` must be quoted"),
        ("a: [1, 2\n", "Y004@2:1", "expected `,` or `]` to continue or close the list"),
        ("a: {x: 1\n", "Y004@2:1", "expected `,` or `}` to continue or close the mapping"),
        (
            "a:\n  - b\n  -c: d\n", "Y004@3:3",
            "expected a `- ` list item at this indentation; check how far this line is indented"
        ),
        ("a: 1\n b: 2\n", "Y004@2:3", "unexpected `:` here; a value containing `: ` must be quoted"),
        (
            "a:\n  b: 1\n c: 2\n", "Y004@3:2",
            "expected a `key: value` line at this indentation; check how far this line is indented"
        ),
        ("a: \"\\q\"\n", "Y004@1:5", "unknown escape sequence in a double-quoted string"),
        ("a: @x\n", "Y004@1:4", "`@` is reserved and cannot start a plain value"),
        ("{a: 1}}\n", "Y004@1:7", "unexpected text after the end of the document"),
        ("a: &\n", "Y004@1:5", "an anchor (`&`) needs a name made of letters, digits, `-` or `_`"),
        (
            "a: !x!y 3\n", "Y004@1:4",
            "undefined tag handle; use `!!type`, `!name`, or declare the handle with a %TAG directive"
        ),
        (
            "- a\nb: 1\n", "Y004@2:1",
            "expected a `- ` list item at this indentation; check how far this line is indented"
        ),
    ])
    func syntaxErrorsAreTranslated(text: String, expected: String, message: String) {
        let result = load(text)
        #expect(result.summary == [expected])
        #expect(result.diagnostics.first?.message == message)
    }

    @Test func syntaxErrorNotePointsAtTheOpeningBracket() throws {
        let diagnostic = try #require(load("a: [1, 2\nb: 3\n").diagnostics.first)
        #expect(diagnostic.notes.first?.message == "the `[` list starts here")
        #expect(diagnostic.notes.first?.range?.span == "1:4-1:5")
    }
}
