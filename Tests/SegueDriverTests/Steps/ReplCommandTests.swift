import SegueMachine
import SegueModel
import Testing

@testable import SegueDriver

@Suite struct ReplCommandTests {
    @Test func parsesEveryCommandShape() throws {
        #expect(try ReplCommand.parse("tap options[0]") == .step(.tap("options[0]")))
        // `select LIST INDEX` is a tap on the item.
        #expect(try ReplCommand.parse("  select latest 2 ") == .step(.tap("latest[2]")))
        #expect(
            try ReplCommand.parse("fill text Привет, мир!  ") == .step(.fill(field: "text", text: "Привет, мир!")))
        #expect(try ReplCommand.parse("clear url") == .step(.clear(field: "url")))
        #expect(try ReplCommand.parse("slide volume 0.5") == .step(.slide(slider: "volume", value: 0.5)))
        #expect(try ReplCommand.parse("tick 500ms") == .step(.tick(.milliseconds(500))))
        #expect(try ReplCommand.parse("tick 2") == .step(.tick(.seconds(2))))
        // Exact: no float on the way, so 2.8 s is 2,800 ms to the nanosecond.
        #expect(try ReplCommand.parse("tick 2.8s") == ReplCommand.parse("tick 2800ms"))
        #expect(try ReplCommand.parse("tick 2.8s") == .step(.tick(ClockDuration(nanoseconds: 2_800_000_000))))
        #expect(
            try ReplCommand.parse(#"outcome board.add_entry error {"code": "12"}"#)
                == .step(
                    .outcome(
                        call: "board.add_entry",
                        .error(ServiceError(service: "board", code: "12", message: "scripted error")))))
        #expect(try ReplCommand.parse("send buy") == .step(.send(event: "buy", payload: .record([:]))))
        #expect(try ReplCommand.parse("reset") == .step(.restart))
        #expect(try ReplCommand.parse("data products") == .data("products"))
        #expect(try ReplCommand.parse("# a comment") == .empty)
        #expect(try ReplCommand.parse("exit") == .quit)
    }

    @Test func aSpaceBeforeInvisibleOrCombiningCharactersStillEndsTheFieldsName() throws {
        // A space and the tag characters (or a combining mark) typed after it are one Character (issue 16's
        // blank-looking names): the field is still `name`, and they are its text.
        #expect(
            try ReplCommand.parse("fill name \u{E0041}\u{E0042}")
                == .step(.fill(field: "name", text: "\u{E0041}\u{E0042}")))
        #expect(try ReplCommand.parse("fill name \u{0301}Анна") == .step(.fill(field: "name", text: "\u{0301}Анна")))
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
        #expect(throws: ReplCommand.ParseError.self) { try ReplCommand.parse("slide volume inf") }
        #expect(
            throws: ReplCommand.ParseError(description: "the payload of `buy` is not valid JSON: {item")
        ) { try ReplCommand.parse("send buy {item") }
    }
}
