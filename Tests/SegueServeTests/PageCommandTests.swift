import Foundation
import Testing

@testable import SegueServe

/// What the page posts becomes the REPL line a trace and the REPL share; bad posts say what was expected.
@Suite struct PageCommandTests {
    func line(_ json: String) throws(PageCommand.Problem) -> String? {
        try PageCommand.decode(Data(json.utf8)).line()
    }

    @Test func eachKindBecomesItsCommand() throws {
        #expect(try line(#"{"kind": "tap", "path": "lines[2].play"}"#) == "tap lines[2].play")
        #expect(try line(#"{"kind": "select", "path": "options[0]"}"#) == "tap options[0]")
        #expect(try line(#"{"kind": "edit", "path": "name", "text": "Анна Мария"}"#) == "fill name Анна Мария")
        #expect(try line(#"{"kind": "edit", "path": "name", "text": ""}"#) == "clear name")
        #expect(try line(#"{"kind": "change", "path": "start", "value": 0.25}"#) == "slide start 0.25")
        #expect(
            try line(#"{"kind": "change", "path": "lines[0].clip", "option": "take"}"#) == "pick lines[0].clip take")
        #expect(try line(#"{"kind": "scroll_end", "path": "wall"}"#) == "scroll wall")
        #expect(try line(#"{"kind": "back"}"#) == "back")
        #expect(try line(#"{"kind": "swipe_dismiss"}"#) == "dismiss")
        #expect(try line(#"{"kind": "dismiss_alert"}"#) == nil)
        // The wheel and a drag on a photo's crop frame are the REPL's pinch and pan.
        #expect(try line(#"{"kind": "pinch", "path": "photo", "value": 2}"#) == "pinch photo 2.0")
        #expect(try line(#"{"kind": "pan", "path": "photo", "x": 0.25, "y": 0.75}"#) == "pan photo 0.25 0.75")
    }

    @Test func badPostsAreRefusedWithWhatWasExpected() {
        let cases: [(String, String)] = [
            ("not json", "is not JSON"),
            (#"{"kind": "tap"}"#, "`tap` needs the element's `path`"),
            (#"{"kind": "tap", "path": "save; reset"}"#, "`tap` needs the element's `path`"),
            (#"{"kind": "change", "path": "start"}"#, "a slider's numeric `value` or a picker's `option`"),
            (#"{"kind": "change", "path": "clip", "option": "two words"}"#, "a picker's `option` is one word"),
            (#"{"kind": "launch"}"#, "unknown input kind `launch`"),
            (#"{"kind": "pinch", "path": "photo"}"#, "`pinch` needs the zoom as `value`"),
            (#"{"kind": "pan", "path": "photo", "x": 0.5}"#, "`pan` needs the frame's new centre as `x` and `y`"),
        ]
        for (json, expected) in cases {
            #expect(throws: PageCommand.Problem.self) { try line(json) }
            do {
                _ = try line(json)
            } catch {
                #expect(error.description.contains(expected), "\(json): \(error.description)")
            }
        }
    }
}
