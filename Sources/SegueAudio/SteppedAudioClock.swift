import Foundation

/// Virtual time that moves only when told: a recorder waiting for `deadline` stays parked until `advance(to:)`
/// passes it, so a take recorded between two `tick`s of a scenario lasts exactly the time between them.
public final class SteppedAudioClock: AudioClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    private var waiters: [(deadline: Double, resume: CheckedContinuation<Void, Never>)] = []

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    public func sleep(until deadline: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { () -> Bool in
                if deadline <= time { return true }
                waiters.append((deadline, continuation))
                return false
            }
            if ready { continuation.resume() }
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
