import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime
import Testing

@testable import SegueDriver

/// The JSON-lines protocol's failures: a crashed, silent or garbage-writing process ends the call with an error
/// that says what happened, never a hang; the next call starts the process again.
@Suite struct ProcessServiceTests {
    /// Generous by default: under a loaded machine a process can take seconds to start.
    static func library(timeout: Double = 60) -> ProcessService {
        let flow = CustomServiceTests.fixtures.appendingPathComponent("library.yaml").path
        let command = ServiceCommand(
            ["python3", "library.py"], at: SourceRange(path: flow, at: SourceLocation(line: 1, column: 1, offset: 0)))
        return ProcessService(
            name: "library", command: command, operations: ["search", "seen", "crash", "silent", "garbage", "slow"],
            timeout: timeout)
    }

    static func error(_ answer: ServiceAnswer) -> ServiceError? {
        guard case .error(let error) = answer.outcome else { return nil }
        return error
    }

    @Test func aCrashIsAnErrorWithItsStatusAndLastWordsAndTheNextCallRestartsIt() async throws {
        let service = Self.library()
        defer { Task { await service.stop() } }
        let crashed = try #require(Self.error(await service.answer("crash", arguments: [:], call: 1)))
        #expect(crashed.code == "process_exited")
        #expect(crashed.message.contains("exited with status 3 before answering: the index is corrupt"), "\(crashed)")
        let again = await service.answer("search", arguments: ["query": .string("depth")], call: 2)
        #expect(again.outcome == .ok(.list([.string("Swift in Depth")])))
    }

    @Test func aSilentProcessTimesOut() async throws {
        let service = Self.library(timeout: 0.5)
        defer { Task { await service.stop() } }
        let silent = try #require(Self.error(await service.answer("silent", arguments: [:], call: 1)))
        #expect(silent.code == "timeout")
        #expect(silent.message == "service `library` did not answer `silent` within 0.5s")
    }

    @Test func garbageOnStdoutIsABadResponseWithTheLine() async throws {
        let service = Self.library()
        defer { Task { await service.stop() } }
        let garbage = try #require(Self.error(await service.answer("garbage", arguments: [:], call: 1)))
        #expect(garbage.code == "bad_response")
        #expect(garbage.message.contains("«Traceback (most recent call last): not JSON»"), "\(garbage)")
    }

    @Test func aCancelledCallEndsCancelledAndTheProcessIsTold() async throws {
        let service = Self.library()
        defer { Task { await service.stop() } }
        // Cancelled at any moment, even before the call began: the request is written before the call waits, so
        // the process reads it, then the cancel.
        let task = Task { await service.answer("slow", arguments: [:], call: 1) }
        task.cancel()
        #expect(await task.value.outcome == .cancelled)
        let seen = await service.answer("seen", arguments: [:], call: 2)
        #expect(seen.outcome == .ok(.list([.string("slow 1"), .string("cancel 1"), .string("seen 2")])))
        #expect(seen.log.contains("cancelled request 1"), "\(seen.log)")
    }

    @Test func aProgramThatCannotStartIsAnError() async throws {
        let command = ServiceCommand(
            ["./no-such-service"],
            at: SourceRange(
                path: NSTemporaryDirectory() + "flow.yaml", at: SourceLocation(line: 1, column: 1, offset: 0)))
        let service = ProcessService(name: "ghost", command: command, operations: ["run"], timeout: 1)
        let failed = try #require(Self.error(await service.answer("run", arguments: [:], call: 1)))
        #expect(failed.code == "process_failed")
    }
}
