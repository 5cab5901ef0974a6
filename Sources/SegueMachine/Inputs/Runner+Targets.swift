import SegueExpression
import SegueModel

/// An element an input acts on, found on the top screen with `item`, `index` and a component's arguments bound.
struct InputTarget {
    var element: ElementProgram
    var frame: Frame
    /// The actions the input runs (a tap's, a slider's or picker's `change`, a field's `submit`); for a field's
    /// edit, its `change`.
    var entry: Int?
}

extension Runner {
    /// Resolves `path` on the top screen for `action` without changing anything: every element on the way
    /// shown and enabled (a submit button also needs a valid form), the item in range, the final element of the
    /// right kind with actions to run. The one rule the runner, the REPL, completion and scenarios share.
    func target(_ path: ElementPath, for action: InputAction) -> Result<InputTarget, InputRefusal> {
        guard let top = topInstance else { return .failure(InputRefusal(.noScreen, action)) }
        func refuse(_ reason: InputRefusal.Reason, _ at: ElementPath) -> Result<InputTarget, InputRefusal> {
            .failure(InputRefusal(reason, action, screen: top.screen, path: at))
        }
        let elements = program.screens[top.screen].elements
        guard elements.indices.contains(path.element) else { return refuse(.noSuchElement, path) }
        var element = elements[path.element]
        var frame = Frame(instance: top.id)
        var reached = ElementPath(element: path.element)
        if let reason = availability(element, frame, form: element.submits ? top.form : nil) {
            return refuse(reason, reached)
        }
        if let item = path.item {
            guard let list = element.list else { return refuse(.notAList, reached) }
            let items: [Value]
            switch listItems(list, frame) {
            case .success(let values): items = values
            case .failure(let reason): return refuse(reason, reached)
            }
            reached.item = item
            guard items.indices.contains(item) else { return refuse(.noSuchItem(count: items.count), reached) }
            frame.bind(items[item], at: item)
        }
        if let part = path.part {
            let inner: [ElementProgram]
            if path.item == nil, element.list != nil {
                inner = element.footer
            } else if let component = element.parts {
                switch bind(component, frame) {
                case .success(let bound): frame = bound
                case .failure(let failure): return refuse(.failed(failure), reached)
                }
                inner = component.elements
            } else {
                return refuse(.noComponent, reached)
            }
            guard inner.indices.contains(part) else { return refuse(.noSuchElement, path) }
            element = inner[part]
            reached.part = part
            if let reason = availability(element, frame, form: nil) { return refuse(reason, reached) }
        }
        if let reason = acceptance(of: element, for: action, listItem: path.item != nil && path.part == nil) {
            return refuse(reason, reached)
        }
        let entry = action == .submit ? element.submit : element.tap
        return .success(InputTarget(element: element, frame: frame, entry: entry))
    }

    /// The target of a `change` to `value`: a slider takes only a number within its bounds.
    func changeTarget(_ path: ElementPath, to value: Value) -> Result<InputTarget, InputRefusal> {
        let found = target(path, for: .change)
        guard case .success(let target) = found, let bounds = target.element.bounds else { return found }
        guard let number = value.numberValue, bounds.contains(number) else {
            return .failure(
                InputRefusal(.outOfRange(bounds), .change, screen: topInstance?.screen, path: path))
        }
        return found
    }

    /// Why an element cannot be acted on at all now: hidden, disabled, or a submit button of an invalid form.
    func availability(_ element: ElementProgram, _ frame: Frame, form: FormState?) -> InputRefusal.Reason? {
        guard isShown(element, frame) else { return .hidden }
        if let form, !form.isValid { return .formHasErrors }
        guard isEnabled(element, frame) else { return .disabled }
        return nil
    }

    /// Why an element that can be acted on does not take this input: the wrong kind, or no actions to run.
    func acceptance(of element: ElementProgram, for action: InputAction, listItem: Bool) -> InputRefusal.Reason? {
        let changes: Bool
        switch element.body {
        case .slider, .picker: changes = true
        case .text, .image, .button, .field, .list, .lines, .meter, .progress, .component: changes = false
        }
        switch action {
        case .edit:
            guard let field = element.field, !listItem else { return .wrongKind(element.kind) }
            // A photo is picked, not typed: only the flow (`set: { form.photo: result }`) puts one there.
            return photoFrame(field) == nil ? nil : .photoNotTyped
        case .submit:
            guard element.field != nil, !listItem else { return .wrongKind(element.kind) }
            return element.submit == nil ? .inert : nil
        case .pinch, .pan:
            guard let field = element.field, !listItem, photoFrame(field) != nil else {
                return .wrongKind(element.kind)
            }
            return topInstance?.form.fields.indices.contains(field) == true
                && topInstance?.form.fields[field].value != .null ? nil : .noPhoto
        case .change:
            guard changes, !listItem else { return .wrongKind(element.kind) }
            return element.tap == nil ? .inert : nil
        default:
            if listItem { return element.tap == nil ? .inert : nil }
            if element.list != nil { return .needsItem(count: itemCount(element, topFrame) ?? 0) }
            if changes || element.kind == .field { return .wrongKind(element.kind) }
            return element.tap == nil ? .inert : nil
        }
    }

    /// The crop frame of field `field` of the top screen when it is a photo field.
    func photoFrame(_ field: Int) -> CropFrame? {
        guard let top = topInstance, program.screens[top.screen].fields.indices.contains(field) else { return nil }
        return program.screens[top.screen].fields[field].crop
    }

    /// A list's items now; a failure to evaluate them is routed as an error by whoever acts on it.
    func listItems(_ list: ListProgram, _ frame: Frame) -> Result<[Value], InputRefusal.Reason> {
        switch evaluate(list.items, frame) {
        case .success(.list(let values)): .success(values)
        case .success: .failure(.itemsNotAList)
        case .failure(let failure): .failure(.failed(failure))
        }
    }

    /// A frame with a component's arguments bound, evaluated in `frame`.
    func bind(_ component: ComponentProgram, _ frame: Frame) -> Result<Frame, ExpressionFailure> {
        var inner = frame
        inner.component = component.lets
        // Grown once for all the arguments, not once per argument.
        if !component.arguments.isEmpty { inner.locals.reserveCapacity(inner.locals.count + component.arguments.count) }
        for argument in component.arguments {
            switch evaluate(argument.value, frame) {
            case .success(let value): inner.locals[argument.name] = value
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(inner)
    }

    /// How many items a list shows now (nil when they cannot be evaluated).
    func itemCount(_ element: ElementProgram, _ frame: Frame) -> Int? {
        guard let list = element.list, case .success(let items) = listItems(list, frame) else { return nil }
        return items.count
    }

    /// The top screen's own frame.
    var topFrame: Frame { Frame(instance: state.topInstanceID ?? -1) }

    /// Whether `scrolledNearEnd` on element `index` of the top screen raises its paging event, and which one.
    func pagingEvent(_ index: Int) -> Result<Int, InputRefusal> {
        guard let top = topInstance else { return .failure(InputRefusal(.noScreen, .scroll)) }
        let path = ElementPath(element: index)
        func refuse(_ reason: InputRefusal.Reason) -> Result<Int, InputRefusal> {
            .failure(InputRefusal(reason, .scroll, screen: top.screen, path: path))
        }
        let elements = program.screens[top.screen].elements
        guard elements.indices.contains(index), let list = elements[index].list, let event = list.nearEnd else {
            return refuse(.noPaging)
        }
        let frame = Frame(instance: top.id)
        guard isShown(elements[index], frame) else { return refuse(.hidden) }
        guard let hasMore = list.hasMore else { return .success(event) }
        switch evaluate(hasMore, frame) {
        case .success(.bool(true)): return .success(event)
        case .success(.bool(false)): return refuse(.noMorePages)
        case .success(let other): return refuse(.failed(conditionFailure(hasMore, other)))
        case .failure(let failure): return refuse(.failed(failure))
        }
    }

    /// Why `back` or `swipeToDismiss` does nothing now; nil when it pops or dismisses.
    func navigationRefusal(_ action: InputAction) -> InputRefusal? {
        guard let top = state.layers.last?.stack.last else { return InputRefusal(.noScreen, action) }
        // The navigation model decides: back pops or dismisses, a swipe dismisses.
        if action == .back {
            guard state.layers.backTransition() != nil else { return InputRefusal(.atRoot, action, screen: top.screen) }
        } else if case .ignored = state.layers.navigationStep(TransitionKind.dismiss) {
            return InputRefusal(.nothingPresented, action, screen: top.screen)
        }
        return nil
    }
}
