import Foundation
import SegueREPL
import Testing

@testable import SegueServe

/// The page sends a field's text as it is typed: each edit reaches the machine (the field's rules show at once),
/// and typing on in one field is one step of the timeline, as one edit of the field on a device.
@Suite struct ServedTypingTests {
    static func onTheForm() async throws -> ServedFlow {
        let served = try await ServeFixture.served("donate")
        await served.tap("donate")
        await served.tap("options[0]")
        _ = await served.perform(.dismissAlert)
        return served
    }

    @Test func eachEditShowsTheRulesAndTypingOnIsOneStep() async throws {
        let served = try await Self.onTheForm()
        let before = served.snapshot().timeline.commands
        #expect(await served.type("name", "Анна"))
        #expect(served.field("name")?.error == nil)
        #expect(await served.type("name", "Анна М"))
        #expect(served.field("name")?.error == "Имя — одно слово")
        #expect(await served.type("name", "Анна Мария"))
        #expect(served.snapshot().timeline.commands == before + ["fill name Анна Мария"])
        #expect(await served.type("surname", "Петрова"))
        #expect(await served.type("name", "Анна"))
        #expect(
            served.snapshot().timeline.commands
                == before + ["fill name Анна Мария", "fill surname Петрова", "fill name Анна"])
        // Undo takes the whole typing back at once.
        #expect(await served.travel(by: -1))
        #expect(served.field("name")?.value == "Анна Мария")
    }

    @Test func typingBackToTheTextBeforeLeavesNoStep() async throws {
        let served = try await Self.onTheForm()
        #expect(await served.type("name", "Анна"))
        #expect(await served.type("surname", "Петрова"))
        let before = served.snapshot().timeline.commands
        #expect(await served.type("name", "Анна М"))
        #expect(served.snapshot().timeline.commands == before + ["fill name Анна М"])
        #expect(await served.type("name", "Анна"))
        #expect(served.snapshot().timeline.commands == before)
        #expect(served.snapshot().timeline.position == before.count - 1)
        #expect(served.field("name")?.value == "Анна")
    }

    /// The REPL's own `fill` lines are steps each: joining is only for typing.
    @Test func theReplsFillsStayStepsOfTheirOwn() async throws {
        let session = try await ReplSession.open(
            path: ServeFixture.root + "/flows/donate.yaml", options: ServeFixture.options)
        _ = await session.start()
        for line in ["tap donate", "tap options[0]", "fill name А", "fill name Анна"] {
            #expect(!(await session.execute(line)).failed, "\(line)")
        }
        #expect(session.timelineEntries.map(\.command).suffix(2) == ["fill name А", "fill name Анна"])
    }
}
