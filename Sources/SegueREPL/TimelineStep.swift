import SegueDriver

/// What led to a point on the REPL's timeline: the launch, a step the person took, or a change of device (which
/// relaunches the flow on it).
public enum TimelineStep: Sendable, Hashable {
    case launch
    case user(UserStep)
    /// `device NAME`, as typed.
    case device(String)

    /// The command line that does it again (`history`, `undo`, a saved trace).
    public var replText: String {
        switch self {
        case .launch: "launch"
        case .user(let step): step.replText
        case .device(let name): "device \(name)"
        }
    }
}
