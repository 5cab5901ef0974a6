import Foundation

/// Waiting for shared state to become true without polling: who changes the state calls `broadcast()`, and each
/// waiter looks again only then.
///
///     let caughtUp = AsyncCondition()
///     _ = await caughtUp.wait(until: { job.caughtUp }, timeout: .milliseconds(500))   // a reader
///     caughtUp.broadcast()                                                            // after each block written
public final class AsyncCondition: @unchecked Sendable {
    private let lock = NSLock()
    /// Bumped by every `broadcast`, so a change between a waiter's look and its parking is never lost.
    private var generation = 0
    private var nextWaiter = 0
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// Waiters released (deadline, cancellation) before they parked.
    private var released: Set<Int> = []

    public init() {}

    /// Wakes every waiter to look at the state again; call after changing it.
    public func broadcast() {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            generation += 1
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns true once `condition` holds, looked at now and after each `broadcast`; false when `timeout` passed
    /// first (nil waits as long as it takes) or the task was cancelled.
    public func wait(until condition: () -> Bool, timeout: Duration? = nil) async -> Bool {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let seen = lock.withLock { generation }
            if condition() { return true }
            if Task.isCancelled { return false }
            if let deadline, ContinuousClock.now >= deadline { return false }
            await park(after: seen, until: deadline)
        }
    }

    /// Suspends until the next `broadcast` after generation `seen` (at once when one came already), the deadline, or
    /// the task's cancellation.
    private func park(after seen: Int, until deadline: ContinuousClock.Instant?) async {
        let id = lock.withLock { () -> Int in
            nextWaiter += 1
            return nextWaiter
        }
        let timer = deadline.map { deadline in
            Task { [weak self] in
                do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
                self?.release(id)
            }
        }
        defer {
            timer?.cancel()
            lock.withLock { _ = released.remove(id) }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let parked = lock.withLock { () -> Bool in
                    guard generation == seen, released.remove(id) == nil else { return false }
                    waiters[id] = continuation
                    return true
                }
                if !parked { continuation.resume() }
            }
        } onCancel: {
            release(id)
        }
    }

    /// Resumes one waiter (its deadline passed or its task was cancelled), if it is still parked.
    private func release(_ id: Int) {
        lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard let waiter = waiters.removeValue(forKey: id) else {
                released.insert(id)
                return nil
            }
            return waiter
        }?.resume()
    }
}
