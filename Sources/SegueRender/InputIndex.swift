import SegueMachine

/// The input query's answer for one state, by element path: what a drawing may tag as interactive. Nothing else
/// decides it, so the drawing's tags are exactly `Machine.inputs(in:)`.
///
///     let index = InputIndex(machine: machine, state: state)
///     index.tag(for: ElementPath(element: 0))?.path  // "donate"
struct InputIndex {
    let program: Program
    let screen: Int
    private var byPath: [ElementPath: AvailableInput] = [:]
    /// The fields whose return runs `submit:` actions now (their edit is the input `byPath` keeps).
    private var submits: Set<ElementPath> = []
    let back: Bool
    let swipeToDismiss: Bool
    let dismissAlert: Bool

    init(machine: Machine, state: MachineState) {
        program = machine.program
        screen = state.topInstance?.screen ?? 0
        let inputs = machine.inputs(in: state)
        for input in inputs {
            if input.action == .submit, let path = input.path { submits.insert(path) }
            // A photo field takes a pinch and a pan at one path: the pinch stands for both; a field's edit stands
            // for its submit, which its tag notes.
            guard let path = input.path, byPath[path] == nil else { continue }
            byPath[path] = input
        }
        back = inputs.contains { $0.action == .back }
        swipeToDismiss = inputs.contains { $0.action == .swipeToDismiss }
        dismissAlert = inputs.contains { $0.action == .dismissAlert }
    }

    /// An index that tags nothing: a presenter drawn under its sheet takes no input.
    init(inert program: Program) {
        self.program = program
        screen = 0
        back = false
        swipeToDismiss = false
        dismissAlert = false
    }

    /// The tag for the element at `path`, or nil when the query offers no input there now.
    func tag(for path: ElementPath) -> InputTag? {
        guard let input = byPath[path] else { return nil }
        let reference = program.reference(to: path, on: screen)
        switch input.action {
        case .tap: return InputTag(path.item != nil && path.part == nil ? .select : .tap, path: reference)
        case .edit:
            var tag = InputTag(.edit, path: reference)
            if submits.contains(path) { tag.submits = true }
            return tag
        case .pinch, .pan: return InputTag(.crop, path: reference)
        case .change: return InputTag(.change, path: reference)
        case .scroll:
            var tag = InputTag(.scrollEnd, path: reference)
            if case .items(let count) = input.domain { tag.count = count }
            return tag
        default: return nil
        }
    }

    /// Whether the query offers an input at `path` of the given action.
    func offers(_ action: InputAction, at path: ElementPath) -> Bool { byPath[path]?.action == action }

    /// The inputs the query offers that carry a path, for tests and the contract check.
    var paths: [ElementPath: AvailableInput] { byPath }
}
