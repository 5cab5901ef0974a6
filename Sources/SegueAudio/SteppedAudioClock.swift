import Foundation

/// Virtual time that moves only when told: a recorder waiting for `deadline` stays parked until `advance(to:)`
/// passes it, so a take recorded between two `tick`s of a scenario lasts exactly the time between them.
public final class SteppedAudioClock: AudioClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    private var waiters: [(id: Int, deadline: Double, resume: CheckedContinuation<Void, Never>)] = []
    private var nextWaiter = 0

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    /// Returns once time reaches `deadline`, or at once when the task is cancelled (a recorder being stopped
    /// must not wait for the next `tick`).
    public func sleep(until deadline: Double) async {
        let id = lock.withLock { () -> Int in
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock { () -> Bool in
                    if deadline <= time || Task.isCancelled { return true }
                    waiters.append((id, deadline, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let woken = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).resume
            }
            woken?.resume()
        }
    }

    /// Moves time to `target` (never back) and wakes every sleeper that is due, then waits until each woken sleeper
    /// has either finished or parked again on a later deadline.
    public func advance(to target: Double) async {
        while true {
            let due = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                time = max(time, target)
                let ready = waiters.filter { $0.deadline <= time }
                waiters.removeAll { $0.deadline <= time }
                return ready.map(\.resume)
            }
            guard !due.isEmpty else { return }
            for continuation in due { continuation.resume() }
            // Let the woken recorders write their block and park again before looking once more.
            for _ in 0..<8 { await Task.yield() }
            try? await Task.sleep(nanoseconds: 200_000)
        }
    }

    /// Whether something is parked waiting for time to move.
    public var hasSleepers: Bool { lock.withLock { !waiters.isEmpty } }
}
