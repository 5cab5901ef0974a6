import SegueExpression
import SegueModel

extension Runner {
    /// Everything that can be done now, in screen order: each element input the top screen takes (with
    /// `target(_:for:)`'s rules), then `back`, `swipeToDismiss`, `dismissAlert` and the scheduled timers.
    func availableInputs() -> [AvailableInput] {
        guard state.launched, let top = topInstance else { return [] }
        var inputs: [AvailableInput] = []
        // One input per element is the common case: growing the array from empty would allocate three or four times.
        inputs.reserveCapacity(program.screens[top.screen].elements.count + 2)
        let frame = Frame(instance: top.id)
        for (index, element) in program.screens[top.screen].elements.enumerated() {
            let path = ElementPath(element: index)
            guard availability(element, frame, form: element.submits ? top.form : nil) == nil else { continue }
            if let list = element.list {
                // Items that cannot be evaluated offer none (tapping one routes the error); the footer stays.
                let items = (try? listItems(list, frame).get()) ?? []
                for (item, value) in items.enumerated() {
                    var itemFrame = frame
                    itemFrame.bind(value, at: item)
                    let itemPath = ElementPath(element: index, item: item)
                    if element.tap != nil { inputs.append(AvailableInput(.tap, path: itemPath)) }
                    guard case .success(let bound) = bind(list.item, itemFrame) else { continue }
                    append(list.item.elements, bound, at: itemPath, to: &inputs)
                }
                append(element.footer, frame, at: path, to: &inputs)
                if case .success = pagingEvent(index) {
                    inputs.append(AvailableInput(.scroll, path: path, domain: .items(count: items.count)))
                }
            } else if let component = element.component {
                if element.tap != nil { inputs.append(AvailableInput(.tap, path: path)) }
                if case .success(let bound) = bind(component, frame) {
                    append(component.elements, bound, at: path, to: &inputs)
                }
            } else if let field = element.field, let crop = photoFrame(field) {
                // A photo field is pinched and panned once it holds a photo; it is never typed into.
                guard top.form.fields.indices.contains(field), top.form.fields[field].value != .null else { continue }
                inputs.append(AvailableInput(.pinch, path: path, domain: .range(crop.minZoom...crop.maxZoom)))
                inputs.append(AvailableInput(.pan, path: path, domain: .range(0...1)))
            } else {
                appendInputs(of: element, frame, at: path, to: &inputs)
            }
        }
        if navigationRefusal(.back) == nil { inputs.append(AvailableInput(.back)) }
        if navigationRefusal(.swipeToDismiss) == nil { inputs.append(AvailableInput(.swipeToDismiss)) }
        if state.alert != nil { inputs.append(AvailableInput(.dismissAlert)) }
        for timer in state.timers {
            inputs.append(AvailableInput(.timer, domain: .timer(id: timer.id, deadline: timer.deadline)))
        }
        return inputs
    }

    /// The inputs of the elements inside an item, a component or a script's footer (`parent` with each part).
    private func append(
        _ elements: [ElementProgram], _ frame: Frame, at parent: ElementPath, to inputs: inout [AvailableInput]
    ) {
        for (part, element) in elements.enumerated() where availability(element, frame, form: nil) == nil {
            var path = parent
            path.part = part
            appendInputs(of: element, frame, at: path, to: &inputs)
        }
    }

    /// The inputs a shown, enabled element without items takes, with their domains, appended to `inputs` (no array
    /// of its own per element): one, or for a field of the form its edit and, with `submit:` actions, return.
    private func appendInputs(
        of element: ElementProgram, _ frame: Frame, at path: ElementPath, to inputs: inout [AvailableInput]
    ) {
        switch element.body {
        case .field(let field):
            guard path.item == nil, path.part == nil, let form = field.form else { return }
            inputs.append(AvailableInput(.edit, path: path, domain: .field(form)))
            guard acceptance(of: element, for: .submit, listItem: false) == nil else { return }
            inputs.append(AvailableInput(.submit, path: path, domain: .field(form)))
        case .slider(let slider):
            guard acceptance(of: element, for: .change, listItem: false) == nil else { return }
            inputs.append(AvailableInput(.change, path: path, domain: .range(slider.bounds)))
        case .picker(let picker):
            guard acceptance(of: element, for: .change, listItem: false) == nil else { return }
            let options = (try? evaluate(picker.options, frame).get().listValue) ?? []
            inputs.append(AvailableInput(.change, path: path, domain: .options(options)))
        case .text, .image, .button, .list, .lines, .meter, .progress, .component:
            guard acceptance(of: element, for: .tap, listItem: false) == nil else { return }
            inputs.append(AvailableInput(.tap, path: path))
        }
    }
}
