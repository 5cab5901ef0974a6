import Foundation
import SegueRuntime
import Testing

/// The one process runner: output in the order the program wrote it across its two pipes, the exit awaited.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// What a service says on stderr before its answer comes first, every time (a custom service's trace pairs
    /// them so; this took a 3 ms sleep once).
    @Test func standardErrorWrittenFirstArrivesFirst() async throws {
        for _ in 0..<20 {
            let child = try ChildProcess(executable: Self.shell, arguments: ["-c", "echo said >&2; echo answer"])
            var order: [ChildProcess.Output] = []
            for await chunk in child.output { order.append(chunk) }
            #expect(order == [.standardError(Data("said\n".utf8)), .standardOutput(Data("answer\n".utf8))])
            #expect(await child.exitStatus() == 0)
        }
    }

    @Test func aProgramThatDoesNotExitIsStoppedAndItsExitAwaited() async throws {
        // `cat` with its input open never exits on its own.
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/cat"), arguments: [])
        #expect(child.isRunning)
        #expect(await child.exitStatus(within: .milliseconds(50)) == nil)
        let status = await child.stop()
        #expect(status == SIGTERM, "\(status)")
        #expect(child.endedBySignal)
        #expect(!child.isRunning)
        #expect(!child.write(Data("too late\n".utf8)))
    }

    @Test func runHandsBackStatusOutputAndErrors() async throws {
        let input = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        let copied = try await ChildProcess.run(
            Self.shell, arguments: ["-c", "cat; echo done >&2; exit 3"], input: input)
        #expect(copied.status == 3)
        #expect(copied.output == input)
        #expect(copied.errors == Data("done\n".utf8))
    }

    @Test func aMissingProgramIsAnErrorNotACrash() {
        #expect(throws: (any Error).self) {
            _ = try ChildProcess(executable: URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
        }
    }
}

@Suite struct AsyncConditionTests {
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var value = 0
        func set(_ new: Int) { lock.withLock { value = new } }
        func get() -> Int { lock.withLock { value } }
    }

    @Test func aWaiterWakesAtTheChangeThatMakesItTrue() async {
        let condition = AsyncCondition()
        let box = Box()
        let waiter = Task { await condition.wait(until: { box.get() == 2 }) }
        box.set(1)
        condition.broadcast()
        box.set(2)
        condition.broadcast()
        #expect(await waiter.value)
    }

    @Test func aTimeoutOrACancelEndsTheWaitWithFalse() async {
        let condition = AsyncCondition()
        #expect(await condition.wait(until: { false }, timeout: .milliseconds(20)) == false)
        let waiter = Task { await condition.wait(until: { false }) }
        waiter.cancel()
        #expect(await waiter.value == false)
    }
}
