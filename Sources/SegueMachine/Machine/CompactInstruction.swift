import SegueModel

/// An instruction as plain data, which the run loop reads without retaining anything: `end`, `jump`, `goto` and
/// navigation without arguments carry everything they need; any other instruction is `other` and is read from
/// `Program.code` at the same index.
struct CompactInstruction: Sendable {
    enum Kind: UInt8, Sendable {
        case end, jump, goto, navigate, other
    }

    var kind: Kind
    /// For `navigate`.
    var transition: TransitionKind
    /// The jump target, the `goto` state, or the navigation's target screen (-1: none).
    var operand: Int32

    init(_ instruction: Instruction) {
        kind = .other
        transition = .root
        operand = -1
        switch instruction {
        case .end:
            kind = .end
        case .jump(let target):
            guard let value = Int32(exactly: target) else { return }
            (kind, operand) = (.jump, value)
        case .goto(let target):
            guard let value = Int32(exactly: target) else { return }
            (kind, operand) = (.goto, value)
        case .navigate(let operation)
        where operation.arguments.isEmpty && operation.result == nil && operation.onResult == nil:
            guard let value = Int32(exactly: operation.target ?? -1) else { return }
            (kind, transition, operand) = (.navigate, operation.kind, value)
        default:
            break
        }
    }

    /// `end` and `jump` are not actions a trace shows.
    var isControl: Bool { kind == .end || kind == .jump }
}
