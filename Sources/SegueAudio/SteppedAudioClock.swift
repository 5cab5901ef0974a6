import Foundation
import SegueMachine
import SegueRuntime

/// Virtual time that moves only when told: a recorder waiting for `deadline` stays parked until `advance(to:)`
/// passes it, so a take recorded between two `tick`s of a scenario lasts exactly the time between them.
///
///     let clock = SteppedAudioClock()
///     await clock.advance(to: 2)   // a recorder paced by `clock` has now captured 2 s
public final class SteppedAudioClock: AudioClock, VirtualClockFollower, @unchecked Sendable {
    private struct Waiter {
        var id: Int
        var deadline: Double
        var resume: CheckedContinuation<Void, Never>
    }

    /// The longest real time `advance` waits for the woken sleepers to park again (or finish) before moving on: a
    /// guard against a sleeper that does neither, never the usual way out.
    static let settleLimit: Duration = .milliseconds(500)

    private let lock = NSLock()
    private var time: Double
    private var waiters: [Waiter] = []
    private var nextID = 0
    /// Sleepers cancelled before they parked.
    private var cancelled: Set<Int> = []
    /// Sleepers `advance` woke that have not called `sleep` again (or finished) yet.
    private var running = 0
    /// Told whenever `running` goes down.
    private let parked = AsyncCondition()

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    /// Returns once the clock reaches `deadline`, or at once when the task is cancelled.
    public func sleep(until deadline: Double) async {
        let id = lock.withLock { () -> Int in
            running = max(0, running - 1)
            nextID += 1
            return nextID
        }
        parked.broadcast()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock { () -> Bool in
                    if deadline <= time || cancelled.remove(id) != nil { return true }
                    waiters.append(Waiter(id: id, deadline: deadline, resume: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let parked = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else {
                    cancelled.insert(id)
                    return nil
                }
                return waiters.remove(at: index).resume
            }
            parked?.resume()
        }
    }

    /// Moves time to `target` (never back) and wakes every sleeper that is due, then waits until each woken sleeper
    /// has parked again on a later deadline or finished.
    public func advance(to target: ClockDuration) async {
        await advance(toSeconds: target.seconds)
    }

    /// `advance(to:)` in seconds, the unit audio frames are counted in.
    public func advance(toSeconds target: Double) async {
        while true {
            let due = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                time = max(time, target)
                let ready = waiters.filter { $0.deadline <= time }
                waiters.removeAll { $0.deadline <= time }
                running += ready.count
                return ready.map(\.resume)
            }
            guard !due.isEmpty else { return }
            for continuation in due { continuation.resume() }
            _ = await parked.wait(until: { lock.withLock { running == 0 } }, timeout: Self.settleLimit)
            lock.withLock { running = 0 }
        }
    }

    public func sleeperFinished() {
        lock.withLock { running = max(0, running - 1) }
        parked.broadcast()
    }

    /// Whether something is parked waiting for time to move.
    public var hasSleepers: Bool { lock.withLock { !waiters.isEmpty } }
}
