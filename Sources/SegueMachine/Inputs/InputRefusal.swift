import SegueExpression

/// Why an input cannot be acted on in a state: the one answer the runner, the REPL, completion and scenarios share.
///
///     if let refusal = machine.refusal(of: .tap(path), in: state) {
///         print(refusal.explanation(in: machine.program, state: state))  // ("tap main.add", "add is hidden")
///     }
public struct InputRefusal: Error, Sendable, Hashable {
    /// What is wrong, from the outside in.
    public enum Reason: Error, Sendable, Hashable {
        /// The flow has not been launched.
        case notLaunched
        /// A final state at the top of a screen's states ended the flow: only `restart` is taken.
        case ended
        case noScreen
        /// The path names no element of the top screen (or no element inside one).
        case noSuchElement
        /// The name is an element of a screen under the top one (`screen` is that screen's index).
        case notOnTopScreen(screen: Int)
        case hidden
        case disabled
        /// A submit button while the form has errors (`formErrors(in:state:)` lists them).
        case formHasErrors
        /// An item of an element that is not a list.
        case notAList
        /// The list's items expression is not a list.
        case itemsNotAList
        /// A list (or a script's lines) itself, not one of its items.
        case needsItem(count: Int)
        case noSuchItem(count: Int)
        /// A part of an element that has no component.
        case noComponent
        /// The wrong kind of element for the input: `edit` on a button, `tap` on a slider.
        case wrongKind(ElementProgram.Kind)
        /// `edit` on a photo field: a photo is picked by the flow (`photos.pick`), never typed.
        case photoNotTyped
        /// `pinch` or `pan` on a photo field that holds no photo yet.
        case noPhoto
        /// The element has no actions for the input (a button without `tap`, a slider without `change`, a field
        /// without `submit`).
        case inert
        /// A slider moved to a value outside its `min`…`max`, or to something that is not a number.
        case outOfRange(ClosedRange<Double>)
        /// `scrolledNearEnd` on something that is not a list with paging.
        case noPaging
        /// The list's `has_more` is false.
        case noMorePages
        /// `back` on the root screen.
        case atRoot
        /// `swipeToDismiss` with nothing presented modally.
        case nothingPresented
        case noAlert
        case noSuchTimer
        case noSuchEvent
        /// Evaluating what the input needs failed (a list's items, a component's arguments, `has_more`): the
        /// runner routes it as an error, so tools send the input anyway and let the flow show it.
        case failed(ExpressionFailure)
    }

    public var reason: Reason
    /// The kind of input refused.
    public var action: InputAction
    /// The screen it was for (nil when none is shown).
    public var screen: Int?
    /// The element refused, as far as it was resolved: `latest` when the list itself is hidden, `latest[9]` when
    /// the list has fewer items, `latest[2].more` when the button inside is disabled.
    public var path: ElementPath?

    public init(_ reason: Reason, _ action: InputAction, screen: Int? = nil, path: ElementPath? = nil) {
        self.reason = reason
        self.action = action
        self.screen = screen
        self.path = path
    }

    /// An evaluation failure the flow itself handles (as an error alert), rather than a refusal a user sees.
    public var isFlowError: Bool {
        if case .failed = reason { true } else { false }
    }

    /// What was refused and why, as the trace says it: `("tap main.add", "add is hidden")`.
    /// Built only when asked, so refusing costs no strings.
    public func explanation(in program: Program, state: MachineState) -> (what: String, reason: String) {
        let verb = action.description
        guard let screen, program.screens.indices.contains(screen), let path else {
            return (verb, generalReason(program))
        }
        let chain = program.elements(along: path, on: screen)
        guard let element = chain.last, !chain.isEmpty else {
            return ("\(verb) \(path)", "screen \(program.screens[screen].name) has no element #\(path.element)")
        }
        let what = ([program.screens[screen].name] + chain.map(\.name)).joined(separator: ".")
        let name = element.name
        let text: String
        switch reason {
        case .hidden: text = "\(name) is hidden"
        case .disabled: text = "\(name) is disabled"
        case .formHasErrors:
            text =
                "disabled: the form has errors (\(Self.formErrors(in: program, state: state).joined(separator: "; ")))"
        case .notAList: text = "\(name) is not a list"
        case .itemsNotAList: text = "the items of \(name) are not a list"
        case .needsItem: text = "\(name) is a list: act on one of its items"
        case .noSuchItem(let count): return ("\(verb) \(what)[\(path.item ?? 0)]", "\(name) has \(count) items")
        case .noComponent: text = "\(name) has no component"
        case .noSuchElement:
            let footer = path.item == nil && element.list != nil
            text = "\(name) has no \(footer ? "footer " : "")element #\(path.part ?? 0)"
        case .wrongKind:
            switch action {
            case .edit, .submit: text = "\(name) is not a field"
            case .change: text = "\(name) is not a slider or a picker"
            case .pinch, .pan: text = "\(name) is not a photo field"
            default: text = "\(name) is a \(element.kind.rawValue): it cannot be \(verb)ped"
            }
        case .photoNotTyped:
            text =
                "\(name) is a photo field: it holds the photo the flow picks (photos.pick), never typed text or a path"
        case .noPhoto: text = "\(name) holds no photo yet: pick one first"
        case .inert:
            switch action {
            case .change, .submit: text = "\(name) has no `\(action)` actions"
            default: text = "\(name) does nothing when tapped"
            }
        case .outOfRange(let bounds):
            text = "\(name) goes from \(Self.number(bounds.lowerBound)) to \(Self.number(bounds.upperBound))"
        case .noPaging: return ("\(verb) #\(path.element)", "not a list with paging on \(program.screens[screen].name)")
        case .noMorePages: return ("\(verb) \(name)", "no more pages")
        case .failed(let failure): text = failure.message
        default: text = generalReason(program)
        }
        return ("\(verb) \(what)", text)
    }

    /// `0.5`, `10` (a whole bound without `.0`).
    private static func number(_ value: Double) -> String {
        value.rounded() == value && value.magnitude < 1e15 ? String(Int(value)) : String(value)
    }

    /// The top screen's failing fields as `field: message`, untouched ones too.
    public static func formErrors(in program: Program, state: MachineState) -> [String] {
        guard let top = state.topInstance, program.screens.indices.contains(top.screen) else { return [] }
        return zip(program.screens[top.screen].fields, top.form.errors).compactMap { field, error in
            error.map { "\(field.name): \($0)" }
        }
    }

    /// The reasons that name no element.
    private func generalReason(_ program: Program) -> String {
        switch reason {
        case .notLaunched: "the flow has not been launched"
        case .ended: "the flow has ended"
        case .noScreen: "no screen is shown"
        case .atRoot: "\(screen.map { program.screens[$0].name } ?? "the screen") is the root screen"
        case .nothingPresented: "nothing is presented modally"
        case .noAlert: "no alert is shown"
        case .noSuchTimer: "it was cancelled or never started"
        case .noSuchEvent: "no such event"
        case .notOnTopScreen(let below): "it is on \(program.screens[below].name), under the top screen"
        case .failed(let failure): failure.message
        default: "\(reason)"
        }
    }
}
