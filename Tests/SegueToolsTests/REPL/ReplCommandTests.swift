import SegueModel
import Testing

@testable import SegueTools

@Suite struct ReplCommandTests {
    @Test func parsesEveryCommandShape() throws {
        #expect(try ReplCommand.parse("tap options[0]") == .tap("options[0]"))
        #expect(try ReplCommand.parse("  select latest 2 ") == .select(list: "latest", index: 2))
        #expect(try ReplCommand.parse("fill text Привет, мир!  ") == .fill(field: "text", text: "Привет, мир!"))
        #expect(try ReplCommand.parse("clear url") == .clear(field: "url"))
        #expect(try ReplCommand.parse("slide volume 0.5") == .slide(element: "volume", value: 0.5))
        #expect(try ReplCommand.parse("tick 500ms") == .tick(.milliseconds(500)))
        #expect(try ReplCommand.parse("tick 2") == .tick(.seconds(2)))
        // Exact: no float on the way, so 2.8 s is 2,800 ms to the nanosecond.
        #expect(try ReplCommand.parse("tick 2.8s") == ReplCommand.parse("tick 2800ms"))
        #expect(try ReplCommand.parse("tick 2.8s") == .tick(ClockDuration(nanoseconds: 2_800_000_000)))
        #expect(
            try ReplCommand.parse(#"outcome board.add_entry error {"code": "12"}"#)
                == .outcome(call: "board.add_entry", result: "error", payload: #"{"code": "12"}"#))
        #expect(try ReplCommand.parse("send buy") == .send(event: "buy", payload: nil))
        #expect(try ReplCommand.parse("# a comment") == .empty)
        #expect(try ReplCommand.parse("exit") == .quit)
    }

    @Test func aSpaceBeforeInvisibleOrCombiningCharactersStillEndsTheFieldsName() throws {
        // A space and the tag characters (or a combining mark) typed after it are one Character (issue 16's
        // blank-looking names): the field is still `name`, and they are its text.
        #expect(
            try ReplCommand.parse("fill name \u{E0041}\u{E0042}") == .fill(field: "name", text: "\u{E0041}\u{E0042}"))
        #expect(try ReplCommand.parse("fill name \u{0301}Анна") == .fill(field: "name", text: "\u{0301}Анна"))
    }

    @Test func mistypedCommandSuggestsTheClosest() {
        #expect(throws: ReplCommand.ParseError(description: "unknown command `tpa`; did you mean `tap`?")) {
            try ReplCommand.parse("tpa donate")
        }
    }

    @Test func wrongArgumentsShowTheUsage() {
        #expect(throws: ReplCommand.ParseError.self) { try ReplCommand.parse("select latest x") }
        #expect(throws: ReplCommand.ParseError.self) { try ReplCommand.parse("outcome store.purchase maybe") }
        #expect(throws: ReplCommand.ParseError.self) { try ReplCommand.parse("tick soon") }
        #expect(throws: ReplCommand.ParseError.self) { try ReplCommand.parse("back now") }
    }
}
