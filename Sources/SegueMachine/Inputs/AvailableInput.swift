import SegueExpression
import SegueModel

/// One thing that can be done in a state now: an input with the element it acts on and the values it takes.
///
///     machine.inputs(in: state).filter { $0.action == .tap }.compactMap(\.path).map { program.reference(to: $0, on: 0) }
///     // ["donate", "options[0]", "latest[2].more"]
public struct AvailableInput: Sendable, Hashable {
    public var action: InputAction
    /// The element it acts on (nil for `back`, `swipeToDismiss`, `dismissAlert` and timers).
    public var path: ElementPath?
    public var domain: InputDomain

    public init(_ action: InputAction, path: ElementPath? = nil, domain: InputDomain = .none) {
        self.action = action
        self.path = path
        self.domain = domain
    }
}

/// The values an available input takes.
public enum InputDomain: Sendable, Hashable {
    /// Nothing to choose: a tap, `back`.
    case none
    /// A form field: its index in the screen's `fields`, whose kind and rules say what text it accepts.
    case field(Int)
    /// A slider's bounds.
    case range(ClosedRange<Double>)
    /// A picker's options, as they are now.
    case options([Value])
    /// A list with paging, with the number of items it shows now.
    case items(count: Int)
    /// A scheduled timer: its id and when it comes due on the machine's clock.
    case timer(id: Int, deadline: ClockDuration)
}
