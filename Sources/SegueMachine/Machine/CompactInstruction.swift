import SegueModel

/// An instruction as plain data, which the run loop reads without retaining anything: `end`, `jump`, `goto`,
/// navigation without arguments and a `set:` of one whole variable or field carry everything they need; any other
/// instruction is `other` and is read from `Program.code` at the same index.
struct CompactInstruction: Sendable {
    enum Kind: UInt8, Sendable {
        case end, jump, goto, navigate, assign, other
    }

    var kind: Kind
    /// For `navigate`.
    var transition: TransitionKind
    /// The jump target, the `goto` state, the navigation's target screen (-1: none), or the slot or field an
    /// `assign` writes.
    var operand: Int32
    /// For `assign`: what it writes to (`operand` numbers it there), and the expression whose value it writes.
    var target: AssignTargetKind = .flow
    var expression: Int32 = -1

    enum AssignTargetKind: UInt8, Sendable {
        case flow, screen, field
    }

    /// The target of an `assign`.
    var assignTarget: AssignTarget {
        switch target {
        case .flow: .flow(Int(operand))
        case .screen: .screen(Int(operand))
        case .field: .field(Int(operand))
        }
    }

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
        case .assign(let operations) where operations.count == 1 && !operations[0].readsTarget:
            let (slot, kind): (Int, AssignTargetKind) =
                switch operations[0].target {
                case .flow(let slot): (slot, .flow)
                case .screen(let slot): (slot, .screen)
                case .field(let field): (field, .field)
                }
            guard let slot = Int32(exactly: slot), let value = Int32(exactly: operations[0].value) else { return }
            (self.kind, operand, target, expression) = (.assign, slot, kind, value)
        default:
            break
        }
    }

    /// `end` and `jump` are not actions a trace shows.
    var isControl: Bool { kind == .end || kind == .jump }
}
