/// The kinds of navigation, with UIKit's names: one enum for the flow's actions, the runtime's trace and the diagrams.
public enum TransitionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first screen at launch (never written as an action).
    case root
    /// Present modally on top of everything.
    case present
    /// Push inside the current navigation controller; without one, UIKit presents modally.
    case show
    /// Close the top modal layer with its whole push stack.
    case dismiss
    /// Pop the top screen of the current navigation controller; ignored at its root.
    case pop
    /// Pop everything above the current navigation controller's root.
    case popToRoot = "pop_to_root"
    /// Pop and dismiss back to the nearest instance of a screen below.
    case unwind
    /// Replace the top screen in place.
    case replace

    /// The kinds a flow writes as actions: every kind but `root`, in the order diagrams list them.
    public static let actions: [TransitionKind] = allCases.filter { $0 != .root }

    /// Whether it goes back to a screen already below (dismiss, pop, pop to root, unwind) instead of bringing one.
    public var goesBack: Bool {
        switch self {
        case .dismiss, .pop, .popToRoot, .unwind: true
        case .root, .present, .show, .replace: false
        }
    }

    /// Whether it names a target screen (`present: s`, `show: s`, `unwind: s`, `replace: s`).
    public var hasTarget: Bool {
        switch self {
        case .present, .show, .unwind, .replace: true
        case .root, .dismiss, .pop, .popToRoot: false
        }
    }
}
