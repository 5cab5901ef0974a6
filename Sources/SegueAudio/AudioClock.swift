import Foundation

/// Paces a recording: real time for a live take, virtual time so tests finish instantly.
public protocol AudioClock: Sendable {
    /// Seconds since the clock's origin.
    func now() -> Double
    /// Returns at `deadline` (seconds since the origin), or at once if it has passed.
    func sleep(until deadline: Double) async
    /// Says that the caller of `sleep` will not sleep again (its recording ended), so a clock that waits for its
    /// woken sleepers to park again (`SteppedAudioClock`) stops waiting for it.
    func sleeperFinished()
}

extension AudioClock {
    public func sleeperFinished() {}
}

/// The machine's monotonic clock.
public struct RealTimeAudioClock: AudioClock {
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func sleep(until deadline: Double) async {
        let wait = deadline - now()
        if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
    }
}

/// A clock that jumps straight to every deadline: a recording paced by it runs as fast as the machine can.
public final class VirtualAudioClock: AudioClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    public func sleep(until deadline: Double) async {
        lock.withLock { time = max(time, deadline) }
        await Task.yield()
    }
}
