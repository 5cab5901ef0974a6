import SegueExpression
import SegueModel

extension Runner {
    /// A tap on an element, a list item or an element inside one: its actions run with `item`, `index` and the
    /// component's arguments bound, or the refusal is traced.
    mutating func tap(_ path: ElementPath) {
        switch target(path, for: .tap) {
        case .success(let target):
            if let entry = target.entry { run(entry, target.frame) }
        case .failure(let refusal): refuse(refusal)
        }
    }

    /// A slider or picker anywhere on the top screen moved: its `change` actions run with `event.value`.
    mutating func change(_ path: ElementPath, _ value: Value) {
        switch changeTarget(path, to: value) {
        case .success(let target):
            guard let entry = target.entry else { return }
            var frame = target.frame
            frame.event = .record(["value": value])
            run(entry, frame)
        case .failure(let refusal): refuse(refusal)
        }
    }

    /// The user changed a shown, enabled field of the top screen: its value, error and flags follow, then its
    /// `change` actions run with `event.value`.
    mutating func edit(_ elementIndex: Int, _ value: Value) {
        switch target(ElementPath(element: elementIndex), for: .edit) {
        case .success(let target):
            guard let field = target.element.field, let top = topInstance, let location = locate(top.id) else { return }
            var form = top.form
            form.fields[field].touched = true
            form.fields[field].update(value, error: fieldError(value, screen: top.screen, field: field))
            state.layers[location.layer].stack[location.index].form = form
            if let entry = target.element.tap {
                var frame = target.frame
                frame.event = .record(["value": value])
                run(entry, frame)
            }
        case .failure(let refusal): refuse(refusal)
        }
    }

    /// Return pressed in a shown, enabled field of the top screen: its `submit` actions run with `event.value` the
    /// field's text.
    mutating func submit(_ elementIndex: Int) {
        switch target(ElementPath(element: elementIndex), for: .submit) {
        case .success(let target):
            guard let entry = target.entry, let field = target.element.field, let top = topInstance,
                top.form.fields.indices.contains(field)
            else { return }
            var frame = target.frame
            let value = top.form.fields[field].value
            frame.event = .record(["value": value == .null ? .string("") : value])
            run(entry, frame)
        case .failure(let refusal): refuse(refusal)
        }
    }

    /// A pinch or pan on a shown, enabled photo field holding a photo: its framing changes as `change` says.
    mutating func reframe(_ elementIndex: Int, _ action: InputAction, _ change: (Value, CropFrame) -> Value?) {
        switch target(ElementPath(element: elementIndex), for: action) {
        case .success(let target):
            guard let field = target.element.field, let crop = photoFrame(field), let top = topInstance,
                let location = locate(top.id), let value = change(top.form.fields[field].value, crop)
            else { return }
            state.layers[location.layer].stack[location.index].form.fields[field].touched = true
            state.layers[location.layer].stack[location.index].form.fields[field].update(
                value, error: fieldError(value, screen: top.screen, field: field))
        case .failure(let refusal): refuse(refusal)
        }
    }

    func isShown(_ element: ElementProgram, _ frame: Frame) -> Bool {
        guard let visible = element.visible else { return true }
        return (try? evaluate(visible, frame).get()) == .bool(true)
    }

    func isEnabled(_ element: ElementProgram, _ frame: Frame) -> Bool {
        guard let enabled = element.enabled else { return true }
        return (try? evaluate(enabled, frame).get()) == .bool(true)
    }

    mutating func back() {
        if let refusal = navigationRefusal(.back) { return refuse(refusal) }
        guard let kind = state.layers.backTransition() else { return }
        navigate(kind, to: nil, frame: Frame(instance: -1))
    }

    mutating func swipeToDismiss() {
        if let refusal = navigationRefusal(.swipeToDismiss) { return refuse(refusal) }
        navigate(.dismiss, to: nil, frame: Frame(instance: -1))
    }

    mutating func scrolledNearEnd(_ elementIndex: Int) {
        switch pagingEvent(elementIndex) {
        case .success(let event):
            guard let top = topInstance else { return }
            state.eventQueue.append(RaisedEvent(event: event, payload: .null, instance: top.id, kind: .external))
        case .failure(let refusal): refuse(refusal)
        }
    }
}
