import SegueModel

/// An element with the components it shows resolved: the compiler walks these, and looks no component up.
public struct ResolvedElement: Sendable {
    public let element: Element
    public let kind: Kind

    /// `Element.Kind`, with each component use resolved.
    public enum Kind: Sendable {
        case text(TextContent)
        case image(ImageContent)
        case button(ButtonContent)
        case field(FormField)
        case list(ListContent, item: ResolvedUse)
        case slider(SliderContent)
        case picker(PickerContent)
        case lines(LinesContent, item: ResolvedUse?, footer: [ResolvedElement])
        case meter(MeterContent)
        case progress(ProgressContent)
        case component(ResolvedUse)
    }
}

/// A `use:` with the component it names and that component's elements, resolved in turn.
public struct ResolvedUse: Sendable {
    public let use: ComponentUse
    public let component: Component
    public let elements: [ResolvedElement]
}

extension CheckRun {
    /// `elements` with every component they show resolved; nil when a use names no component (C105) or a component
    /// shows itself (C506): the checks that report those refuse the flow, so no `CheckedFlow` lacks a screen's.
    mutating func resolveElements(_ elements: [Element]) -> [ResolvedElement]? {
        var resolved: [ResolvedElement] = []
        resolved.reserveCapacity(elements.count)
        for element in elements {
            guard let kind = resolveKind(element.kind) else { return nil }
            resolved.append(ResolvedElement(element: element, kind: kind))
        }
        return resolved
    }

    private mutating func resolveKind(_ kind: Element.Kind) -> ResolvedElement.Kind? {
        switch kind {
        case .text(let content): return .text(content)
        case .image(let content): return .image(content)
        case .button(let content): return .button(content)
        case .field(let content): return .field(content)
        case .slider(let content): return .slider(content)
        case .picker(let content): return .picker(content)
        case .meter(let content): return .meter(content)
        case .progress(let content): return .progress(content)
        case .list(let content):
            return resolveUse(content.item).map { .list(content, item: $0) }
        case .lines(let content):
            var item: ResolvedUse?
            if let use = content.item {
                guard let resolved = resolveUse(use) else { return nil }
                item = resolved
            }
            return resolveElements(content.footer).map { .lines(content, item: item, footer: $0) }
        case .component(let use):
            return resolveUse(use).map { .component($0) }
        }
    }

    /// A use and its component's elements, each component resolved once (a component that reaches itself never).
    private mutating func resolveUse(_ use: ComponentUse) -> ResolvedUse? {
        guard let component = components[use.component.text] else { return nil }
        let name = component.name.text
        if let known = resolvedComponents[name] {
            return known.map { ResolvedUse(use: use, component: component, elements: $0) }
        }
        // Marked unresolved while its elements are resolved: a use of itself inside them fails.
        resolvedComponents[name] = .some(nil)
        let elements = resolveElements(component.elements)
        resolvedComponents[name] = .some(elements)
        return elements.map { ResolvedUse(use: use, component: component, elements: $0) }
    }
}
