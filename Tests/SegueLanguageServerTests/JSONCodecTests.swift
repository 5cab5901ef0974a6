import Foundation
import Testing

@testable import SegueLanguageServer

/// The server's own JSON reader and writer: what editors send (escapes, non-ASCII, surrogate pairs, numbers) reads
/// back exactly, what is not JSON is refused with where, and what the server writes other JSON readers accept.
struct JSONCodecTests {
    @Test func aDidChangeReadsBackWithEveryEscape() throws {
        let text =
            #"{"method":"textDocument/didChange","params":{"contentChanges":[{"text":"title: \"Донат\"\n\tx: \\ \/ \u0041\ud83d\ude00"}],"textDocument":{"uri":"file:///a.yaml","version":7}}}"#
        let message = try JSON.parse(Data(text.utf8))
        #expect(message["method"] == "textDocument/didChange")
        #expect(message["params"]?["textDocument"]?["version"]?.int == 7)
        let changed = message["params"]?["contentChanges"]?.array?.first?["text"]?.string
        #expect(changed == "title: \"Донат\"\n\tx: \\ / A😀")
    }

    @Test func numbersLiteralsAndEmptyCollections() throws {
        let message = try JSON.parse(Data(#" [0, -12, 3.5, 1e3, -2.5E-2, true, false, null, [], {}] "#.utf8))
        #expect(message == [0, -12, .number(3.5), 1000, .number(-0.025), true, false, .null, [], [:]])
    }

    @Test func malformedTextIsRefusedWithItsOffset() {
        for (text, offset) in [
            (#"{"a":1} x"#, 8), (#"{"a" 1}"#, 5), (#"["unclosed"#, 10), ("[01]", 2), (#"{"a":tru}"#, 5), ("", 0),
            ("[1,]", 3), ("\"a\u{01}b\"", 2), (#""\x""#, 3),
        ] {
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSON.parse(Data(text.utf8)) }
            do {
                _ = try JSONParser.parse(Data(text.utf8))
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }

    @Test func nestingBeyondTheLimitIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try JSON.parse(Data(deep.utf8)) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? JSON.parse(Data(fine.utf8))) != nil)
    }

    @Test func writtenMessagesAreSortedCompactAndReadByFoundation() throws {
        let message: JSON = [
            "method": "textDocument/publishDiagnostics",
            "params": [
                "uri": "file:///tmp/a b.yaml", "version": 3,
                "diagnostics": [["message": "unknown `x`\nnote: \"quoted\" \\ tab\t\u{01}", "severity": 1]],
            ],
            "ratio": .number(0.25),
        ]
        let written = String(decoding: message.encoded(), as: UTF8.self)
        #expect(
            written
                == #"{"method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"message":"unknown `x`\nnote: \"quoted\" \\ tab\t\u0001","severity":1}],"uri":"file:///tmp/a b.yaml","version":3},"ratio":0.25}"#
        )
        let foundation = try JSONSerialization.jsonObject(with: message.encoded()) as? [String: Any]
        let params = foundation?["params"] as? [String: Any]
        #expect(params?["uri"] as? String == "file:///tmp/a b.yaml")
        #expect(try JSON.parse(message.encoded()) == message)
    }
}
