import Testing

@testable import SegueDiagnostics

/// The one terminal-safe text rule (issue 31): controls and bidi characters from outside are shown as `\u{…}`.
@Suite struct TerminalTextTests {
    @Test func controlsAndBidiCharactersAreEscapedAsSwiftWritesThem() {
        #expect(TerminalText.escaped("\u{1B}[2Ja\u{1B}]52;c;aGk=\u{07}") == #"\u{1B}[2Ja\u{1B}]52;c;aGk=\u{7}"#)
        #expect(TerminalText.escaped("\u{202E}txt.exe\u{2066}\u{200F}\u{061C}") == #"\u{202E}txt.exe\u{2066}\u{200F}\u{61C}"#)
        #expect(TerminalText.escaped("\u{7F}\u{9B}\u{0}\r\u{FFFE}") == #"\u{7F}\u{9B}\u{0}\u{D}\u{FFFE}"#)
    }

    @Test func tabAndLineFeedAreKeptOnlyWhereLinesAre() {
        #expect(TerminalText.escaped("a\tb\nc") == "a\tb\nc")
        #expect(TerminalText.escaped("a\tb\nc", lineBreaks: false) == #"a\u{9}b\u{A}c"#)
    }

    @Test func everythingElseIsKeptAsItIs() {
        let text = "Поддержать 🇺🇦 مرحبا e\u{301} \u{200B} \u{2028} ∑"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped(#"C:\u{1B}"#) == #"C:\u{1B}"#)
    }

    @Test func theWidthOfAnEscapeIsWhatItPrints() {
        for scalar in ["\u{1B}", "\u{0}", "\u{202E}", "\u{FFFF}", "a", "\n"].compactMap(\.unicodeScalars.first) {
            #expect(TerminalText.width(of: scalar) == TerminalText.escaped(String(scalar)).unicodeScalars.count)
        }
    }
}
