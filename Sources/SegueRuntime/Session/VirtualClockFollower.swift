import SegueMachine
import SegueModel

/// Something that follows a stepped session's virtual clock: an audio recorder paced by it captures exactly the
/// time between two `advance`s.
public protocol VirtualClockFollower: Sendable {
    func advance(to time: ClockDuration) async
}
