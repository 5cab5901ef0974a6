import Foundation
import SegueExpression
import Testing

@testable import SegueServices

@Suite struct JSONValueParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> Value {
        try JSONValueParser.parse(Data(text.utf8))
    }

    @Test func valuesKeepIntegersApartFromNumbers() throws {
        #expect(
            try parse(#"{"a": [1, -2.5, 1e2, true, null, "x"], "b": {}}"#)
                == .record([
                    "a": .list([.int(1), .number(-2.5), .number(100), .bool(true), .null, .string("x")]),
                    "b": .record([:]),
                ]))
        // Past Int64: the nearest double, as a number.
        #expect(try parse("12345678901234567890") == .number(Double("12345678901234567890") ?? 0))
    }

    @Test func escapesDecodeToCharacters() throws {
        #expect(try parse(#""\u20BD \ud83d\ude00 \"q\" \\ \/ \n""#) == .string("₽ 😀 \"q\" \\ / \n"))
        #expect(try parse("\"Маленький донат\"") == .string("Маленький донат"))
    }

    @Test func errorsSayWhereAndWhat() {
        let cases: [(String, JSONSyntaxError)] = [
            (#"{"a": 1, "a": 2}"#, .init(line: 1, column: 10, message: "duplicate key \"a\"")),
            ("[1, 2", .init(line: 1, column: 6, message: "unexpected end of file; expected ',' or ']'")),
            ("[01]", .init(line: 1, column: 2, message: "a number must not start with a leading zero")),
            ("\"\u{1}\"", .init(line: 1, column: 2, message: "a control character inside a string must be escaped")),
            (
                #""\ud83d""#,
                .init(line: 1, column: 2, message: "a high surrogate \\u escape must be followed by a low surrogate")
            ),
            ("{\n\"ключ\": tru}", .init(line: 2, column: 9, message: "unexpected 't'; expected a value")),
            ("[] []", .init(line: 1, column: 4, message: "unexpected '[' after the end of the JSON value")),
            (
                String(repeating: "[", count: 300),
                .init(line: 1, column: 257, message: "nesting deeper than 256 levels")
            ),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try parse(text) }
        }
    }
}
