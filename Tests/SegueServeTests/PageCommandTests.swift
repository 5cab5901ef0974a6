import Foundation
import SegueDriver
import Testing

@testable import SegueServe

/// What the page posts is a scenario step as JSON, read by the scenario's reader into the step the REPL and
/// scenarios take; bad posts say what was expected, where.
@Suite struct PageCommandTests {
    func lines(_ json: String) throws(PageCommand.Problem) -> [String] {
        switch try PageCommand.decode(Data(json.utf8)) {
        case .dismissAlert: return ["(dismiss the alert)"]
        case .steps(let steps): return steps.map(\.replText)
        }
    }

    @Test func eachStepBecomesItsCommand() throws {
        #expect(try lines(#"{"tap": "lines[2].play"}"#) == ["tap lines[2].play"])
        #expect(try lines(#"{"fill": {"name": "Анна Мария"}}"#) == ["fill name Анна Мария"])
        #expect(try lines(#"{"clear": "name"}"#) == ["clear name"])
        #expect(try lines(#"{"submit": "query"}"#) == ["submit query"])
        // Return in a field: the text not sent yet, then the submit step, in one post and in that order.
        #expect(
            try lines(#"[{"fill": {"query": "green tea"}}, {"submit": "query"}]"#) == [
                "fill query green tea", "submit query",
            ])
        #expect(try lines(#"{"slide": {"start": 0.25}}"#) == ["slide start 0.25"])
        #expect(try lines(#"{"pick": {"lines[0].clip": "take"}}"#) == ["pick lines[0].clip take"])
        #expect(try lines(#"{"scroll_to_end": "wall"}"#) == ["scroll wall"])
        #expect(try lines(#""back""#) == ["back"])
        #expect(try lines(#""dismiss""#) == ["dismiss"])
        #expect(try lines(#""dismiss_alert""#) == ["(dismiss the alert)"])
        #expect(try lines(#"{"pinch": {"photo": 2}}"#) == ["pinch photo 2"])
        #expect(try lines(#"{"pan": {"photo": [0.25, 0.75]}}"#) == ["pan photo 0.25 0.75"])
        #expect(try lines(#"{"send": "buy", "with": {"id": 2}}"#) == [#"send buy {"id":2}"#])
        #expect(try lines(#"{"tick": "1.5s"}"#) == ["tick 1.5s"])
        #expect(try lines(#"{"next": {"call": "store.purchase", "cancelled": true}}"#) == ["outcome store.purchase cancelled"])
    }

    /// Any option or text survives the post: spaces, quotes, a JSON escape, nothing at all.
    @Test func anyOptionTextWorks() throws {
        #expect(try lines(#"{"pick": {"kind": "return flight"}}"#) == ["pick kind return flight"])
        #expect(try lines(#"{"pick": {"kind": "'quoted'"}}"#) == [#"pick kind ''quoted''"#])
        #expect(try lines(#"{"fill": {"name": " Анна\u0020"}}"#) == ["fill name ' Анна '"])
        for step: UserStep in [
            .pick(picker: "kind", option: "return flight"), .pick(picker: "kind", option: "\"both\""),
            .fill(field: "text", text: "line one\nline two"), .fill(field: "name", text: ""),
            .tap("lines[2].play"), .pan(field: "photo", x: 0.125, y: 1),
            .send(event: "buy", payload: .record(["item": .record(["id": .string("donate.small")])])),
        ] {
            #expect(try PageCommand.decode(Data(step.json.utf8)) == .steps([step]), "\(step.json)")
        }
    }

    @Test func badPostsAreRefusedWithWhatWasExpected() {
        let cases: [(String, String)] = [
            ("{tap", "the input is not JSON of the form {\"tap\": \"donate\"}: input:1:"),
            (#"{"tap": "donate""#, "the input is not JSON"),
            (#"{"fly": "x"}"#, "unknown step `fly`"),
            (#""launch""#, "unknown step `launch`; one of: restart, tap"),
            (#"{"slide": {"start": "high"}}"#, "input:1:21: a slider value is a number"),
            (#"{"pick": "clip"}"#, "`pick` takes a mapping of pickers to options"),
            (#"{"pan": {"photo": [0.5]}}"#, "a centre is `[x, y]`"),
            (#"{"next": {"call": "store.purchase", "maybe": true}}"#, "`next` needs `ok: value`"),
            (#"{"back": true}"#, "`back` is written alone"),
            ("[]", "a list of steps needs at least one"),
            (#"[{"submit": "query"}, {"fly": "x"}]"#, "unknown step `fly`"),
        ]
        for (json, expected) in cases {
            do {
                _ = try lines(json)
                Issue.record("\(json) was accepted")
            } catch {
                #expect(error.description.contains(expected), "\(json): \(error.description)")
            }
        }
    }
}
