import SegueExpression
import SegueModel

extension Machine {
    /// The top screen as the user sees it, or nil before launch (or for a state of another program).
    public func view(of state: MachineState) -> ScreenView? {
        guard (try? check(state)) != nil else { return nil }
        return ScreenRenderer(runner: Runner(box: box, state: state, tracing: false)).render()
    }
}

/// Resolves a screen's expressions into a `ScreenView`; failures become an element's `problem`, never a crash.
struct ScreenRenderer {
    let runner: Runner

    var program: Program { runner.program }

    func render() -> ScreenView? {
        guard let instance = runner.state.topInstance else { return nil }
        let screen = program.screens[instance.screen]
        let frame = Frame(instance: instance.id)
        var breadcrumb: [BreadcrumbEntry] = []
        for (index, layer) in runner.state.layers.enumerated() {
            for entry in layer.stack {
                breadcrumb.append(
                    BreadcrumbEntry(
                        screen: program.screens[entry.screen].name, transition: entry.transition, layer: index))
            }
        }
        let layout = screen.layout.map { layout in
            LayoutView(
                margins: layout.margins.flatMap { number($0, frame) }, scroll: layout.scroll,
                bottomInset: layout.bottomInset.flatMap { number($0, frame) }, style: layout.style)
        }
        let device = runner.state.environment.device
        let textLayout = TextLayout(
            width: TextLayout.contentWidth(of: device, margins: layout?.margins), textScale: device.textScale)
        var view = ScreenView(
            screen: screen.name, instance: instance.id, title: screen.title.flatMap { text($0, frame) },
            states: instance.states.map { screen.states[$0].name }, layout: layout,
            elements: screen.elements.map {
                element($0, frame, form: instance.form, fields: screen.fields, layout: textLayout)
            },
            alert: runner.state.alert, breadcrumb: breadcrumb)
        if let highlight = runner.highlight(of: instance) {
            view.highlightedLine = highlight.line
            view.highlightColor = highlight.color.flatMap { text($0, frame) }
            for index in view.elements.indices where screen.elements[index].kind == .lines {
                view.elements[index].highlighted = highlight.line
                view.elements[index].highlightColor = view.highlightColor
            }
        }
        return view
    }

    private func value(_ id: Int, _ frame: Frame) -> Result<Value, ExpressionFailure> { runner.evaluate(id, frame) }

    private func text(_ id: Int, _ frame: Frame) -> String? {
        (try? value(id, frame).get()).map(\.description)
    }

    private func number(_ id: Int, _ frame: Frame) -> Double? {
        (try? value(id, frame).get())?.numberValue
    }

    /// One element as shown; `layout` is the width it sits in (the screen's content, a list's cell).
    private func element(
        _ element: ElementProgram, _ frame: Frame, form: FormState, fields: [FieldProgram], layout: TextLayout
    ) -> ElementView {
        var problems: [String] = []
        /// A condition; one that fails or is not a bool counts as false (hidden, disabled), as taps treat it.
        func flag(_ id: Int?, default fallback: Bool) -> Bool {
            guard let id else { return fallback }
            switch value(id, frame) {
            case .success(.bool(let result)): return result
            case .success(let other):
                problems.append("`\(program.expressions[id].source)` is \(other.literal), not a bool")
                return false
            case .failure(let failure):
                problems.append(failure.description)
                return false
            }
        }
        func string(_ id: Int?) -> String? {
            guard let id else { return nil }
            switch value(id, frame) {
            case .success(let result): return result.description
            case .failure(let failure):
                problems.append(failure.description)
                return nil
            }
        }
        var view = ElementView(
            id: element.name, kind: element.kind, text: string(element.content),
            visible: flag(element.visible, default: true),
            enabled: flag(element.enabled, default: true), style: string(element.style), anchor: element.anchor)
        func show(_ list: ListProgram) {
            var cell = layout
            if let width = list.cellWidth.flatMap({ number($0, frame) }) { cell.width = width }
            switch value(list.items, frame) {
            case .success(.list(let items)):
                view.items = items.enumerated().map { index, item in
                    var itemFrame = frame
                    itemFrame.locals[ImplicitName.item.rawValue] = item
                    itemFrame.locals[ImplicitName.index.rawValue] = .int(index)
                    return row(list.item, itemFrame, layout: cell)
                }
            case .success(let other): problems.append("the items are \(other.literal), not a list")
            case .failure(let failure): problems.append(failure.description)
            }
            view.columns = list.columns.flatMap { number($0, frame) }.map { Int($0) }
            view.cellWidth = list.cellWidth.flatMap { number($0, frame) }
            view.cellHeight = list.cellHeight.flatMap { number($0, frame) }
            if list.nearEnd != nil { view.hasMore = flag(list.hasMore, default: true) }
            view.footer = string(list.empty)
        }
        switch element.body {
        case .text(let text):
            guard let shown = view.text else { break }
            var textLayout = layout
            if let width = text.width.flatMap({ number($0, frame) }) {
                textLayout.width = width
                view.measuredWidth = width
            }
            view.maxLines = text.maxLines
            view.font = text.font
            let drawn = textLayout.text(shown, maxLines: text.maxLines)
            view.lines = drawn.lines
            if text.maxLines != nil { view.truncated = drawn.truncated }
        case .image(let image):
            view.placeholder = image.placeholder
        case .button(let button):
            if button.submits { view.enabled = view.enabled && form.isValid }
            view.icon = string(button.icon)
        case .slider(let slider):
            view.bounds = slider.bounds
            view.label = string(slider.label)
        case .picker(let picker):
            view.label = string(picker.label)
            switch value(picker.options, frame) {
            case .success(.list(let values)): view.options = values.map(\.description)
            case .success(let other): problems.append("the options are \(other.literal), not a list")
            case .failure(let failure): problems.append(failure.description)
            }
        case .progress(let progress):
            var fraction = 0.0
            switch value(progress.value, frame) {
            case .success(let result):
                if let number = result.numberValue {
                    fraction = number
                } else {
                    problems.append("a progress bar's value is \(result.literal), not a number")
                }
            case .failure(let failure): problems.append(failure.description)
            }
            view.progress = ProgressView(fraction: fraction, label: string(progress.label))
        case .meter(let meter):
            view.meter = MeterView(level: number(meter.level, frame) ?? 0, segments: meter.bars)
        case .field(let element):
            // Inside a component or an item: not part of the screen's form, drawn without a value.
            guard let index = element.form, index < fields.count, index < form.fields.count else { break }
            let field = fields[index]
            let state = form.fields[index]
            view.field = FieldView(
                kind: field.kind.rawValue, value: state.value, placeholder: string(field.placeholder),
                label: string(field.label), error: state.touched || form.submitted ? state.error : nil,
                touched: state.touched,
                dirty: state.dirty, minLines: field.minLines, grows: field.grows)
            view.field?.crop = field.crop
            if let crop = field.crop { view.field?.region = PhotoFraming.region(of: state.value, frame: crop) }
            if let minLines = field.minLines {
                let text = state.value == .null ? "" : state.value.description
                view.field?.lines = layout.field(text, minLines: minLines, grows: field.grows, maxLines: field.maxLines)
            }
        case .list(let list):
            show(list)
        case .lines(let lines):
            show(lines.list)
            if !lines.footer.isEmpty {
                view.footerElements = lines.footer.map {
                    self.element($0, frame, form: .empty, fields: [], layout: layout)
                }
            }
        case .component(let use):
            view.items = [row(use, frame, layout: layout)]
        }
        view.problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
        return view
    }

    /// A component's elements with its arguments bound.
    private func row(_ component: ComponentProgram, _ frame: Frame, layout: TextLayout) -> [ElementView] {
        var inner = frame
        inner.component = component.lets
        for argument in component.arguments {
            inner.locals[argument.name] = (try? value(argument.value, frame).get()) ?? .null
        }
        return component.elements.map { element($0, inner, form: .empty, fields: [], layout: layout) }
    }
}
