import Foundation
import SegueScenario
import Testing

@testable import SegueServe

/// The session behind the page: inputs through the input query, outcome choices, the clock, time travel, saving
/// as a scenario that `segue test` passes.
@Suite struct ServedFlowTests {
    @Test func theDonateHappyPath() async throws {
        let served = try await ServeFixture.served("donate")
        #expect(served.screenName == "main")
        let drawing = served.snapshot().drawing
        #expect(drawing.hasPrefix("<svg"))
        #expect(drawing.contains(#"data-kind="tap" data-path="donate""#))
        #expect(await served.tap("donate"))
        #expect(await served.tap("options[0]"))
        #expect(served.snapshot().screen?.alert?.title == "Отлично")
        #expect(served.screenName == "donate_form")
        #expect(await served.type("name", "Анна Мария"))
        #expect(served.field("name")?.error == "Имя — одно слово")
        #expect(await served.type("name", "Анна"))
        #expect(served.field("name")?.error == nil)
        #expect(served.field("name")?.value == "Анна")
        #expect(await served.type("surname", "Петрова"))
        #expect(await served.tap("save"))
        let alert = served.snapshot().screen?.alert
        #expect(alert?.title == "Поздравляем")
        #expect(alert?.message == "Вы попали на доску почета")
        // Launch, donate, the option, the name typed (one step however often it was sent), surname, save.
        #expect(served.snapshot().timeline.commands.count == 6)
    }

    @Test func aRefusedInputSaysWhyAndChangesNothing() async throws {
        let served = try await ServeFixture.served("donate")
        #expect(!(await served.tap("options[0]")))
        let page = served.snapshot()
        #expect(page.failed)
        #expect(page.message.contains("no element `options[0]` on main"))
        #expect(page.timeline.commands == ["launch"])
        #expect(!(await served.perform(.dismissAlert)))
        #expect(served.snapshot().message == "no alert is shown")
    }

    /// The wheel and a drag on the drawn crop frame post `pinch` and `pan`: the field's framing changes as in the REPL.
    @Test func aPhotosCropFrameTakesPinchAndPan() async throws {
        let served = try await ServeFixture.served("donate")
        await served.tap("donate")
        await served.tap("options[0]")
        _ = await served.perform(.dismissAlert)
        let pinch = try PageCommand.decode(Data(#"{"pinch": {"photo": 2}}"#.utf8))
        #expect(!(await served.perform(pinch)), "no photo yet")
        await served.tap("choose_photo")
        #expect(await served.perform(pinch))
        #expect(await served.perform(try PageCommand.decode(Data(#"{"pan": {"photo": [0, 0]}}"#.utf8))))
        let value = served.snapshot().screen?.element("photo")?.field?.value
        // 640 × 480 at zoom 2: the square frame is 240 px, so its centre stops at (120, 120) px.
        #expect(value?["zoom"] == .number(2))
        #expect(value?["center_x"] == .number(0.1875) && value?["center_y"] == .number(0.25))
        #expect(served.snapshot().timeline.commands.suffix(2) == ["pinch photo 2", "pan photo 0 0"])
    }

    @Test func theNextOutcomeCanBeChosen() async throws {
        let served = try await ServeFixture.served("donate")
        await served.tap("donate")
        let purchase = served.snapshot().outcomes.first { $0.call == "store.purchase" }
        #expect(purchase?.choices.map(\.label) == ["ok", "error", "cancelled"])
        let codes = served.snapshot().outcomes.first { $0.call == "board.add_entry" }?.choices.compactMap(\.code)
        #expect(codes == ["00", "01", "10", "11", "12", "20"])
        #expect(await served.choose(call: "store.purchase", result: "cancelled", code: nil))
        await served.tap("options[0]")
        #expect(served.screenName == "donate")
        #expect(served.snapshot().screen?.alert == nil)
        #expect(await served.choose(call: "store.purchase", result: "error", code: "11"))
        await served.tap("options[0]")
        #expect(served.snapshot().screen?.alert?.title == "Ошибка")
        #expect(await served.perform(.dismissAlert))
        #expect(served.snapshot().screen?.alert == nil)
    }

    @Test func timeTravelMovesAlongTheSteps() async throws {
        let served = try await ServeFixture.served("donate")
        await served.tap("donate")
        await served.tap("all")
        #expect(served.screenName == "donate_all_post")
        #expect(await served.travel(to: 0))
        #expect(served.screenName == "main")
        #expect(await served.travel(by: 1))
        #expect(served.screenName == "donate")
        #expect(served.snapshot().timeline.position == 1)
        #expect(!(await served.travel(to: 9)))
        // A new input after undo drops the steps that redo would have brought back.
        await served.tap("close")
        #expect(served.snapshot().timeline.commands == ["launch", "tap donate", "tap close"])
    }

    @Test func theClockAdvancesToTheNextTimer() async throws {
        let served = try await ServeFixture.served("pictone")
        #expect(served.screenName == "splash")
        #expect(served.snapshot().clock.nextTimer == 1.5)
        #expect(await served.clock("next_timer"))
        #expect(served.screenName == "home")
        #expect(served.snapshot().clock.now == 1.5)
        #expect(!(await served.clock("tick", seconds: -1)))
    }

    @Test func realTimeFiresTimersWhenTheyComeDue() async throws {
        let served = try await ServeFixture.served("pictone")
        await served.beat(2)
        #expect(served.screenName == "splash")
        #expect(await served.clock("run"))
        #expect(served.snapshot().clock.realTime)
        await served.beat(1)
        #expect(served.screenName == "splash")
        #expect(served.snapshot().timeline.commands == ["launch"])
        await served.beat(0.5)
        #expect(served.screenName == "home")
        #expect(served.snapshot().timeline.commands == ["launch", "tick 1.5s"])
        #expect(await served.clock("pause"))
        await served.beat(5)
        #expect(served.snapshot().timeline.commands.count == 2)
    }

    @Test func aClickedSessionIsAScenarioThatPasses() async throws {
        let served = try await ServeFixture.served("donate")
        await served.tap("donate")
        #expect(await served.choose(call: "store.purchase", result: "error", code: "11"))
        await served.tap("options[0]")
        await served.tap("options[1]")
        await served.type("name", "Анна")
        await served.type("surname", "Петрова")
        await served.tap("save")
        let yaml = try served.scenario()
        #expect(yaml.contains("  - next: { call: \"store.purchase\", error: { code: \"11\""))
        #expect(yaml.contains("  - fill: { name: \"Анна\" }"))
        #expect(yaml.contains("expect: { alert: { image: \"done\", message: "))
        #expect(yaml.contains("title: \"Поздравляем\" }, screen: \"donate\""))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString).yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let scenario = try ScenarioParser.parse(path: file.path)
        let result = await ScenarioRunner(root: ServeFixture.root).run(scenario)
        #expect(result.passed, "\(result.failure?.description ?? "")")
        #expect(result.visitedScreens == ["main", "donate", "donate_form"])
    }
}
