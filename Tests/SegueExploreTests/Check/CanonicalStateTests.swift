import SegueExpression
import SegueModel
import Testing

@testable import SegueExplore
@testable import SegueMachine

/// `CanonicalState` renumbers screen instances by their place, and every reference to one with them: when the ids
/// are already in place (the common case, which keeps no table) and when they are not.
@Suite struct CanonicalStateTests {
    /// Two screens shown, with the given ids, a call pending from a screen and a timer set by another.
    static func state(ids: [Int], callFrom: Int, timerFrom: Int) -> MachineState {
        var state = MachineState()
        state.launched = true
        let stack = ids.map {
            ScreenInstance(id: $0, screen: 0, values: [], states: [], form: FormState(), transition: .root)
        }
        state.layers = [NavigationLayer(navigation: true, stack: stack)]
        state.pendingCalls = [
            PendingCall(id: 4, service: "api", operation: "load", pc: 0, frame: Frame(instance: callFrom))
        ]
        state.timers = [
            ScheduledTimer(
                id: 9, name: nil, deadline: ClockDuration(seconds: 5), interval: nil, entry: 0,
                frame: Frame(instance: timerFrom))
        ]
        state.nextInstance = (ids.max() ?? 0) + 1
        return state
    }

    @Test func idsAlreadyInPlaceKeepThemAndAReferenceToNoShownScreenBecomesZero() {
        var unread: UnreadData?
        let canonical = CanonicalState.of(
            Self.state(ids: [1, 2], callFrom: 2, timerFrom: 7), clearing: nil, unread: &unread)
        #expect(canonical.layers[0].stack.map(\.id) == [1, 2])
        #expect(canonical.pendingCalls[0].frame.instance == 2)
        #expect(canonical.timers[0].frame.instance == 0)
        #expect(canonical.pendingCalls[0].id == 1 && canonical.timers[0].id == 1)
        #expect(canonical.nextInstance == 3)
    }

    @Test func idsOutOfPlaceAreRenumberedWithEveryReferenceToThem() {
        var unread: UnreadData?
        let canonical = CanonicalState.of(
            Self.state(ids: [1, 5, 3], callFrom: 3, timerFrom: 5), clearing: nil, unread: &unread)
        #expect(canonical.layers[0].stack.map(\.id) == [1, 2, 3])
        #expect(canonical.pendingCalls[0].frame.instance == 3)
        #expect(canonical.timers[0].frame.instance == 2)
        #expect(canonical.nextInstance == 4)
        // The same screens numbered otherwise are the same state.
        let other = CanonicalState.of(
            Self.state(ids: [2, 9, 4], callFrom: 4, timerFrom: 9), clearing: nil, unread: &unread)
        #expect(other == canonical)
    }

    @Test func aNegativeReferenceIsKept() {
        var unread: UnreadData?
        let canonical = CanonicalState.of(
            Self.state(ids: [1], callFrom: -1, timerFrom: 1), clearing: nil, unread: &unread)
        #expect(canonical.pendingCalls[0].frame.instance == -1)
        #expect(canonical.timers[0].frame.instance == 1)
    }
}
