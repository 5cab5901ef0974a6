import Foundation
import SegueExpression
import Testing

@testable import SegueMachine
@testable import SegueRuntime

/// A stepped session runs every effect before `send` returns, in the machine's order; nothing it fails at is
/// swallowed.
@Suite struct SteppedSessionTests {
    static let flow = SessionTests.flow

    func session(persistence: (any Persistence)? = nil) throws -> Session {
        Session(program: try Harness.compile(Self.flow), services: SessionTests.services(), persistence: persistence)
    }

    func path(_ session: Session, _ name: String) throws -> ElementPath {
        try #require(session.machine.program.path(name, on: 0))
    }

    /// A directory with a regular file where a subdirectory should be, so nothing can be saved under it.
    func blockedPath() throws -> String {
        let directory = NSTemporaryDirectory() + "segue-session-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/data", contents: Data("a file".utf8))
        return directory + "/data/saved.json"
    }

    @Test func sendReturnsWithEveryCallAnsweredAndRecorded() async throws {
        let persistence = MemoryPersistence()
        let session = try session(persistence: persistence)
        await session.launch()
        let steps = await session.send(.tap(try path(session, "buy")))
        #expect(steps.count == 2, "the tap, then the purchase's outcome")
        #expect(
            steps[0].effects.first
                == .callService(
                    id: 1, service: "store", operation: "purchase", arguments: ["product": .string("donate.small")]))
        #expect(await session.state.data[0] == .string("donate.small"))
        #expect(await persistence.values == ["bought": .string("donate.small")])
        #expect(await session.calls.map(\.name) == ["store.purchase"])
        #expect(await session.lastSteps == steps)
    }

    @Test func aScriptedOutcomeAnswersTheNextCallInsteadOfTheService() async throws {
        let session = try session()
        await session.launch()
        await session.script("store.purchase", .cancelled)
        #expect(await session.pendingScripts == ["store.purchase": [.cancelled]])
        await session.send(.tap(try path(session, "buy")))
        #expect(await session.calls.map(\.outcome) == [.cancelled])
        #expect(await session.state.data[0] == .null)
        #expect(await session.pendingScripts.isEmpty)
        await session.send(.tap(try path(session, "buy")))
        #expect(await session.state.data[0] == .string("donate.small"), "the script was used once")
    }

    @Test func restoreGoesBackToAnEarlierState() async throws {
        let session = try session()
        await session.launch()
        let launched = await session.state
        await session.send(.tap(try path(session, "buy")))
        await session.restore(launched)
        #expect(await session.state == launched)
    }

    @Test func aFailedSaveIsRecordedAndTracedInTheStepThatPersisted() async throws {
        let blocked = try blockedPath()
        let session = try session(persistence: FilePersistence(path: blocked))
        await session.launch()
        #expect(await session.persistenceErrors.isEmpty)
        let steps = await session.send(.tap(try path(session, "buy")))
        let errors = await session.persistenceErrors
        #expect(errors.count == 1)
        #expect(errors.first?.path == blocked)
        let traced = steps[1].trace.compactMap { entry -> String? in
            if case .error(let message, "not saved", _) = entry { message } else { nil }
        }
        #expect(traced == errors.map(\.description))
        #expect(await session.state.data[0] == .string("donate.small"), "the flow goes on with the value in memory")
    }

    @Test func aFailedLoadIsRecordedAndTracedAtLaunch() async throws {
        let directory = NSTemporaryDirectory() + "segue-session-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/saved.json", withIntermediateDirectories: true)
        let session = try session(persistence: FilePersistence(path: directory + "/saved.json"))
        let steps = await session.launch()
        let errors = await session.persistenceErrors
        #expect(errors.count == 1)
        #expect(
            steps.first?.trace.first
                == .error(message: errors.first?.description ?? "", handledBy: "launched without saved data"))
        #expect(await session.view?.screen == "main", "the flow still launches")
    }

    @Test func realTimeCallsAreAnsweredLaterAndRecordedToo() async throws {
        let session = Session(
            program: try Harness.compile(Self.flow), services: SessionTests.services(), mode: .realTime)
        await session.launch()
        let steps = await session.send(.tap(try path(session, "buy")))
        #expect(steps.count == 1, "real time returns before the outcome")
        await session.waitUntilIdle()
        #expect(await session.state.data[0] == .string("donate.small"))
        #expect(await session.calls.map(\.name) == ["store.purchase"])
    }
}
