import SegueDriver
import SegueExpression
import SegueRuntime

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

    /// An input with how a step names it.
    struct Move: Sendable {
        var label: String
        var input: Input
        /// The same step in a scenario file (`tap: buy`), or nil when scenarios take it by themselves (an alert
        /// goes away before the next step).
        var step: UserStep?

        init(label: String, input: Input, step: UserStep? = nil) {
            self.label = label
            self.input = input
            self.step = step
        }
    }

    /// The moves for `available` (what the input query offers in `state`), the next due timer and restart.
    func moves(in state: MachineState, available: [AvailableInput]) -> [Move] {
        guard let top = state.topInstance else { return [] }
        // A list's items are represented by its first and its last one.
        var lastItem: [Int: Int] = [:]
        for input in available { if let path = input.path, let item = path.item { lastItem[path.element] = item } }
        var moves: [Move] = []
        for input in available {
            if let item = input.path?.item, item != 0, item != lastItem[input.path?.element ?? -1] { continue }
            let name = input.path.map { program.reference(to: $0, on: top.screen) } ?? ""
            switch (input.action, input.domain) {
            case (.tap, _):
                if let path = input.path {
                    moves.append(
                        Move(label: "tap \(name)", input: .tap(path), step: .tap(name)))
                }
            case (.edit, .field(let field)):
                guard let path = input.path, program.screens[top.screen].fields.indices.contains(field) else {
                    continue
                }
                // Typing what the field already holds (or, for a field only its rules observe, a text as valid as
                // it) changes nothing the flow can tell: not tried.
                let held = top.form.fields.indices.contains(field) ? top.form.fields[field] : nil
                for sample in fields.samples(
                    screen: top.screen, field: field, current: held?.value ?? .string(""), valid: held?.error == nil)
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
            case (.back, _): moves.append(Move(label: "back", input: .back, step: .back))
            case (.swipeToDismiss, _):
                moves.append(Move(label: "swipe to dismiss", input: .swipeToDismiss, step: .dismiss))
            case (.dismissAlert, _): moves.append(Move(label: "dismiss the alert", input: .dismissAlert))
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
        moves.append(Move(label: StateGraph.restart, input: .restart, step: .restart))
        return moves
    }
}
