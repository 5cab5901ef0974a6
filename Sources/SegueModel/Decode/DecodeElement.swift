import SegueDiagnostics
import SegueYAML

extension FlowDecoder {
    mutating func decodeElements(_ node: Node) -> [Element] {
        guard let list = node.sequence else {
            typeMismatch(node, expected: "a list of elements", context: "`elements`")
            return []
        }
        return list.compactMap { decodeElement($0) }
    }

    /// An element is a mapping whose first key is its kind, with its id as the value: `- button: save`.
    mutating func decodeElement(_ node: Node) -> Element? {
        guard var reader = mapping(node, at: nil, context: "an element") else { return nil }
        guard let head = reader.first else {
            error(DiagnosticCode.unknownKind, "an element starts with its kind, e.g. `- button: save`", at: node.range)
            return nil
        }
        guard Vocabulary.elementKindNames.contains(head.name) else {
            unknownKind(
                head.name, what: "element kind", plural: "element kinds", among: Vocabulary.elementKindNames,
                at: head.key.range)
            return nil
        }
        reader.enter(.element(head.name))
        reader.consume(head.name)
        guard let idText = string(head.value, context: "the element's id") else { return nil }
        var id = Name(idText, at: head.value.range)
        if head.name == "use", let explicit = reader.take("id").flatMap({ name($0, context: "`id`") }) { id = explicit }
        let kind: Element.Kind?
        switch head.name {
        case "text": kind = decodeText(&reader).map(Element.Kind.text)
        case "image": kind = decodeImage(&reader).map(Element.Kind.image)
        case "button": kind = decodeButton(&reader).map(Element.Kind.button)
        case "field": kind = decodeField(&reader).map(Element.Kind.field)
        case "list": kind = decodeList(&reader).map(Element.Kind.list)
        case "slider": kind = decodeSlider(&reader).map(Element.Kind.slider)
        case "picker": kind = decodePicker(&reader).map(Element.Kind.picker)
        case "lines": kind = decodeLines(&reader).map(Element.Kind.lines)
        case "meter": kind = decodeMeter(&reader).map(Element.Kind.meter)
        case "progress": kind = decodeProgress(&reader).map(Element.Kind.progress)
        default:
            let arguments = reader.take("with").map { assignments($0, context: "`with`") } ?? []
            kind = .component(
                ComponentUse(component: Name(idText, at: head.value.range), arguments: arguments, range: node.range))
        }
        let visible = reader.take("visible").flatMap { expression($0, context: "`visible`") }
        let enabled = reader.take("enabled").flatMap { expression($0, context: "`enabled`") }
        let style = reader.take("style").flatMap { template($0, context: "`style`") }
        let anchor = reader.take("anchor").flatMap { word($0, among: Vocabulary.anchors, context: "`anchor`") }
        let tap = reader.take("tap").map { actions($0, context: "`tap`") }
        finish(reader)
        guard let kind else { return nil }
        return Element(
            id: id, kind: kind, visible: visible, enabled: enabled, style: style, anchor: anchor, tap: tap,
            range: node.range)
    }

    private mutating func required(_ key: String, _ reader: inout MappingReader) -> Node? {
        if let node = reader.take(key) { return node }
        missing(key, in: reader)
        return nil
    }

    mutating func decodeText(_ reader: inout MappingReader) -> TextContent? {
        guard let value = required("value", &reader).flatMap({ template($0, context: "`value`") }) else { return nil }
        return TextContent(
            value: value, maxLines: reader.take("max_lines").flatMap { int($0, context: "`max_lines`", minimum: 1) },
            width: reader.take("width").flatMap { expression($0, context: "`width`") },
            font: reader.take("font").flatMap { name($0, context: "`font`") })
    }

    mutating func decodeImage(_ reader: inout MappingReader) -> ImageContent? {
        guard let source = required("source", &reader).flatMap({ template($0, context: "`source`") }) else {
            return nil
        }
        return ImageContent(
            source: source, placeholder: reader.take("placeholder").flatMap { string($0, context: "`placeholder`") })
    }

    mutating func decodeButton(_ reader: inout MappingReader) -> ButtonContent? {
        let label = reader.take("label").flatMap { template($0, context: "`label`") }
        let icon = reader.take("icon").flatMap { template($0, context: "`icon`") }
        if label == nil, icon == nil, !reader.has("label"), !reader.has("icon") {
            missing("label", in: reader)
            return nil
        }
        let submits = reader.take("submits").flatMap { bool($0, context: "`submits`") } ?? false
        // An icon-only button is labelled by its icon; a text is made (and numbered) only when it is kept.
        guard let shown = label ?? icon else {
            let empty = text("", kind: .template, node: nil, range: reader.node.range)
            return ButtonContent(label: empty, submits: submits, icon: icon)
        }
        return ButtonContent(label: shown, submits: submits, icon: icon)
    }

    mutating func decodeList(_ reader: inout MappingReader) -> ListContent? {
        let items = required("items", &reader).flatMap { expression($0, context: "`items`") }
        let item = required("item", &reader).flatMap { componentUse($0) }
        let layout = reader.take("layout").flatMap { word($0, among: Vocabulary.layoutStyles, context: "`layout`") }
        let columns = reader.take("columns").flatMap { expression($0, context: "`columns`") }
        let cellWidth = reader.take("cell_width").flatMap { expression($0, context: "`cell_width`") }
        let cellHeight = reader.take("cell_height").flatMap { expression($0, context: "`cell_height`") }
        let paging = reader.take("paging").flatMap { decodePaging($0) }
        let empty = reader.take("empty").flatMap { template($0, context: "`empty`") }
        guard let items, let item else { return nil }
        return ListContent(
            items: items, item: item, layout: layout, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight,
            paging: paging, empty: empty)
    }

    mutating func decodePaging(_ node: Node) -> Paging? {
        guard var reader = mapping(node, at: .paging, context: "`paging`") else { return nil }
        let size = reader.take("size").flatMap { int($0, context: "`size`", minimum: 1) }
        let nearEnd = reader.take("near_end").flatMap { name($0, context: "`near_end`") }
        let hasMore = reader.take("has_more").flatMap { expression($0, context: "`has_more`") }
        if !reader.has("size") { missing("size", in: reader) }
        if !reader.has("near_end") { missing("near_end", in: reader) }
        finish(reader)
        guard let size, let nearEnd else { return nil }
        return Paging(size: size, nearEnd: nearEnd, hasMore: hasMore, range: node.range)
    }

    mutating func decodeSlider(_ reader: inout MappingReader) -> SliderContent? {
        guard let value = required("value", &reader).flatMap({ expression($0, context: "`value`") }) else { return nil }
        let minimum = reader.take("min").flatMap { number($0, context: "`min`") } ?? 0
        let maximum = reader.take("max").flatMap { number($0, context: "`max`") } ?? 1
        if minimum >= maximum {
            error(DiagnosticCode.invalidValue, "a slider's `min` must be below its `max`", at: reader.node.range)
        }
        return SliderContent(
            value: value, minimum: minimum, maximum: maximum,
            change: reader.take("change").map { actions($0, context: "`change`") },
            label: reader.take("label").flatMap { template($0, context: "`label`") })
    }

    mutating func decodePicker(_ reader: inout MappingReader) -> PickerContent? {
        let options = required("options", &reader).flatMap { node in
            // A YAML list is its options as data, as a variable's `default:` list is: `[S, M, L]` are three texts.
            node.sequence == nil
                ? expression(node, context: "`options`")
                : text(node.plainValue.literal, kind: .expression, node: nil, range: node.range)
        }
        let selected = required("selected", &reader).flatMap { expression($0, context: "`selected`") }
        // Every key is read even when one is wrong, so a mistake in `options` is not also "unknown key `change`".
        let change = reader.take("change").map { actions($0, context: "`change`") }
        let label = reader.take("label").flatMap { template($0, context: "`label`") }
        guard let options, let selected else { return nil }
        return PickerContent(options: options, selected: selected, change: change, label: label)
    }

    mutating func decodeLines(_ reader: inout MappingReader) -> LinesContent? {
        guard let items = required("items", &reader).flatMap({ expression($0, context: "`items`") }) else {
            return nil
        }
        return LinesContent(
            items: items, item: reader.take("item").flatMap { componentUse($0) },
            endMarker: reader.take("end_marker").flatMap { template($0, context: "`end_marker`") },
            footer: reader.take("footer").map { decodeElements($0) } ?? [])
    }

    mutating func decodeMeter(_ reader: inout MappingReader) -> MeterContent? {
        guard let level = required("level", &reader).flatMap({ expression($0, context: "`level`") }) else {
            return nil
        }
        return MeterContent(
            level: level, bars: reader.take("bars").flatMap { int($0, context: "`bars`", minimum: 1) } ?? 5)
    }

    mutating func decodeProgress(_ reader: inout MappingReader) -> ProgressContent? {
        let label = reader.take("label").flatMap { template($0, context: "`label`") }
        guard let value = required("value", &reader).flatMap({ expression($0, context: "`value`") }) else {
            return nil
        }
        return ProgressContent(value: value, label: label)
    }

    /// `donation_card` or `{ use: donation_card, with: { entry: item } }`.
    mutating func componentUse(_ node: Node) -> ComponentUse? {
        if node.scalar != nil {
            return name(node, context: "a component").map {
                ComponentUse(component: $0, arguments: [], range: node.range)
            }
        }
        guard var reader = mapping(node, at: .componentUse, context: "a component use") else { return nil }
        let component = reader.take("use").flatMap { name($0, context: "`use`") }
        if !reader.has("use") { missing("use", in: reader) }
        let arguments = reader.take("with").map { assignments($0, context: "`with`") } ?? []
        finish(reader)
        return component.map { ComponentUse(component: $0, arguments: arguments, range: node.range) }
    }

    /// `{ name: expression, … }` as in `set:` and `with:`.
    mutating func assignments(_ node: Node, context: @autoclosure () -> String) -> [Assignment] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of names to values", context: context())
            return []
        }
        return entries.compactMap { entry in
            expression(entry.value, context: "`\(entry.name)`").map {
                Assignment(name: Name(entry.name, at: entry.key.range), value: $0)
            }
        }
    }
}
