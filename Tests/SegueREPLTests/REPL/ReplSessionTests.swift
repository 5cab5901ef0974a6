import Foundation
import SegueMachine
import SegueTestFixtures
import Testing

@Suite struct ReplSessionTests {
    @Test func mistakesAreMessagesWithSuggestions() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        let typo = await session.execute("tap donat")
        #expect(typo.failed)
        #expect(typo.text == "error: no element `donat` on main; did you mean `donate`?")
        let command = await session.execute("tpa donate")
        #expect(command.text == "error: unknown command `tpa`; did you mean `tap`?")
        _ = await session.execute("tap donate")
        let hidden = await session.execute("tap delete")
        #expect(
            hidden.text.hasPrefix("error: `delete` is hidden now (shown when `has_entry`); tappable now: options[0]"))
        let list = await session.execute("tap options")
        #expect(list.text == "error: `options` is a list: tap one of its items, `tap options[0]` … `tap options[2]`")
        let range = await session.execute("tap options[7]")
        #expect(range.text == "error: `options` has 3 items: `tap options[0]` … `tap options[2]`")
        let event = await session.execute("send bye")
        // Any name may be sent (SCXML's descriptor rules); one no handler takes is a warning, not a mistake.
        #expect(event.text == "warning: no handler of the flow takes `bye`; it is dropped, as SCXML drops it; did you mean `buy`?")
        #expect(!event.failed)
        let json = await session.execute("send buy {item")
        #expect(json.text == "error: the payload of `buy` is not valid JSON: {item")
        let device = await session.execute("device iphone77")
        #expect(device.text.hasPrefix("error: unknown device `iphone77`; did you mean `iphone7`?"))
        #expect(session.view?.screen == "donate", "no mistake changed the screen")
    }

    @Test func disabledSaveSaysWhichFieldsAreWrong() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        _ = await session.execute("tap donate")
        _ = await session.execute("tap options[0]")
        _ = await session.execute("fill name Анна")
        let reply = await session.execute("tap save")
        #expect(reply.text == "error: `save` is disabled until the form is valid: surname: Обязательное поле")
        #expect(session.embedded.boards["board"] != nil)
    }

    @Test func undoReturnsToTheLaunchStateAndRedoComesBack() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        let launch = session.state
        for line in ["tap donate", "tap options[2]", "fill name Анна", "fill surname Петрова", "tap save"] {
            #expect(!(await session.execute(line)).failed, "\(line)")
        }
        let saved = session.state
        #expect(session.view?.alert?.title == "Поздравляем")
        for _ in 0..<5 { _ = await session.execute("undo") }
        #expect(session.state == launch)
        #expect((await session.execute("undo")).text == "error: nothing to undo: this is the launch state")
        for _ in 0..<5 { _ = await session.execute("redo") }
        #expect(session.state == saved)
        #expect((await session.execute("redo")).text == "error: nothing to redo")
    }

    @Test func aNewCommandAfterUndoDropsTheUndoneOnes() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        _ = await session.execute("tap donate")
        _ = await session.execute("tap all")
        _ = await session.execute("undo")
        _ = await session.execute("tap close")
        #expect((await session.execute("history")).text == "1. tap donate\n2. tap close   ← now")
        #expect(session.view?.screen == "main")
    }

    @Test func savedSessionLoadsIntoTheSameState() async throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await ReplFixture.session("donate")
        _ = await first.start()
        for line in ["tap donate", "tap options[1]", "fill name Анна", "tap later", "tap all"] {
            _ = await first.execute(line)
        }
        let save = await first.execute("save \(directory)/session.json")
        #expect(save.text == "saved 5 commands to \(directory)/session.json")

        let second = try await ReplFixture.session("donate")
        _ = await second.start()
        let load = await second.execute("load \(directory)/session.json")
        #expect(!load.failed)
        #expect(
            load.text.hasPrefix("loaded 5 commands from \(directory)/session.json; the state matches the saved one"))
        // Service answers come back from JSON, where 149.0 and 149 are one number: compare as JSON.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(second.state) == encoder.encode(first.state))
        #expect(second.view?.screen == "donate_all_post")
        #expect((await second.execute("history")).text.hasSuffix("5. tap all   ← now"))

        let empty = try await ReplFixture.session("donate")
        let nothing = await empty.execute("save \(directory)/empty.json")
        #expect(nothing.text == "saved 0 commands to \(directory)/empty.json", "execute launches the flow itself")
        #expect((await second.execute("load \(directory)/empty.json")).text.contains("loaded 0 commands"))
        #expect(second.view?.screen == "main")

        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let bad = await second.execute("load \(directory)/bad.json")
        #expect(bad.text == "error: \(directory)/bad.json is not a saved REPL session: missing `segue_repl`")
    }

    /// A trace saved before a field was added to the machine's state (here every field added since the first
    /// release) still loads: the missing fields keep their launch values.
    @Test func aTraceFromAnOlderSegueLoads() async throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await ReplFixture.session("donate")
        _ = await first.start()
        for line in ["tap donate", "tap options[1]", "fill name Анна"] { _ = await first.execute(line) }
        _ = await first.execute("save \(directory)/new.json")
        let saved = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: directory + "/new.json")))
        var trace = try #require(saved as? [String: Any])
        let added = ["externalQueue", "currentEvent", "nextSend", "resultReceivers", "sessions", "nextSession"]
        for part in ["launch", "final"] {
            var state = try #require(trace[part] as? [String: Any])
            for key in added { #expect(state.removeValue(forKey: key) != nil, "the trace wrote \(key)") }
            trace[part] = state
        }
        try JSONSerialization.data(withJSONObject: trace).write(to: URL(fileURLWithPath: directory + "/old.json"))

        let second = try await ReplFixture.session("donate")
        _ = await second.start()
        let load = await second.execute("load \(directory)/old.json")
        #expect(load.text.hasPrefix("loaded 3 commands from \(directory)/old.json; the state matches the saved one"))
        #expect(second.view?.screen == first.view?.screen)
    }

    @Test func scriptedOutcomesReplaceTheNextCall() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        _ = await session.execute("tap donate")
        let scripted = await session.execute("outcome store.purchase cancelled")
        #expect(scripted.text == "the next store.purchase will end: cancelled")
        #expect((await session.execute("state")).text.contains("scripted next store.purchase: cancelled"))
        let cancelled = await session.execute("tap options[0]")
        #expect(cancelled.text.contains("↳ cancelled"))
        #expect(session.view?.screen == "donate")
        _ = await session.execute(#"outcome board.add_entry error {"code": "12", "message": "Операция невозможна"}"#)
        _ = await session.execute("tap options[0]")
        _ = await session.execute("fill name Анна")
        _ = await session.execute("fill surname Петрова")
        let refused = await session.execute("tap save")
        #expect(refused.text.contains("↳ error 12: Операция невозможна"))
        #expect(session.view?.alert == AlertState(image: "error", title: "Ошибка", message: "Операция невозможна"))
        #expect(
            (await session.execute("outcome store.purchse ok")).text
                == "error: no service operation `store.purchse`; did you mean `store.purchase`?")
    }

    @Test func completionOffersWhatTheTopScreenAccepts() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        #expect(session.completions(line: "", word: "un") == ["undo"])
        #expect(session.completions(line: "tap ", word: "") == ["donate"])
        _ = await session.execute("tap donate")
        #expect(session.completions(line: "tap ", word: "opt") == ["options[0]", "options[1]", "options[2]"])
        // The newest demo donor left no text, so her card has no `more` to offer.
        #expect(session.completions(line: "tap ", word: "latest[0].") == [])
        #expect(session.completions(line: "select ", word: "") == ["options", "latest"])
        #expect(session.completions(line: "select options ", word: "") == ["0", "1", "2"])
        #expect(session.completions(line: "send ", word: "b") == ["buy"])
        #expect(session.completions(line: "outcome ", word: "store.p") == ["store.products", "store.purchase"])
        #expect(session.completions(line: "outcome store.purchase ", word: "") == ["ok", "error", "cancelled"])
        #expect(
            session.completions(line: "device ", word: "iphone1") == [
                "iphone11", "iphone13mini", "iphone15", "iphone16promax",
            ])
        _ = await session.execute("tap all")
        // On the two-column wall the third card's text needs more than two lines.
        #expect(session.completions(line: "tap ", word: "wall[2].") == ["wall[2].more"])
        _ = await session.execute("back")
        _ = await session.execute("tap options[0]")
        // A photo is picked, never typed: `fill` does not offer the photo field.
        #expect(session.completions(line: "fill ", word: "") == ["name", "surname", "url", "text"])
    }

    @Test func deviceChangeRelaunchesWithTheProfile() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        _ = await session.execute("tap donate")
        _ = await session.execute("tap all")
        #expect(session.view?.element("wall")?.columns == 2)
        let reply = await session.execute("device iphone11")
        #expect(reply.text.contains("• root – → main"))
        #expect(session.device == .iPhone11)
        _ = await session.execute("tap donate")
        _ = await session.execute("tap all")
        #expect(session.view?.element("wall")?.columns == 3)
        _ = await session.execute("undo")
        _ = await session.execute("undo")
        _ = await session.execute("undo")
        #expect(session.device == .iPhone15, "undo goes back to the earlier device too")
    }
}
