import SegueExpression
import SegueMachine

/// One thing the person can do on the phone now, as the runtime's input query lists it, with what the page needs
/// to draw a control for it: a tap's label, a field's text and placeholder, a slider's bounds, a picker's options.
struct PageInput: Sendable, Encodable, Hashable {
    /// How `segue render`'s drawing tags it (`data-kind`): `tap`, `select`, `edit`, `change`, `scroll_end`, `back`,
    /// `swipe_dismiss`, `dismiss_alert`.
    var kind: String
    /// The input path as the REPL names it (`options[0]`, `lines[2].play`); nil for back, dismiss and alerts.
    var path: String?
    var label: String?
    var value: String?
    var placeholder: String?
    var multiline: Bool?
    /// A field whose return runs its `submit:` actions: the page sends its text, then a `submit` step.
    var submit: Bool?
    var error: String?
    var min: Double?
    var max: Double?
    var options: [String]?

    /// The query's inputs in `state`, top screen first; timers and events are left to the clock and the flow.
    static func available(machine: Machine, state: MachineState, view: ScreenView?) -> [PageInput] {
        guard let top = state.topInstance else { return [] }
        let program = machine.program
        let inputs = machine.inputs(in: state)
        let submits = Set(inputs.filter { $0.action == .submit }.compactMap(\.path))
        return inputs.compactMap { input in
            let path = input.path.map { program.reference(to: $0, on: top.screen) }
            let found = path.map { find($0, in: view?.elements ?? []) }
            let element = found?.element
            switch input.action {
            case .tap:
                // A list's item as a whole is a `select`, as the drawing tags it; anything inside one is a tap.
                let item = input.path.map { $0.item != nil && $0.part == nil } ?? false
                return PageInput(kind: item ? "select" : "tap", path: path, label: found?.label ?? path)
            case .edit:
                let field = element?.field
                return PageInput(
                    kind: "edit", path: path, label: field?.label, value: field.map { text($0.value) },
                    placeholder: field?.placeholder, multiline: field.map { $0.kind == "multiline" || $0.grows },
                    submit: input.path.map(submits.contains) == true ? true : nil, error: field?.error)
            case .change:
                if case .range(let bounds) = input.domain {
                    return PageInput(
                        kind: "change", path: path, value: element?.text, min: bounds.lowerBound, max: bounds.upperBound
                    )
                }
                if case .options(let values) = input.domain {
                    return PageInput(kind: "change", path: path, value: element?.text, options: values.map(text))
                }
                return PageInput(kind: "change", path: path, value: element?.text)
            case .scroll: return PageInput(kind: "scroll_end", path: path, label: element?.id)
            case .back: return PageInput(kind: "back")
            case .swipeToDismiss: return PageInput(kind: "swipe_dismiss")
            case .dismissAlert: return PageInput(kind: "dismiss_alert", label: state.alert?.title)
            // A photo's crop frame takes the wheel (pinch) and a drag (pan) on the drawing; no control below it.
            // Return in a field: its `edit` says so (`submit`), and the page sends the step.
            case .timer, .event, .pinch, .pan, .submit: return nil
            }
        }
    }

    /// The element a path names in the view (`save`, `lines[0].play`), or for an item as a whole (`wall[2]`) its
    /// visible texts as the label.
    static func find(_ path: String, in elements: [ElementView]) -> (element: ElementView?, label: String?) {
        let head = String(path.prefix { $0 != "[" && $0 != "." })
        let footers = elements.lazy.compactMap { $0.footerElements?.first { $0.id == head } }
        guard let element = elements.first(where: { $0.id == head }) ?? footers.first else { return (nil, nil) }
        var rest = path.dropFirst(head.count)
        guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
            let index = Int(rest[rest.index(after: rest.startIndex)..<close])
        else { return rest.isEmpty ? (element, label(element)) : (nil, nil) }
        rest = rest[rest.index(after: close)...]
        guard let rows = element.items, rows.indices.contains(index) else { return (nil, nil) }
        if rest.hasPrefix(".") { return find(String(rest.dropFirst()), in: rows[index]) }
        let words = rows[index].filter { $0.visible && $0.kind == .text }.compactMap(\.text).filter { !$0.isEmpty }
        let label = words.joined(separator: " · ")
        return (nil, words.isEmpty ? path : label.count > 80 ? String(label.prefix(79)) + "…" : label)
    }

    static func label(_ element: ElementView) -> String? {
        element.text.flatMap { $0.isEmpty ? nil : $0 } ?? element.icon ?? element.id
    }

    static func text(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        if case .null = value { return "" }
        return value.description
    }
}
