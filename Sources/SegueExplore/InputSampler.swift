import SegueDriver
import SegueExpression
import SegueMachine

/// The inputs `segue check` tries in a state: each one the input query offers, with a finite set of values derived
/// from its rules (fields), bounds (sliders) and options (pickers), plus restart and the next due timer.
///
///     sampler.moves(in: state)  // [("tap donate", .tap(…)), ("edit name = \"\"", .edit(…)), ("restart", .restart)]
struct InputSampler {
    let machine: Machine
    /// The machine's program, copied once here: each copy retains every array in it.
    let program: Program
    /// The texts tried in each form field.
    let fields: FieldSamples
    /// Each element's name and its tap, made once rather than in every state.
    private let named: ElementMoves

    init(machine: Machine, program: Program, fields: FieldSamples) {
        self.machine = machine
        self.program = program
        self.fields = fields
        named = ElementMoves(program: program)
    }

    /// An input with how a step names it.
    struct Move: Sendable {
        var label: String
        var input: Input
        /// The same step in a scenario file, behind one reference: only a counterexample's replay reads it, and
        /// every state's moves are copied on their way to the graph.
        let scenario: ScenarioStep?

        /// The same step in a scenario file (`tap: buy`), or nil when scenarios take it by themselves (an alert
        /// goes away before the next step).
        var step: UserStep? { scenario?.step }

        init(label: String, input: Input, step: UserStep? = nil) {
            self.init(label: label, input: input, scenario: step.map(ScenarioStep.init))
        }

        /// A move whose scenario step is one made before (an outcome's, kept with the call site's outcomes).
        init(label: String, input: Input, scenario: ScenarioStep?) {
            self.label = label
            self.input = input
            self.scenario = scenario
        }

        /// The moves every state may offer, made once.
        static let restart = Move(label: StateGraph.restart, input: .restart, step: .restart)
        static let back = Move(label: "back", input: .back, step: .back)
        static let swipeToDismiss = Move(label: "swipe to dismiss", input: .swipeToDismiss, step: .dismiss)
        static let dismissAlert = Move(label: "dismiss the alert", input: .dismissAlert)
    }

    /// A move's step in a scenario file, shared by the copies of the move.
    final class ScenarioStep: Sendable {
        let step: UserStep
        init(_ step: UserStep) { self.step = step }
    }

    /// The moves for `available` (what the input query offers in `state`), the next due timer and restart.
    func moves(in state: MachineState, available: [AvailableInput]) -> [Move] {
        // The top screen read in place: a copy of the instance would retain each of its arrays.
        guard let layer = state.layers.indices.last, let index = state.layers[layer].stack.indices.last else {
            return []
        }
        let screen = state.layers[layer].stack[index].screen
        // A list's items are represented by its first and its last one.
        var lastItem: [Int: Int] = [:]
        for input in available { if let path = input.path, let item = path.item { lastItem[path.element] = item } }
        var moves: [Move] = []
        // Room for a move per input and the few the explorer adds (outside events, outcomes, back, restart).
        moves.reserveCapacity(available.count + 4)
        for input in available {
            if let item = input.path?.item, item != 0, item != lastItem[input.path?.element ?? -1] { continue }
            // A tap, the commonest, is made once per element (`ElementMoves`); the other moves name the element.
            if input.action == .tap {
                if let path = input.path { moves.append(named.tap(path, on: screen, in: program)) }
                continue
            }
            let name = input.path.map { named.name($0, on: screen, in: program) } ?? ""
            switch (input.action, input.domain) {
            case (.edit, .field(let field)):
                guard let path = input.path, program.screens[screen].fields.indices.contains(field) else {
                    continue
                }
                // Typing what the field already holds (or, for a field only its rules observe, a text as valid as
                // it) changes nothing the flow can tell: not tried.
                let form = state.layers[layer].stack[index].form
                let held = form.fields.indices.contains(field) ? form.fields[field] : nil
                for sample in fields.samples(
                    screen: screen, field: field, current: held?.value ?? .string(""), valid: held?.error == nil)
                {
                    let text = sample.text
                    moves.append(
                        Move(
                            label: "edit \(name) = \(sample.literal)",
                            input: .edit(element: path.element, value: .string(text)),
                            step: text.isEmpty ? .clear(field: name) : .fill(field: name, text: text)))
                }
            case (.submit, _):
                guard let path = input.path else { continue }
                moves.append(
                    Move(label: "submit \(name)", input: .submit(element: path.element), step: .submit(field: name)))
            case (.change, .range(let bounds)):
                guard let path = input.path else { continue }
                for value in [bounds.lowerBound, (bounds.lowerBound + bounds.upperBound) / 2, bounds.upperBound] {
                    moves.append(
                        Move(
                            label: "set \(name) = \(value)", input: .change(path, .number(value)),
                            step: .slide(slider: name, value: value)))
                }
            case (.change, .options(let options)):
                guard let path = input.path else { continue }
                for option in options {
                    let step = option.stringValue.map { UserStep.pick(picker: name, option: $0) }
                    moves.append(
                        Move(label: "choose \(name) = \(option.literal)", input: .change(path, option), step: step))
                }
            case (.pinch, .range(let bounds)):
                // The most zoom is the framing furthest from the picked photo's; the least is where it starts.
                guard let path = input.path, bounds.upperBound > bounds.lowerBound else { continue }
                moves.append(
                    Move(
                        label: "pinch \(name) to \(bounds.upperBound)×",
                        input: .pinch(element: path.element, zoom: bounds.upperBound),
                        step: .pinch(field: name, zoom: bounds.upperBound)))
            case (.pan, _):
                guard let path = input.path else { continue }
                moves.append(
                    Move(
                        label: "pan \(name) to its top-left corner", input: .pan(element: path.element, x: 0, y: 0),
                        step: .pan(field: name, x: 0, y: 0)))
            case (.scroll, _):
                if let path = input.path {
                    moves.append(
                        Move(
                            label: "scroll \(name) near its end", input: .scrolledNearEnd(list: path.element),
                            step: .scroll(list: name)))
                }
            case (.back, _): moves.append(.back)
            case (.swipeToDismiss, _): moves.append(.swipeToDismiss)
            case (.dismissAlert, _): moves.append(.dismissAlert)
            default: continue
            }
        }
        if let next = state.timers.min(by: { $0.deadline < $1.deadline }) {
            let wait = max(0, next.deadline - state.now)
            moves.append(
                Move(
                    label: "wait \(wait) (a timer comes due)", input: .advanceTime(by: wait),
                    step: .tick(wait)))
        }
        moves.append(.restart)
        return moves
    }
}

/// The name of each element of each screen the explorer acts on (`Program.reference`) and its tap as a move, made
/// once for the screen's own elements, since every state of a screen offers the same ones; an item's or a part's
/// is made when offered.
struct ElementMoves: Sendable {
    struct Named: Sendable {
        var name: String
        var tap: InputSampler.Move

        init(_ path: ElementPath, on screen: Int, in program: Program) {
            name = program.reference(to: path, on: screen)
            tap = InputSampler.Move(label: "tap \(name)", input: .tap(path), step: .tap(name))
        }
    }

    /// By screen, then element.
    private let top: [[Named]]

    init(program: Program) {
        top = program.screens.indices.map { screen in
            program.screens[screen].elements.indices.map { Named(ElementPath(element: $0), on: screen, in: program) }
        }
    }

    /// The element's name, as steps and scenarios write it.
    func name(_ path: ElementPath, on screen: Int, in program: Program) -> String {
        guard isOwn(path, on: screen) else { return program.reference(to: path, on: screen) }
        return top[screen][path.element].name
    }

    /// The tap of the element, as a move: the one made for it when it is one of the screen's own elements.
    func tap(_ path: ElementPath, on screen: Int, in program: Program) -> InputSampler.Move {
        guard isOwn(path, on: screen) else { return Named(path, on: screen, in: program).tap }
        return top[screen][path.element].tap
    }

    private func isOwn(_ path: ElementPath, on screen: Int) -> Bool {
        path.item == nil && path.part == nil && top.indices.contains(screen)
            && top[screen].indices.contains(path.element)
    }
}
