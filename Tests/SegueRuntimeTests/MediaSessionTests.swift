import SegueExpression
import Testing

@testable import SegueMachine
@testable import SegueRuntime

/// A session plays lines with the durations its audio service gives and feeds the input level while recording.
@Suite struct MediaSessionTests {
    /// An audio service whose lines last 1.5 s each and whose input level is always 0.42.
    static let audio = InMemoryService(operations: ["timeline", "record", "stop_recording", "level", "stop"]) {
        operation, arguments in
        switch operation {
        case "timeline":
            let count = arguments["lines"]?.listValue?.count ?? 0
            return .ok(.record(["durations": .list(Array(repeating: .number(1.5), count: count))]))
        case "level": return .ok(.number(0.42))
        case "record": return .ok(.record(["recording": .bool(true)]))
        default: return .ok(.null)
        }
    }

    func session() throws -> Session {
        Session(program: try Harness.compile(MediaTests.flow), services: ["audio": Self.audio])
    }

    func tap(_ session: Session, _ name: String) async throws {
        let program = session.machine.program
        let path = try #require(program.path(name, on: 0))
        await session.send(.tap(path))
        await session.waitUntilIdle()
    }

    @Test func playbackFollowsTheServicesDurationsOnTheVirtualClock() async throws {
        let session = try session()
        await session.launch()
        try await tap(session, "play_all")
        #expect(await session.view?.highlightedLine == 0)
        await session.advance(by: 1.5)
        #expect(await session.view?.highlightedLine == 1)
        await session.advance(by: 3)
        #expect(await session.view?.highlightedLine == nil)
        #expect(await session.playback == [.play(mode: "continuous", line: 0)])
    }

    @Test func theLevelFollowsTheInputAfterEachAdvanceWhileATakeRecords() async throws {
        let session = try session()
        await session.launch()
        await session.advance(by: 1)
        await session.waitUntilIdle()
        #expect(await level(session)?.numberValue == 0)
        try await tap(session, "record")
        await session.advance(by: 1)
        await session.waitUntilIdle()
        #expect(await level(session) == .number(0.42))
    }

    func level(_ session: Session) async -> Value? {
        let state = await session.state
        guard let top = state.topInstance else { return nil }
        return top.values[session.machine.program.screens[top.screen].slotIndex["level"] ?? 0]
    }
}
