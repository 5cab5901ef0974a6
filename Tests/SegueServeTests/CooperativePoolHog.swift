import Foundation

/// Holds every thread of Swift's cooperative pool busy (one spinning task per core, never suspending), to show
/// that something is answered without the pool: `whileHeld` runs a body on a thread of its own and tells whether
/// the pool stayed full until it returned, which a probe task enqueued before it proves by not having run.
///
///     let hog = CooperativePoolHog()
///     let (answer, held) = await hog.whileHeld { LoopbackClient.exchangeBlocking(port: port, request) }
final class CooperativePoolHog: @unchecked Sendable {
    let width = ProcessInfo.processInfo.activeProcessorCount
    /// Guards the fields below; signalled as each spinner starts.
    private let lock = NSCondition()
    private var running = 0
    private var released = false
    private var probed = false

    /// Starts the spinners, runs `body` on a thread once they all run (or after `settle` seconds), then releases
    /// them; true with the result when the probe had still not run as `body` returned: no pool thread was free.
    /// Each spinner gives up after `limit` seconds, so a body that needs the pool ends the test, late but bounded.
    func whileHeld<T: Sendable>(settle: Double = 2, limit: Double = 2, _ body: @escaping @Sendable () -> T) async
        -> (T, held: Bool)
    {
        let spinners = (0..<width).map { _ in Task.detached { self.spin(limit: limit) } }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<(T, Bool), Never>) in
            let thread = Thread {
                let settled = Date(timeIntervalSinceNow: settle)
                self.lock.lock()
                while self.running < self.width, self.lock.wait(until: settled) {}
                self.lock.unlock()
                Task.detached { self.locked { self.probed = true } }
                let result = body()
                let held = self.locked { !self.probed }
                self.locked { self.released = true }
                continuation.resume(returning: (result, held))
            }
            thread.start()
        }
        for spinner in spinners { await spinner.value }
        return outcome
    }

    /// Spins without suspending until released or `limit` seconds pass.
    private func spin(limit: Double) {
        locked {
            running += 1
            lock.broadcast()
        }
        let end = Date(timeIntervalSinceNow: limit)
        while !locked({ released }), Date() < end {}
        locked { running -= 1 }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
