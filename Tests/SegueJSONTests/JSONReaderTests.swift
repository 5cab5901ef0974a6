import Foundation
import Testing

@testable import SegueJSON

/// The one JSON reader: what editors, servers and files send (escapes, non-ASCII, surrogate pairs, numbers) reads
/// back exactly; what is not JSON, or breaks the reader's rules, is refused with where (offset, line, column).
struct JSONReaderTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSON { try JSON.parse(Data(text.utf8)) }

    @Test func aDidChangeReadsBackWithEveryEscape() throws {
        let text =
            #"{"method":"textDocument/didChange","params":{"contentChanges":[{"text":"title: \"Донат\"\n\tx: \\ \/ \u0041\ud83d\ude00"}],"textDocument":{"uri":"file:///a.yaml","version":7}}}"#
        let message = try parse(text)
        #expect(message["method"] == "textDocument/didChange")
        #expect(message["params"]?["textDocument"]?["version"]?.int == 7)
        let changed = message["params"]?["contentChanges"]?.array?.first?["text"]?.string
        #expect(changed == "title: \"Донат\"\n\tx: \\ / A😀")
    }

    @Test func escapesDecodeToCharacters() throws {
        #expect(
            try parse(#""\u20BD \ud83d\ude00 \"q\" \\ \/ \n \b\f\r\t""#)
                == .string("₽ 😀 \"q\" \\ / \n \u{8}\u{C}\r\t"))
        #expect(try parse("\"Маленький донат\"") == .string("Маленький донат"))
        #expect(try parse("\u{FEFF}[1]") == [1])  // a byte order mark before the text is skipped
    }

    /// One rule for numbers: an integer written without a fraction or exponent that fits `Int` is `.int`.
    @Test func integersStayIntegersWhenTheyFit() throws {
        #expect(
            try parse(#" [0, -12, 3.5, 1e3, -2.5E-2, true, false, null, [], {}] "#)
                == [0, -12, .number(3.5), .number(1000), .number(-0.025), true, false, .null, [], [:]])
        #expect(try parse("9223372036854775807") == .int(Int.max))
        #expect(try parse("-9223372036854775808") == .int(Int.min))
        // Past Int64: the nearest double, as a number.
        #expect(try parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try parse("12345678901234567890") == .number(Double("12345678901234567890") ?? 0))
        #expect(try parse("-0") == .int(0))
        #expect(JSON.number(2).int == 2)
        #expect(JSON.number(2.5).int == nil)
        #expect(JSON.int(3).double == 3)
    }

    @Test func malformedTextIsRefusedWithItsOffset() {
        for (text, offset) in [
            (#"{"a":1} x"#, 8), (#"{"a" 1}"#, 5), (#"["unclosed"#, 1), ("[01]", 1), (#"{"a":tru}"#, 5), ("", 0),
            ("[1,]", 3), ("\"a\u{01}b\"", 2), (#""\x""#, 1), ("[1 2]", 3), ("{1: 2}", 1), ("-", 0), ("1.", 0),
            ("1e+", 0), (#""\u12G4""#, 5), ("nul", 0),
        ] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try parse(text) }
            do {
                _ = try parse(text)
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }

    @Test func errorsSayWhereAndWhat() {
        let cases: [(String, JSONSyntaxError)] = [
            (#"{"a": 1, "a": 2}"#, .init(offset: 9, line: 1, column: 10, message: "duplicate key \"a\"")),
            ("[1, 2", .init(offset: 5, line: 1, column: 6, message: "unexpected end of text; expected ',' or ']'")),
            ("[01]", .init(offset: 1, line: 1, column: 2, message: "a number must not start with a leading zero")),
            (
                "\"\u{1}\"",
                .init(offset: 1, line: 1, column: 2, message: "a control character inside a string must be escaped")
            ),
            (
                #""\ud83d""#,
                .init(
                    offset: 1, line: 1, column: 2,
                    message: "a high surrogate \\u escape must be followed by a low surrogate")
            ),
            (#""\ude00x""#, .init(offset: 1, line: 1, column: 2, message: "a lone low surrogate in \\u escape")),
            (#""\ud83d\u0041""#, .init(offset: 1, line: 1, column: 2, message: "invalid low surrogate in \\u escape")),
            ("{\n\"ключ\": tru}", .init(offset: 14, line: 2, column: 9, message: "unexpected 't'; expected a value")),
            ("[] []", .init(offset: 3, line: 1, column: 4, message: "unexpected '[' after the end of the JSON value")),
            ("1e400", .init(offset: 0, line: 1, column: 1, message: "the number 1e400 is out of range")),
            (" ", .init(offset: 1, line: 1, column: 2, message: "the text is empty; expected a JSON value")),
            (
                String(repeating: "[", count: 300),
                .init(offset: 256, line: 1, column: 257, message: "nesting deeper than 256 levels")
            ),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try parse(text) }
        }
    }

    @Test func invalidUTF8InAStringIsRefusedAtTheString() {
        let texts: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x5B, 0x22, 0x61, 0xC3, 0x22, 0x5D], [0x22, 0xF0, 0x9F, 0x98, 0x22],
        ]
        for bytes in texts {
            #expect(throws: JSONSyntaxError.self) { try JSON.parse(Data(bytes)) }
        }
        // …also after an escape (the slow path).
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22])) }
    }

    @Test func nestingBeyondTheLimitIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? parse(fine)) != nil)
        let objects = String(repeating: #"{"a":"#, count: 257) + "1" + String(repeating: "}", count: 257)
        #expect(throws: JSONSyntaxError.self) { try parse(objects) }
    }

    @Test func limitsAreTheCallersToTighten() {
        let limits = JSONReader.Limits(depth: 2, bytes: 10)
        #expect((try? JSON.parse("[[1]]", limits: limits)) == [[1]])
        #expect(throws: JSONSyntaxError.self) { try JSON.parse("[[[1]]]", limits: limits) }
        #expect(
            throws: JSONSyntaxError(
                offset: 0, line: 1, column: 1, message: "the text is 11 bytes, more than the 10 a JSON text may have")
        ) { try JSON.parse("[1,2,3,4,5]", limits: limits) }
    }
}
