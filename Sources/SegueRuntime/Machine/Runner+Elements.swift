import SegueExpression
import SegueModel

extension Runner {
    /// Finds the element a path names on the top screen, with `item`, `index` and a component's arguments bound.
    ///
    /// Nil (with the reason traced) when the element is missing, hidden or disabled, or a submit button's form
    /// has errors. A path with a part and no item on a script's `lines` names one of its footer elements.
    mutating func resolve(_ path: ElementPath, action: String) -> (ElementProgram, Frame, String)? {
        guard let top = topInstance else {
            ignore(action, "no screen is shown")
            return nil
        }
        let screen = program.screens[top.screen]
        guard screen.elements.indices.contains(path.element) else {
            ignore("\(action) \(path)", "screen \(screen.name) has no element #\(path.element)")
            return nil
        }
        var element = screen.elements[path.element]
        var frame = Frame(instance: top.id)
        var what = "\(action) \(screen.name).\(element.name)"
        guard isShown(element, frame) else {
            ignore(what, "\(element.name) is hidden")
            return nil
        }
        if element.submits, !top.form.isValid {
            // Trying to submit reveals every field's error.
            if let location = locate(top.id) {
                state.layers[location.layer].stack[location.index].form.submitted = true
            }
            let failing = zip(screen.fields, top.form.errors).compactMap { field, error in
                error.map { "\(field.name): \($0)" }
            }
            ignore(what, "disabled: the form has errors (\(failing.joined(separator: "; ")))")
            return nil
        }
        guard isEnabled(element, frame) else {
            ignore(what, "\(element.name) is disabled")
            return nil
        }
        if let item = path.item {
            guard let list = element.list else {
                ignore(what, "\(element.name) is not a list")
                return nil
            }
            let items: [Value]
            switch evaluate(list.items, frame) {
            case .success(.list(let values)): items = values
            case .success:
                ignore(what, "the items of \(element.name) are not a list")
                return nil
            case .failure(let failure):
                routeError(failure.serviceError, frame: frame)
                return nil
            }
            guard items.indices.contains(item) else {
                ignore("\(what)[\(item)]", "\(element.name) has \(items.count) items")
                return nil
            }
            frame.locals[ImplicitName.item.rawValue] = items[item]
            frame.locals[ImplicitName.index.rawValue] = .int(item)
        }
        guard let part = path.part else { return (element, frame, what) }
        let inner: [ElementProgram]
        if path.item == nil, element.list != nil {
            inner = element.footer
        } else if let component = element.list?.item ?? element.component {
            for argument in component.arguments {
                switch evaluate(argument.value, frame) {
                case .success(let value): frame.locals[argument.name] = value
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return nil
                }
            }
            inner = component.elements
        } else {
            ignore(what, "\(element.name) has no component")
            return nil
        }
        guard inner.indices.contains(part) else {
            ignore(what, "\(element.name) has no \(path.item == nil ? "footer " : "")element #\(part)")
            return nil
        }
        element = inner[part]
        what = "\(what).\(element.name)"
        guard isShown(element, frame) else {
            ignore(what, "\(element.name) is hidden")
            return nil
        }
        guard isEnabled(element, frame) else {
            ignore(what, "\(element.name) is disabled")
            return nil
        }
        return (element, frame, what)
    }

    /// A slider or picker anywhere on the top screen moved: its `change` actions run with `event.value`.
    mutating func change(_ path: ElementPath, _ value: Value) {
        guard let (element, resolved, what) = resolve(path, action: "change") else { return }
        if element.field != nil, path.item == nil, path.part == nil { return edit(path.element, value) }
        guard element.kind == .slider || element.kind == .picker else {
            return ignore(what, "\(element.name) is not a slider or a picker")
        }
        guard let change = element.tap else { return ignore(what, "\(element.name) has no `change` actions") }
        var frame = resolved
        frame.event = .record(["value": value])
        run(change, frame)
    }
}
