import SegueDiagnostics
import SegueExpression
import SegueModel

extension ProgramBuilder {
    mutating func element(_ element: Element, context: CompileContext) -> ElementProgram {
        var compiled = ElementProgram(
            name: element.id.text, kind: .text, content: nil,
            visible: element.visible.map { expression($0, context: context) },
            enabled: element.enabled.map { expression($0, context: context) },
            style: element.style.map { expression($0, context: context) }, anchor: element.anchor?.text, tap: nil,
            submits: false, field: nil, maxLines: nil, width: nil, list: nil, component: nil)
        var itemContext = context
        switch element.kind {
        case .text(let text):
            compiled.content = expression(text.value, context: context)
            compiled.maxLines = text.maxLines
            compiled.width = text.width.map { expression($0, context: context) }
            compiled.font = text.font?.text
        case .image(let image):
            compiled.kind = .image
            compiled.content = expression(image.source, context: context)
            compiled.placeholder = image.placeholder
        case .button(let button):
            compiled.kind = .button
            compiled.content = expression(button.label, context: context)
            compiled.submits = button.submits
            compiled.icon = button.icon.map { expression($0, context: context) }
        case .field(let field):
            compiled.kind = .field
            if let screen = context.screen { compiled.field = program.screens[screen].fieldIndex[element.id.text] }
            compiled.tap = field.change.map { list($0, context: context) }
        case .list(let list):
            compiled.kind = .list
            itemContext.locals.formUnion([ImplicitName.item.rawValue, ImplicitName.index.rawValue])
            compiled.list = ListProgram(
                items: expression(list.items, context: context), item: component(list.item, context: itemContext),
                layout: list.layout?.text, columns: list.columns.map { expression($0, context: context) },
                cellWidth: list.cellWidth.map { expression($0, context: context) },
                cellHeight: list.cellHeight.map { expression($0, context: context) }, pageSize: list.paging?.size,
                nearEnd: list.paging.map { event($0.nearEnd.text) },
                hasMore: list.paging?.hasMore.map { expression($0, context: context) },
                empty: list.empty.map { expression($0, context: context) })
        case .lines(let lines):
            compiled.kind = .lines
            itemContext.locals.formUnion([ImplicitName.item.rawValue, ImplicitName.index.rawValue])
            let use = lines.item.map { component($0, context: itemContext) }
            compiled.list = ListProgram(
                items: expression(lines.items, context: context),
                item: use ?? ComponentProgram(name: "", arguments: [], elements: []), layout: nil, columns: nil,
                cellWidth: nil, cellHeight: nil, pageSize: nil, nearEnd: nil, hasMore: nil,
                empty: lines.endMarker.map { expression($0, context: context) })
            compiled.footer = lines.footer.map { self.element($0, context: context) }
        case .slider(let slider):
            compiled.kind = .slider
            compiled.content = expression(slider.value, context: context)
            itemContext.locals.insert("value")
            compiled.tap = slider.change.map { list($0, context: context) }
            compiled.bounds = min(slider.minimum, slider.maximum)...max(slider.minimum, slider.maximum)
        case .picker(let picker):
            compiled.kind = .picker
            compiled.content = expression(picker.selected, context: context)
            compiled.tap = picker.change.map { list($0, context: context) }
            compiled.options = expression(picker.options, context: context)
        case .meter(let meter):
            compiled.kind = .meter
            compiled.content = expression(meter.level, context: context)
            compiled.bars = meter.bars
        case .progress(let progress):
            compiled.kind = .progress
            compiled.content = expression(progress.value, context: context)
            compiled.label = progress.label.map { expression($0, context: context) }
        case .component(let use):
            compiled.kind = .component
            compiled.component = component(use, context: context)
        }
        if let tap = element.tap { compiled.tap = list(tap, context: itemContext) }
        return compiled
    }

    /// A component at a use site: its arguments in the caller's scope, its elements with its parameters bound.
    mutating func component(_ use: ComponentUse, context: CompileContext) -> ComponentProgram {
        let arguments = use.arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) }
        guard let definition = checked.component(named: use.component.text) else {
            unresolved(
                "there is no component `\(use.component.text)`",
                at: use.component.range)
            return ComponentProgram(name: use.component.text, arguments: arguments, elements: [])
        }
        guard componentDepth < 16 else {
            unresolved("component `\(use.component.text)` uses itself", at: use.range)
            return ComponentProgram(name: use.component.text, arguments: arguments, elements: [])
        }
        for argument in use.arguments where !definition.parameters.contains(where: { $0.name == argument.name }) {
            unresolved(
                "component `\(use.component.text)` has no parameter `\(argument.name.text)`", at: argument.name.range)
        }
        var inner = context
        inner.locals.formUnion(definition.parameters.map(\.name.text))
        componentDepth += 1
        let elements = definition.elements.map { element($0, context: inner) }
        componentDepth -= 1
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
                    name: element.id.text, element: index, kind: field.kind.rawValue,
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

    /// Parses an expression or template once; a syntax error is a diagnostic at its position.
    mutating func expression(_ text: ExpressionText, context: CompileContext) -> Int {
        var body = CompiledExpression.Body.constant(.null)
        do {
            switch text.kind {
            case .expression:
                let parsed = try Expression.parse(text.text)
                if case .literal(let value) = parsed.kind {
                    body = .constant(value)
                } else {
                    body = .expression(parsed)
                }
            case .template:
                let parsed = try Template.parse(text.text)
                if let literal = parsed.literalText {
                    body = .constant(.string(literal))
                } else {
                    body = .template(parsed)
                }
            }
        } catch {
            unresolved(
                error.message,
                at: text.sourceRange(ofTextOffset: error.range.start, length: error.range.length, in: nil))
        }
        // Reads of record types' computed fields, as the checker lowered them.
        switch checked.lowered(text) {
        case .expression(let lowered)?: body = .expression(lowered)
        case .template(let lowered)?: body = .template(lowered)
        case nil: break
        }
        let compiled = CompiledExpression(body: body, source: text.text, range: text.range)
        if compiled.names.contains(ImplicitName.currentEvent.rawValue) { program.readsCurrentEvent = true }
        program.expressions.append(compiled)
        return program.expressions.count - 1
    }
}
