import SegueDiagnostics
import Testing

@testable import SegueYAML

/// `sourceRange(ofTextOffset:length:in:)`: where characters of a scalar's text are in the file.
@Suite struct ScalarSourceMapTests {
    /// Loads `text`, finds `needle` in `key`'s value, and returns the file text it maps to and where: `text@span`.
    func locate(_ needle: String, in key: String, of text: String) -> String {
        let file = SourceFile(path: "test.yaml", text: text)
        let result = YAMLLoader().load(file)
        guard result.diagnostics.isEmpty, let node = result.root?.at(key), let value = node.scalar?.text,
            let match = value.range(of: needle)
        else { return "not loaded" }
        let offset = value.utf8.distance(from: value.startIndex, to: match.lowerBound)
        let range = node.sourceRange(ofTextOffset: offset, length: needle.utf8.count, in: file)
        let found = String(decoding: file.bytes[range.start.offset..<range.end.offset], as: UTF8.self)
        return "\(found)@\(range.span)"
    }

    @Test func plain() {
        #expect(locate("nmae", in: "title", of: "flow: x\ntitle: Hi ${user.nmae}!\n") == "nmae@2:18-2:22")
    }

    @Test func plainWithAnchorAndTag() throws {
        #expect(locate("b", in: "k", of: "k: &a !!str a b c\n") == "b@1:15-1:16")
    }

    @Test func doubleQuotedWithEscapesAndNonASCII() throws {
        let text = "title: \"Привет, \\\"${user.nmae}\\\" \\u00e9 ${x}\"\n"
        #expect(locate("nmae", in: "title", of: text) == "nmae@1:26-1:30")
        // An escape maps to the whole escape sequence.
        #expect(locate("é", in: "title", of: text) == "\\u00e9@1:34-1:40")
        #expect(locate("${x}", in: "title", of: text) == "${x}@1:41-1:45")
    }

    @Test func singleQuotedWithDoubledQuotes() throws {
        let text = "msg: 'it''s ${name} — ok'\n"
        #expect(locate("'", in: "msg", of: text) == "''@1:9-1:11")
        #expect(locate("name", in: "msg", of: text) == "name@1:15-1:19")
        #expect(locate("ok", in: "msg", of: text) == "ok@1:23-1:25")
    }

    @Test func literalBlockMapsThroughIndentation() throws {
        let text = "screen:\n  body: |\n    first ${a}\n      deeper ${b.nmae}\n\n    after blank ${c}\nnext: 1\n"
        let file = SourceFile(path: "test.yaml", text: text)
        let node = try #require(YAMLLoader().load(file).root?.at("screen", "body"))
        #expect(node.scalar?.text == "first ${a}\n  deeper ${b.nmae}\n\nafter blank ${c}\n")
        let value = node.scalar!.text
        func span(_ needle: String) -> String {
            let offset = value.utf8.distance(from: value.startIndex, to: value.range(of: needle)!.lowerBound)
            return node.sourceRange(ofTextOffset: offset, length: needle.utf8.count, in: file).span
        }
        #expect(span("${a}") == "3:11-3:15")
        #expect(span("  deeper") == "4:5-4:13")
        #expect(span("nmae") == "4:18-4:22")
        #expect(span("${c}") == "6:17-6:21")
    }

    @Test func foldedBlock() throws {
        let text = "a: >\n  one ${x}\n  two ${y}\n\n  ünï ${z}\n"
        #expect(locate("${y}", in: "a", of: text) == "${y}@3:7-3:11")
        #expect(locate("${z}", in: "a", of: text) == "${z}@5:7-5:11")
        #expect(locate("ünï", in: "a", of: text) == "ünï@5:3-5:6")
    }

    @Test func multiLinePlainAndQuotedFoldBackToTheirLines() throws {
        let plain = "a: first line\n  second ${x}\n"
        #expect(locate("${x}", in: "a", of: plain) == "${x}@2:10-2:14")
        let quoted = "a: \"first   \n   second ${x}\"\n"
        #expect(locate("${x}", in: "a", of: quoted) == "${x}@2:11-2:15")
        let blankLine = "a: one\n\n  two ${x}\n"
        #expect(locate("${x}", in: "a", of: blankLine) == "${x}@3:7-3:11")
        let escapedBreak = "a: \"one \\\n    two ${x}\"\n"
        #expect(locate("${x}", in: "a", of: escapedBreak) == "${x}@2:9-2:13")
        let single = "a: 'it''s\n  ${x}'\n"
        #expect(locate("${x}", in: "a", of: single) == "${x}@2:3-2:7")
    }

    @Test func crlfFile() throws {
        let text = "a: |\r\n  one\r\n  two ${x}\r\nb: 'é ${y}'\r\n"
        #expect(locate("${x}", in: "a", of: text) == "${x}@3:7-3:11")
        #expect(locate("${y}", in: "b", of: text) == "${y}@4:7-4:11")
    }

    @Test func outOfRangeOffsetsStayInsideTheNode() throws {
        let file = SourceFile(path: "test.yaml", text: "a: \"abc\"\nb: [1]\n")
        let root = try #require(YAMLLoader().load(file).root)
        let a = try #require(root.at("a"))
        #expect(a.sourceRange(ofTextOffset: 10, length: 5, in: file).span == "1:8-1:8")
        #expect(a.sourceRange(ofTextOffset: 1, length: 0, in: file).span == "1:6-1:6")
        let b = try #require(root.at("b"))
        #expect(b.sourceRange(ofTextOffset: 0, length: 1, in: file) == b.range)
    }
}
