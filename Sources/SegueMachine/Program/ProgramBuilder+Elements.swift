import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueModel

extension ProgramBuilder {
    /// An element as the checker resolved it: the components it shows are the ones its uses name.
    mutating func element(_ resolved: ResolvedElement, context: CompileContext) -> ElementProgram {
        let element = resolved.element
        let visible = element.visible.map { expression($0, context: context) }
        let enabled = element.enabled.map { expression($0, context: context) }
        let style = element.style.map { expression($0, context: context) }
        var itemContext = context
        var tap: Int?
        let body: ElementProgram.Body
        switch resolved.kind {
        case .text(let text):
            body = .text(
                TextProgram(
                    value: expression(text.value, context: context), maxLines: text.maxLines,
                    width: text.width.map { expression($0, context: context) }, font: text.font?.text))
        case .image(let image):
            body = .image(
                ImageProgram(source: expression(image.source, context: context), placeholder: image.placeholder))
        case .button(let button):
            body = .button(
                ButtonProgram(
                    label: expression(button.label, context: context), submits: button.submits,
                    icon: button.icon.map { expression($0, context: context) }))
        case .field:
            tap = resolved.change.map { list($0, context: context) }
            body = .field(
                FieldElementProgram(
                    form: resolved.formField,
                    submit: resolved.submit.map { list($0, context: context) }))
        case .list(let list, let item):
            itemContext.locals.formUnion([ImplicitName.item.rawValue, ImplicitName.index.rawValue])
            body = .list(
                ListProgram(
                    items: expression(list.items, context: context), item: component(item, context: itemContext),
                    layout: list.layout?.text, columns: list.columns.map { expression($0, context: context) },
                    cellWidth: list.cellWidth.map { expression($0, context: context) },
                    cellHeight: list.cellHeight.map { expression($0, context: context) }, pageSize: list.paging?.size,
                    nearEnd: list.paging.map { event($0.nearEnd.text) },
                    hasMore: list.paging?.hasMore.map { expression($0, context: context) },
                    empty: list.empty.map { expression($0, context: context) }))
        case .lines(let lines, let item, let footer):
            itemContext.locals.formUnion([ImplicitName.item.rawValue, ImplicitName.index.rawValue])
            let use = item.map { component($0, context: itemContext) }
            let shown = ListProgram(
                items: expression(lines.items, context: context),
                item: use ?? ComponentProgram(name: "", arguments: [], elements: []), layout: nil, columns: nil,
                cellWidth: nil, cellHeight: nil, pageSize: nil, nearEnd: nil, hasMore: nil,
                empty: lines.endMarker.map { expression($0, context: context) })
            body = .lines(LinesProgram(list: shown, footer: footer.map { self.element($0, context: context) }))
        case .slider(let slider):
            let value = expression(slider.value, context: context)
            itemContext.locals.insert("value")
            tap = resolved.change.map { list($0, context: context) }
            body = .slider(
                SliderProgram(
                    value: value,
                    bounds: min(slider.minimum, slider.maximum)...max(slider.minimum, slider.maximum),
                    label: slider.label.map { expression($0, context: context) }))
        case .picker(let picker):
            let selected = expression(picker.selected, context: context)
            tap = resolved.change.map { list($0, context: context) }
            body = .picker(
                PickerProgram(
                    selected: selected, options: expression(picker.options, context: context),
                    label: picker.label.map { expression($0, context: context) }))
        case .meter(let meter):
            body = .meter(MeterProgram(level: expression(meter.level, context: context), bars: meter.bars))
        case .progress(let progress):
            body = .progress(
                ProgressProgram(
                    value: expression(progress.value, context: context),
                    label: progress.label.map { expression($0, context: context) }))
        case .component(let use):
            body = .component(component(use, context: context))
        }
        if let written = resolved.tap { tap = list(written, context: itemContext) }
        return ElementProgram(
            name: element.id.text, body: body, visible: visible, enabled: enabled, style: style,
            anchor: element.anchor?.text, tap: tap)
    }

    /// A component at a use site: its arguments in the caller's scope, its elements with its parameters bound.
    mutating func component(_ resolved: ResolvedUse, context: CompileContext) -> ComponentProgram {
        let use = resolved.use
        let definition = resolved.component
        let arguments = use.arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) }
        var inner = context
        inner.locals.formUnion(definition.parameters.map(\.name.text))
        let elements = resolved.elements.map { element($0, context: inner) }
        var allArguments = arguments
        for parameter in definition.parameters where !use.arguments.contains(where: { $0.name == parameter.name }) {
            let value = parameter.defaultValue.map { expression($0, context: context) } ?? constant(.null)
            allArguments.append((name: parameter.name.text, value: value))
        }
        var compiled = ComponentProgram(name: use.component.text, arguments: allArguments, elements: elements)
        if !definition.lets.isEmpty {
            let (values, index) = namedValues(definition.lets, context: inner)
            compiled.lets = program.componentLets.count
            program.componentLets.append(
                ComponentLetsProgram(component: use.component.text, values: values, index: index))
        }
        return compiled
    }

    mutating func fields(of screen: Screen, elements: [ElementProgram], context: CompileContext) -> [FieldProgram] {
        var fields: [FieldProgram] = []
        for (index, element) in screen.elements.enumerated() {
            guard case .field(let field) = element.kind else { continue }
            fields.append(
                FieldProgram(
                    name: element.id.text, element: index, kind: field.kind,
                    placeholder: field.placeholder.map { expression($0, context: context) },
                    label: field.label.map { expression($0, context: context) },
                    initial: field.initial.map { expression($0, context: context) },
                    rules: field.rules.map(FieldValidator.compile), minLines: field.multiline?.minLines,
                    grows: field.multiline?.grows ?? false, maxLines: field.multiline?.maxLines,
                    crop: field.crop.map {
                        CropFrame(aspect: $0.aspect, minZoom: $0.minZoom, maxZoom: $0.maxZoom, maxSide: $0.maxSide)
                    }, samples: field.samples))
        }
        return fields
    }

    // MARK: expressions

    mutating func constant(_ value: Value) -> Int {
        program.expressions.append(
            CompiledExpression(body: .constant(value), source: value.literal, range: .synthesized))
        return program.expressions.count - 1
    }

    /// An expression or template as the checker parsed it (computed-field reads lowered), a literal folded into a
    /// constant: the compiler parses nothing, and the checker gave every text of the flow its syntax (C900).
    mutating func expression(_ text: ExpressionText, context: CompileContext) -> Int {
        expression(checked.syntax(of: text), source: text.text, at: text.range)
    }

    /// An expression the checker parsed, with the text it was written as and where a failure in it is placed.
    mutating func expression(_ syntax: LoweredExpression, source: String, at range: SourceRange) -> Int {
        let body: CompiledExpression.Body
        switch syntax {
        case .expression(let parsed):
            if case .literal(let value) = parsed.kind { body = .constant(value) } else { body = .expression(parsed) }
        case .template(let parsed):
            if let literal = parsed.literalText { body = .constant(.string(literal)) } else { body = .template(parsed) }
        }
        let compiled = CompiledExpression(body: body, source: source, range: range)
        if compiled.names.contains(ImplicitName.currentEvent.rawValue) { program.readsCurrentEvent = true }
        program.expressions.append(compiled)
        return program.expressions.count - 1
    }
}
