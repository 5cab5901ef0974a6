import Foundation

/// Blocking work (a read from a pipe, a libcurl exchange) runs on a thread of its own, never on Swift's cooperative
/// pool: with two cores the pool has two threads, and two of them blocked in reads starve the task that would
/// unblock them (a full test run once hung so converting diagrams with `dot`).
///
///     let bytes = await BlockingWork.run(named: "segue-dot-out") { handle.readDataToEndOfFile() }
public enum BlockingWork {
    /// Runs `work` on a new thread called `name` and hands back what it returns.
    public static func run<Result: Sendable>(
        named name: String, _ work: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
