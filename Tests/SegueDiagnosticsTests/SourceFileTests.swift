import Foundation
import Testing

@testable import SegueDiagnostics

@Suite struct SourceFileTests {
    @Test func locatesOffsetsOnLinesAndColumns() {
        let file = SourceFile(path: "a.yaml", text: "ab\ncdé f\n")
        #expect(file.location(ofOffset: 0) == SourceLocation(line: 1, column: 1, offset: 0))
        #expect(file.location(ofOffset: 4).line == 2)
        #expect(file.location(ofOffset: 4).column == 2)
        // "é" is two bytes but one column.
        #expect(file.location(ofOffset: 8).column == 5)
        #expect(file.lineText(2) == "cdé f")
    }

    @Test func crlfAndLoneCRBothEndLines() {
        let file = SourceFile(path: "a.yaml", text: "a\r\nb\rc\n")
        #expect(file.lineStarts == [0, 3, 5, 7])
        #expect(file.lineText(1) == "a")
        #expect(file.location(ofOffset: 5).line == 3)
    }

    @Test func bomIsNotAColumn() {
        let file = SourceFile(path: "a.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("key: v".utf8))
        #expect(file.location(ofOffset: 3).column == 1)
        #expect(file.location(ofOffset: 8).column == 6)
        #expect(file.lineText(1) == "key: v")
        #expect(file.offset(line: 1, column: 6) == 8)
    }

    @Test func offsetOfLineAndColumnRoundTrips() {
        let file = SourceFile(path: "a.yaml", text: "x: 1\ntitle: \"привет ${a}\"\n")
        for offset in 0..<file.bytes.count where file.bytes[offset] & 0xC0 != 0x80 {
            let location = file.location(ofOffset: offset)
            #expect(file.offset(line: location.line, column: location.column) == offset)
        }
    }

    /// Columns counted from the block an offset lies in agree with counting the line from its start: on a line of
    /// many blocks (a chart written on one line), with multi-byte characters, a CR LF and a BOM on the way.
    @Test func columnsOnALongLineAgreeWithCountingFromTheLineStart() {
        let line = String(repeating: "<a é=\"привет\"/>", count: 40)
        let file = SourceFile(path: "a.scxml", bytes: [0xEF, 0xBB, 0xBF] + Array((line + "\r\n" + line + "\n").utf8))
        for offset in 0...file.bytes.count {
            let location = file.location(ofOffset: offset)
            var start = file.lineStarts[location.line - 1]
            if location.line == 1, offset >= 3 { start = 3 }
            let counted = 1 + file.bytes[start..<max(start, offset)].filter { $0 & 0xC0 != 0x80 }.count
            #expect(location.column == counted, "offset \(offset)")
        }
    }
}

@Suite struct SuggestionTests {
    @Test func suggestsTheClosestName() {
        #expect(Suggestion.closest(to: "donat", in: ["donate", "main", "donate_form"]) == "donate")
        #expect(Suggestion.closest(to: "nmae", in: ["name", "surname"]) == "name")
        #expect(Suggestion.closest(to: "zzzzzz", in: ["name"]) == nil)
    }
}

@Suite struct RendererTests {
    let file = SourceFile(path: "f.yaml", text: "screens:\n  main:\n    titel: Hi\n")

    var diagnostic: Diagnostic {
        let range = SourceRange(
            path: "f.yaml", start: SourceLocation(line: 3, column: 5, offset: 22),
            end: SourceLocation(line: 3, column: 10, offset: 27))
        return .error(
            "M001", "unknown key `titel`", at: range, notes: [DiagnosticNote("did you mean `title`?")],
            fixIts: [FixIt(range: range, replacement: "title")])
    }

    @Test func humanRenderingHasPositionLineAndCaret() {
        let text = DiagnosticRenderer(format: .human, sources: [file]).render([diagnostic])
        #expect(
            text == """
                f.yaml:3:5: error[M001]: unknown key `titel`
                  |
                3 |     titel: Hi
                  |     ^~~~~
                  note: did you mean `title`?
                  fix: replace with `title`

                """)
        #expect(!text.contains("\u{1B}"))
    }

    /// A line of a megabyte (a minified chart, a huge attribute) is shown as a window around the span, elided with
    /// `…`, the caret still under the span's first character.
    @Test func aLongLineIsShownAroundTheSpan() throws {
        let long = String(repeating: "a", count: 1_000_000) + "BAD" + String(repeating: "b", count: 1_000_000)
        let file = SourceFile(path: "l.xml", text: long + "\n")
        let start = 1_000_001
        let range = SourceRange(
            path: "l.xml", start: SourceLocation(line: 1, column: start, offset: start - 1),
            end: SourceLocation(line: 1, column: start + 3, offset: start + 2))
        let text = DiagnosticRenderer(format: .human, sources: [file]).render([.error("I011", "too long", at: range)])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let source = try #require(lines.first { $0.hasPrefix("1 | ") })
        let caret = try #require(lines.first { $0.contains("^") })
        #expect(source.count < DiagnosticRenderer.excerptWidth + 10, "\(source.count) characters")
        #expect(source.hasPrefix("1 | …a") && source.hasSuffix("b…"))
        let column = try #require(caret.firstIndex(of: "^"))
        #expect(source.dropFirst(caret.distance(from: caret.startIndex, to: column)).hasPrefix("BAD"))
        #expect(caret[column...] == "^~~")
    }

    @Test func colourOnlyWhenAsked() {
        #expect(
            DiagnosticRenderer(format: .human, color: true, sources: [file]).render([diagnostic]).contains(
                "\u{1B}[1;31m"))
    }

    @Test func githubAnnotation() {
        let text = DiagnosticRenderer(format: .github).render([diagnostic])
        #expect(
            text.hasPrefix(
                "::error file=f.yaml,line=3,col=5,endLine=3,endColumn=10,title=M001::unknown key `titel`%0Anote:"))
    }

    @Test func jsonRoundTrips() throws {
        let text = DiagnosticRenderer(format: .json).render([diagnostic])
        let decoded = try JSONDecoder().decode([Diagnostic].self, from: Data(text.utf8))
        #expect(decoded == [diagnostic])
    }
}

/// Locations are stored in 32 bits but read and coded as plain integers, as before.
struct SourceLocationStorageTests {
    @Test func locationsCodeAsLineColumnOffset() throws {
        let location = SourceLocation(line: 3, column: 7, offset: 42)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(location), as: UTF8.self)
        #expect(json == #"{"column":7,"line":3,"offset":42}"#)
        #expect(try JSONDecoder().decode(SourceLocation.self, from: Data(json.utf8)) == location)
    }

    @Test func valuesBeyondThirtyTwoBitsSaturate() {
        var location = SourceLocation(line: 1, column: 1, offset: Int.max)
        #expect(location.offset == Int(Int32.max))
        location.line = 12
        #expect(location.line == 12)
        #expect(location.description == "12:1")
    }
}
