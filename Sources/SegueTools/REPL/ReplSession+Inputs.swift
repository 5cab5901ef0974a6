import Foundation
import SegueDiagnostics
import SegueExpression
import SegueRuntime

/// A command the REPL refuses before it reaches the machine, with what to do instead.
struct ReplProblem: Error {
    var message: String
}

extension ReplSession {
    /// Turns a user command into a machine input, checking names against the top screen first.
    func input(for command: ReplCommand) -> Result<Input, ReplProblem> {
        do {
            switch command {
            case .tap(let name): return .success(try tapInput(name))
            case .select(let list, let index): return .success(try tapInput("\(list)[\(index)]"))
            case .fill(let field, let text): return .success(try editInput(field, .string(text), kind: .field))
            case .clear(let field): return .success(try editInput(field, .string(""), kind: .field))
            case .slide(let slider, let value): return .success(try changeInput(slider, .number(value), kind: .slider))
            case .pick(let picker, let option): return .success(try changeInput(picker, .string(option), kind: .picker))
            case .scroll(let list): return .success(try scrollInput(list))
            case .back: return .success(.back)
            case .dismiss: return .success(.swipeToDismiss)
            case .send(let event, let payload): return .success(try eventInput(event, payload))
            default: return .failure(ReplProblem(message: "not an input"))
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

    private func tapInput(_ name: String) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        guard let path = program.path(name, on: screen) else { throw unknown(name, candidates: tapTargets(), on: view) }
        let element = view.elements[path.element]
        let compiled = program.screens[screen].elements[path.element]
        try shownAndEnabled(element, compiled, name: element.id)
        guard let item = path.item else {
            if let part = path.part {
                // Without an item, a part is one of a script's footer elements (its share button).
                guard let footer = element.footerElements, footer.indices.contains(part),
                    compiled.footer.indices.contains(part)
                else { throw ReplProblem(message: "name an item: `tap \(element.id)[0].…`") }
                try shownAndEnabled(footer[part], compiled.footer[part], name: footer[part].id)
                guard compiled.footer[part].tap != nil else { throw inert(footer[part], screen: view.screen) }
                return .tap(path)
            }
            if let items = element.items, element.kind == .list || element.kind == .lines {
                throw ReplProblem(
                    message: "`\(element.id)` is a list: tap one of its items, \(range(element.id, items.count))")
            }
            guard compiled.tap != nil else { throw inert(element, screen: view.screen) }
            return .tap(path)
        }
        guard let items = element.items, element.kind == .list || element.kind == .lines else {
            throw ReplProblem(message: "`\(element.id)` is a \(element.kind.rawValue), not a list")
        }
        guard items.indices.contains(item) else {
            throw ReplProblem(
                message: items.isEmpty
                    ? "`\(element.id)` has no items"
                    : "`\(element.id)` has \(items.count) items: \(range(element.id, items.count))")
        }
        guard let part = path.part else {
            guard compiled.tap != nil else {
                throw ReplProblem(
                    message: "the items of `\(element.id)` do nothing when tapped; tap an element inside one")
            }
            return .tap(path)
        }
        let partView = items[item][part]
        guard let partProgram = compiled.list?.item.elements[part] else { return .tap(path) }
        try shownAndEnabled(partView, partProgram, name: "\(element.id)[\(item)].\(partView.id)")
        guard partProgram.tap != nil else { throw inert(partView, screen: view.screen) }
        return .tap(path)
    }

    private func shownAndEnabled(_ view: ElementView, _ compiled: ElementProgram, name: String) throws(ReplProblem) {
        if !view.visible {
            let condition = compiled.visible.map { " (shown when `\(program.expressions[$0].source)`)" } ?? ""
            throw ReplProblem(message: "`\(name)` is hidden now\(condition); \(tappableNow())")
        }
        guard view.enabled else {
            if compiled.submits, let failing = formErrors(), !failing.isEmpty {
                throw ReplProblem(message: "`\(name)` is disabled until the form is valid: \(failing)")
            }
            let condition = compiled.enabled.map { " (enabled when `\(program.expressions[$0].source)`)" } ?? ""
            throw ReplProblem(message: "`\(name)` is disabled now\(condition)")
        }
    }

    /// `name: Обязательное поле; surname: …`, including fields not touched yet.
    private func formErrors() -> String? {
        guard let top = driver.state.topInstance else { return nil }
        let fields = program.screens[top.screen].fields
        let failing = zip(fields, top.form.errors).compactMap { field, error in error.map { "\(field.name): \($0)" } }
        return failing.joined(separator: "; ")
    }

    private func inert(_ element: ElementView, screen: String) -> ReplProblem {
        switch element.kind {
        case .field: ReplProblem(message: "`\(element.id)` is a field: `fill \(element.id) TEXT`")
        case .slider: ReplProblem(message: "`\(element.id)` is a slider: `slide \(element.id) VALUE`")
        case .picker: ReplProblem(message: "`\(element.id)` is a picker: `pick \(element.id) OPTION`")
        default:
            ReplProblem(
                message: "`\(element.id)` is a \(element.kind.rawValue) that does nothing when tapped; \(tappableNow())"
            )
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

    /// What `tap` accepts on the top screen now: visible elements with a tap action, list items, and the visible
    /// tappable elements inside them.
    func tapTargets(includeParts: Bool = true) -> [String] {
        guard let view = driver.view, let top = driver.state.topInstance else { return [] }
        let compiled = program.screens[top.screen].elements
        var targets: [String] = []
        for (element, program) in zip(view.elements, compiled) where element.visible && element.enabled {
            if let items = element.items, element.kind == .list || element.kind == .lines {
                for (index, row) in items.enumerated() {
                    if program.tap != nil { targets.append("\(element.id)[\(index)]") }
                    guard includeParts, let parts = program.list?.item.elements else { continue }
                    for (part, partProgram) in zip(row, parts)
                    where part.visible && part.enabled && partProgram.tap != nil && part.kind != .slider
                        && part.kind != .picker
                    {
                        targets.append("\(element.id)[\(index)].\(part.id)")
                    }
                }
            } else if program.tap != nil, ![.field, .slider, .picker].contains(element.kind) {
                targets.append(element.id)
            }
            for (part, partProgram) in zip(element.footerElements ?? [], program.footer)
            where part.visible && part.enabled && partProgram.tap != nil {
                targets.append(part.id)
            }
        }
        return targets
    }

    /// The top screen's element ids of one kind (fields, sliders, pickers, lists).
    func elementIDs(_ kinds: Set<ElementProgram.Kind>) -> [String] {
        driver.view?.elements.filter { kinds.contains($0.kind) }.map(\.id) ?? []
    }

    private func unknown(_ name: String, candidates: [String], on view: ScreenView) -> ReplProblem {
        let all = candidates + view.elements.map(\.id)
        if let close = Suggestion.closest(to: name, in: all) {
            return ReplProblem(message: "no element `\(name)` on \(view.screen); did you mean `\(close)`?")
        }
        return ReplProblem(message: "no element `\(name)` on \(view.screen); \(tappableNow())")
    }

    private func editInput(_ name: String, _ value: Value, kind: ElementProgram.Kind) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        let verb = "fill"
        guard let index = program.screens[screen].element(named: name) else {
            if name.contains("[") {
                throw ReplProblem(
                    message:
                        "`\(verb)` changes the screen's own \(kind.rawValue)s; one inside a list item is not supported by the runtime yet"
                )
            }
            let ids = elementIDs([kind])
            let hint =
                Suggestion.closest(to: name, in: ids).map { "did you mean `\($0)`?" }
                ?? (ids.isEmpty
                    ? "this screen has no \(kind.rawValue)s" : "\(kind.rawValue)s here: " + ids.joined(separator: ", "))
            throw ReplProblem(message: "no \(kind.rawValue) `\(name)` on \(view.screen); \(hint)")
        }
        let element = view.elements[index]
        guard element.kind == kind else {
            throw ReplProblem(message: "`\(name)` is a \(element.kind.rawValue), not a \(kind.rawValue)")
        }
        guard element.visible else { throw ReplProblem(message: "`\(name)` is hidden now") }
        guard element.enabled else { throw ReplProblem(message: "`\(name)` is disabled now") }
        return .edit(element: index, value: value)
    }

    /// `slide` and `pick`: a slider or picker anywhere on the screen, inside list items too.
    private func changeInput(_ name: String, _ value: Value, kind: ElementProgram.Kind) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        guard let path = program.path(name, on: screen), let target = Self.element(at: path, in: view) else {
            let targets = changeTargets(kind)
            let hint =
                Suggestion.closest(to: name, in: targets).map { "did you mean `\($0)`?" }
                ?? (targets.isEmpty
                    ? "this screen has no \(kind.rawValue)s"
                    : "\(kind.rawValue)s here: " + targets.joined(separator: ", "))
            throw ReplProblem(message: "no \(kind.rawValue) `\(name)` on \(view.screen); \(hint)")
        }
        guard target.kind == kind else {
            throw ReplProblem(message: "`\(name)` is a \(target.kind.rawValue), not a \(kind.rawValue)")
        }
        guard target.visible else { throw ReplProblem(message: "`\(name)` is hidden now") }
        guard target.enabled else { throw ReplProblem(message: "`\(name)` is disabled now") }
        return .change(path, value)
    }

    /// The element a path names in the view: a top-level element, an item's part, or a footer element.
    static func element(at path: ElementPath, in view: ScreenView) -> ElementView? {
        guard view.elements.indices.contains(path.element) else { return nil }
        let element = view.elements[path.element]
        switch (path.item, path.part) {
        case (nil, nil): return element
        case (nil, let part?):
            guard let footer = element.footerElements, footer.indices.contains(part) else { return nil }
            return footer[part]
        case (_?, nil): return nil
        case (let item?, let part?):
            guard let items = element.items, items.indices.contains(item), items[item].indices.contains(part) else {
                return nil
            }
            return items[item][part]
        }
    }

    /// Sliders or pickers the top screen shows: its own, then each list item's (`character_volumes[0].volume`).
    func changeTargets(_ kind: ElementProgram.Kind) -> [String] {
        guard let view = driver.view else { return [] }
        var targets: [String] = []
        for element in view.elements where element.visible {
            if element.kind == kind { targets.append(element.id) }
            guard element.kind == .list || element.kind == .lines else { continue }
            for (index, row) in (element.items ?? []).enumerated() {
                for part in row where part.kind == kind && part.visible {
                    targets.append("\(element.id)[\(index)].\(part.id)")
                }
            }
        }
        return targets
    }

    private func scrollInput(_ name: String) throws(ReplProblem) -> Input {
        let (view, screen) = try topScreen()
        let lists = view.elements.filter { $0.hasMore != nil }.map(\.id)
        guard let index = program.screens[screen].element(named: name), view.elements[index].hasMore != nil else {
            let hint =
                Suggestion.closest(to: name, in: lists).map { "did you mean `\($0)`?" }
                ?? (lists.isEmpty
                    ? "no list here loads more pages" : "lists with paging: " + lists.joined(separator: ", "))
            throw ReplProblem(message: "no list with paging `\(name)` on \(view.screen); \(hint)")
        }
        return .scrolledNearEnd(list: index)
    }

    private func eventInput(_ name: String, _ payload: String?) throws(ReplProblem) -> Input {
        guard let event = program.event(named: name) else {
            let hint = Suggestion.closest(to: name, in: program.events).map { "; did you mean `\($0)`?" } ?? ""
            throw ReplProblem(message: "the flow has no event `\(name)`\(hint)")
        }
        return .event(event, payload: try Self.json(payload, what: "the payload of `\(name)`") ?? .record([:]))
    }

    /// Parses a JSON argument; nil when none was given.
    static func json(_ text: String?, what: String) throws(ReplProblem) -> Value? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw ReplProblem(message: "\(what) is not valid JSON: \(text)")
        }
    }
}
