import Foundation
import Testing

@testable import SegueJSON

/// The one JSON writer: compact with sorted keys for messages, indented for files, and what it writes reads back
/// through the project's reader and Foundation's.
struct JSONWriterTests {
    @Test func writtenMessagesAreSortedCompactAndReadByFoundation() throws {
        let message: JSON = [
            "method": "textDocument/publishDiagnostics",
            "params": [
                "uri": "file:///tmp/a b.yaml", "version": 3,
                "diagnostics": [["message": "unknown `x`\nnote: \"quoted\" \\ tab\t\u{01}\u{08}", "severity": 1]],
            ],
            "ratio": 0.25,
        ]
        let written = String(decoding: message.encoded(), as: UTF8.self)
        #expect(
            written
                == #"{"method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"message":"unknown `x`\nnote: \"quoted\" \\ tab\t\u0001\b","severity":1}],"uri":"file:///tmp/a b.yaml","version":3},"ratio":0.25}"#
        )
        let foundation = try JSONSerialization.jsonObject(with: message.encoded()) as? [String: Any]
        let params = foundation?["params"] as? [String: Any]
        #expect(params?["uri"] as? String == "file:///tmp/a b.yaml")
        #expect(try JSON.parse(message.encoded()) == message)
    }

    @Test func numbersAsJSONWritesThem() {
        let numbers: JSON = [.int(-3), .number(2), .number(0.1), .number(1e20), .number(.infinity), .number(.nan)]
        #expect(numbers.text == "[-3,2,0.1,1e+20,null,null]")
    }

    @Test func prettyTextIndentsTwoSpacesWithSortedKeys() {
        let value: JSON = ["b": [1, "x"], "a": [:], "c": []]
        #expect(value.prettyText == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    \"x\"\n  ],\n  \"c\": []\n}\n")
        #expect((try? JSON.parse(value.prettyText)) == value)
    }

    @Test func quotedEscapesQuotesBackslashesAndControls() {
        #expect(JSONWriter.quoted("a/\"b\"\\\n\u{1F}é") == #""a/\"b\"\\\n\u001fé""#)
    }
}
