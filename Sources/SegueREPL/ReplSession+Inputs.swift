import Foundation
import SegueDiagnostics
import SegueDriver
import SegueExpression
import SegueMachine

/// A command the REPL refuses before it reaches the machine, with what to do instead.
struct ReplProblem: Error {
    var message: String
}

extension ReplSession {
    /// Turns a step into a machine input: names are resolved on the top screen, then the runtime's input query
    /// decides whether the machine would act on it, and a refusal becomes advice for the person typing.
    func input(for step: UserStep) -> Result<Input, ReplProblem> {
        do {
            switch step {
            case .tap(let name): return .success(try tapInput(name))
            case .fill(let field, let text):
                return .success(try fieldInput(field) { .edit(element: $0, value: .string(text)) })
            case .clear(let field): return .success(try fieldInput(field) { .edit(element: $0, value: .string("")) })
            case .submit(let field): return .success(try fieldInput(field) { .submit(element: $0) })
            case .slide(let slider, let value): return .success(try changeInput(slider, .number(value), kind: .slider))
            case .pick(let picker, let option): return .success(try changeInput(picker, .string(option), kind: .picker))
            case .pinch(let field, let zoom):
                return .success(try photoInput(field, .pinch) { .pinch(element: $0, zoom: zoom) })
            case .pan(let field, let x, let y):
                return .success(try photoInput(field, .pan) { .pan(element: $0, x: x, y: y) })
            case .scroll(let list): return .success(try scrollInput(list))
            case .back: return .success(try accepted(.back))
            case .dismiss: return .success(try accepted(.swipeToDismiss))
            case .send(let event, let payload):
                switch SentEvent.input(event, payload: payload, in: program) {
                case .success(let input): return .success(input)
                case .failure(let unhandled): return .failure(ReplProblem(message: unhandled.message))
                }
            case .tick, .outcome, .restart: return .failure(ReplProblem(message: "not an input"))
            }
        } catch {
            return .failure(error)
        }
    }

    private func topScreen() throws(ReplProblem) -> (view: ScreenView, screen: Int) {
        guard let view = driver.view, let top = driver.state.topInstance else {
            throw ReplProblem(message: "no screen is shown; try `reset`")
        }
        return (view, top.screen)
    }

    /// The query's refusal, unless it is an error the flow shows itself (then the input goes to the machine).
    private func refusal(of input: Input) -> InputRefusal? {
        guard let refusal = driver.machine.refusal(of: input, in: driver.state), !refusal.isFlowError else {
            return nil
        }
        return refusal
    }

    /// `back` and `dismiss`: refused with the runtime's reason when there is nothing to go back from.
    private func accepted(_ input: Input) throws(ReplProblem) -> Input {
        if let refusal = refusal(of: input) {
            throw ReplProblem(message: refusal.explanation(in: program, state: driver.state).reason)
        }
        return input
    }

    private func tapInput(_ name: String) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        let path: ElementPath
        switch driver.machine.path(name, in: driver.state, for: .tap) {
        case .success(let found): path = found
        case .failure(let refusal):
            if case .notOnTopScreen(let below) = refusal.reason {
                throw ReplProblem(
                    message:
                        "`\(name)` is on \(program.screens[below].name), not on the top screen \(view.screen); \(tappableNow())"
                )
            }
            throw unknown(name, candidates: tapTargets(), on: view)
        }
        guard let refusal = refusal(of: .tap(path)) else { return .tap(path) }
        let reached = refusal.path ?? path
        let list = program.elements(along: path, on: screen).first?.name ?? name
        let element = program.element(at: reached, on: screen)
        let label = program.reference(to: reached, on: screen)
        switch refusal.reason {
        case .hidden, .disabled, .formHasErrors: throw unavailable(refusal, label: label, element: element)
        case .needsItem(let count):
            throw ReplProblem(message: "`\(list)` is a list: tap one of its items, \(range(list, count))")
        case .notAList, .itemsNotAList:
            throw ReplProblem(message: "`\(list)` is a \(element?.kind.rawValue ?? "element"), not a list")
        case .noSuchItem(let count):
            let items = Plural.english(count, "item")
            throw ReplProblem(
                message: count == 0 ? "`\(list)` has no items" : "`\(list)` has \(items): \(range(list, count))")
        case .inert where reached.item != nil && reached.part == nil:
            throw ReplProblem(message: "the items of `\(list)` do nothing when tapped; tap an element inside one")
        case .inert, .wrongKind:
            throw inert(element?.name ?? name, kind: element?.kind ?? .button)
        case .noSuchElement where path.item == nil && path.part != nil:
            throw ReplProblem(message: "name an item: `tap \(list)[0].…`")
        default: throw ReplProblem(message: refusal.explanation(in: program, state: driver.state).reason)
        }
    }

    /// Hidden or disabled now, with the condition that decides it; a submit button names the form's errors.
    private func unavailable(_ refusal: InputRefusal, label: String, element: ElementProgram?) -> ReplProblem {
        switch refusal.reason {
        case .hidden:
            let condition = element?.visible.map { " (shown when `\(program.expressions[$0].source)`)" } ?? ""
            return ReplProblem(message: "`\(label)` is hidden now\(condition); \(tappableNow())")
        case .formHasErrors:
            let failing = InputRefusal.formErrors(in: program, state: driver.state)
            return ReplProblem(
                message: "`\(label)` is disabled until the form is valid: \(failing.joined(separator: "; "))")
        default:
            let condition = element?.enabled.map { " (enabled when `\(program.expressions[$0].source)`)" } ?? ""
            return ReplProblem(message: "`\(label)` is disabled now\(condition)")
        }
    }

    private func inert(_ name: String, kind: ElementProgram.Kind) -> ReplProblem {
        switch kind {
        case .field: ReplProblem(message: "`\(name)` is a field: `fill \(name) TEXT`")
        case .slider: ReplProblem(message: "`\(name)` is a slider: `slide \(name) VALUE`")
        case .picker: ReplProblem(message: "`\(name)` is a picker: `pick \(name) OPTION`")
        default:
            ReplProblem(message: "`\(name)` is a \(kind.rawValue) that does nothing when tapped; \(tappableNow())")
        }
    }

    private func range(_ list: String, _ count: Int) -> String {
        count == 1 ? "`tap \(list)[0]`" : "`tap \(list)[0]` … `tap \(list)[\(count - 1)]`"
    }

    func tappableNow() -> String {
        let targets = tapTargets(includeParts: false)
        return targets.isEmpty
            ? "nothing can be tapped on this screen" : "tappable now: " + targets.joined(separator: ", ")
    }

    /// The input query's available inputs of one action on the top screen, as people write their paths.
    private func available(
        _ action: InputAction, where include: (ElementPath, ElementProgram) -> Bool = { _, _ in true }
    )
        -> [String]
    {
        guard let top = driver.state.topInstance else { return [] }
        return driver.machine.inputs(in: driver.state).compactMap { input in
            guard input.action == action, let path = input.path,
                let element = program.element(at: path, on: top.screen), include(path, element)
            else { return nil }
            return program.reference(to: path, on: top.screen)
        }
    }

    /// What `tap` accepts on the top screen now: buttons, list items, a script's footer, and (with parts) the
    /// elements inside items and components.
    func tapTargets(includeParts: Bool = true) -> [String] {
        guard let top = driver.state.topInstance else { return [] }
        return available(.tap) { path, _ in
            let footer = path.item == nil && program.screens[top.screen].elements[path.element].list != nil
            return includeParts || path.part == nil || footer
        }
    }

    /// The top screen's element ids of one kind (fields, sliders, pickers, lists), shown or not.
    func elementIDs(_ kinds: Set<ElementProgram.Kind>) -> [String] {
        driver.view?.elements.filter { kinds.contains($0.kind) }.map(\.id) ?? []
    }

    /// The fields `fill` and `clear` accept now.
    func fieldTargets() -> [String] { available(.edit) }

    /// The fields whose `submit:` actions return runs now.
    func submitTargets() -> [String] { available(.submit) }

    /// Sliders or pickers that take a change now: the screen's own, then each list item's
    /// (`character_volumes[0].volume`).
    func changeTargets(_ kind: ElementProgram.Kind) -> [String] {
        available(.change) { _, element in element.kind == kind }
    }

    /// The options of the picker named `name` on the top screen now, as text (`pick NAME OPTION…`).
    func pickerOptions(of name: String) -> [String] {
        guard let top = driver.state.topInstance, let path = program.path(name, on: top.screen) else { return [] }
        for input in driver.machine.inputs(in: driver.state) where input.action == .change && input.path == path {
            guard case .options(let options) = input.domain else { return [] }
            return options.map { $0.stringValue ?? $0.literal }
        }
        return []
    }

    /// Lists whose items can be tapped now (`select LIST INDEX`), each once.
    func selectableLists() -> [String] {
        var seen: Set<String> = []
        return available(.tap) { path, _ in path.item != nil && path.part == nil }
            .map { String($0.prefix { $0 != "[" }) }.filter { seen.insert($0).inserted }
    }

    /// The items of `list` that can be tapped now, by index.
    func selectableItems(of list: String) -> [String] {
        available(.tap) { path, _ in path.item != nil && path.part == nil }
            .filter { $0.hasPrefix(list + "[") }.map { String($0.dropFirst(list.count + 1).dropLast()) }
    }

    /// Lists that load another page when scrolled to their end now.
    func scrollTargets() -> [String] { available(.scroll) }

    private func unknown(_ name: String, candidates: [String], on view: ScreenView) -> ReplProblem {
        let all = candidates + view.elements.map(\.id)
        if let close = Suggestion.closest(to: name, in: all) {
            return ReplProblem(message: "no element `\(name)` on \(view.screen); did you mean `\(close)`?")
        }
        return ReplProblem(message: "no element `\(name)` on \(view.screen); \(tappableNow())")
    }

    /// The hint after "no field `nmae`": the closest name, else the ones there are.
    private func hint(_ name: String, among names: [String], kind: String) -> String {
        Suggestion.closest(to: name, in: names).map { "did you mean `\($0)`?" }
            ?? (names.isEmpty ? "this screen has no \(kind)s" : "\(kind)s here: " + names.joined(separator: ", "))
    }

    /// `fill`, `clear` and `submit`: a field of the top screen's form.
    private func fieldInput(_ name: String, _ make: (Int) -> Input) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        guard let index = program.screens[screen].element(named: name) else {
            if name.contains("[") {
                throw ReplProblem(
                    message:
                        "only the screen's own fields take `fill`, `clear` and `submit`; one inside a list item is not supported by the runtime yet"
                )
            }
            throw ReplProblem(
                message:
                    "no field `\(name)` on \(view.screen); \(hint(name, among: elementIDs([.field]), kind: "field"))")
        }
        let input = make(index)
        guard let refusal = refusal(of: input) else { return input }
        throw problem(refusal, name: name, expected: .field)
    }

    /// `pinch` and `pan`: a photo field of the top screen that holds a photo.
    private func photoInput(_ name: String, _ action: InputAction, _ make: (Int) -> Input) throws(ReplProblem)
        -> Input
    {
        let (view, screen) = try topScreen()
        let photos = program.screens[screen].fields.filter { $0.crop != nil }.map(\.name)
        guard let index = program.screens[screen].element(named: name) else {
            throw ReplProblem(
                message: "no photo field `\(name)` on \(view.screen); \(hint(name, among: photos, kind: "photo field"))"
            )
        }
        let input = make(index)
        guard let refusal = refusal(of: input) else { return input }
        switch refusal.reason {
        case .noPhoto:
            throw ReplProblem(message: "`\(name)` holds no photo yet: pick one first (\(tappableNow()))")
        case .wrongKind:
            throw ReplProblem(
                message: "`\(name)` is not a photo field; photo fields here: \(photos.joined(separator: ", "))")
        default: throw problem(refusal, name: name, expected: .field)
        }
    }

    /// Photo fields that take `pinch` and `pan` now.
    func photoTargets() -> [String] { available(.pinch) }

    /// Hidden, disabled or the wrong kind, for `fill`, `slide` and `pick`.
    private func problem(_ refusal: InputRefusal, name: String, expected: ElementProgram.Kind) -> ReplProblem {
        switch refusal.reason {
        case .hidden: ReplProblem(message: "`\(name)` is hidden now")
        case .disabled, .formHasErrors: ReplProblem(message: "`\(name)` is disabled now")
        case .wrongKind(let kind): ReplProblem(message: "`\(name)` is a \(kind.rawValue), not a \(expected.rawValue)")
        default: ReplProblem(message: refusal.explanation(in: program, state: driver.state).reason)
        }
    }

    /// `slide` and `pick`: a slider or picker anywhere on the screen, inside list items too.
    private func changeInput(_ name: String, _ value: Value, kind: ElementProgram.Kind) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        let missing = ReplProblem(
            message: "no \(kind.rawValue) `\(name)` on \(view.screen); "
                + hint(name, among: changeTargets(kind), kind: kind.rawValue))
        guard let path = program.path(name, on: screen), let target = program.element(at: path, on: screen) else {
            throw missing
        }
        guard target.kind == kind else {
            throw ReplProblem(message: "`\(name)` is a \(target.kind.rawValue), not a \(kind.rawValue)")
        }
        let input = Input.change(path, value)
        guard let refusal = refusal(of: input) else { return input }
        switch refusal.reason {
        case .noSuchItem, .noSuchElement: throw missing
        default: throw problem(refusal, name: name, expected: kind)
        }
    }

    private func scrollInput(_ name: String) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        let elements = program.screens[screen].elements
        guard let index = elements.firstIndex(where: { $0.name == name }), elements[index].list?.nearEnd != nil else {
            let lists = elements.filter { $0.list?.nearEnd != nil }.map(\.name)
            let hint =
                Suggestion.closest(to: name, in: lists).map { "did you mean `\($0)`?" }
                ?? (lists.isEmpty
                    ? "no list here loads more pages" : "lists with paging: " + lists.joined(separator: ", "))
            throw ReplProblem(message: "no list with paging `\(name)` on \(view.screen); \(hint)")
        }
        let input = Input.scrolledNearEnd(list: index)
        // Scrolling to the end once every page is in is something a person does: the flow says it loads nothing.
        guard let refusal = refusal(of: input), refusal.reason != .noMorePages else { return input }
        switch refusal.reason {
        case .hidden: throw ReplProblem(message: "`\(name)` is hidden now")
        default: throw ReplProblem(message: refusal.explanation(in: program, state: driver.state).reason)
        }
    }

}
