import SegueModel

/// An element with the components it shows resolved: the compiler walks these, and looks no component up.
public struct ResolvedElement: Sendable {
    public let element: Element
    public let kind: Kind
    /// Its `tap:` actions, resolved.
    public let tap: [ResolvedAction]?
    /// A field's, slider's or picker's `change:` actions, resolved.
    public let change: [ResolvedAction]?
    /// A field's `submit:` actions, resolved.
    public let submit: [ResolvedAction]?
    /// A field's position in its screen's form (`Screen.formFields`); nil inside a component or a `lines`' footer,
    /// which are not part of the form, whatever their ids.
    public let formField: Int?

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

/// Where elements and actions are resolved: the screen that shows them (a component's are resolved for each screen,
/// since a `goto` in one enters a state of the screen showing it, a `set:` writes its variables), and its states;
/// no screen at the flow's level.
struct ResolutionPlace {
    let screen: Int?
    let states: [String: StateID]

    static let flow = ResolutionPlace(screen: nil, states: [:])
}

extension CheckRun {
    /// `elements` with every component they show and their actions resolved; nil when a use names no component (C105)
    /// or a component shows itself (C506): the checks that report those refuse the flow, so no `CheckedFlow` lacks a
    /// screen's.
    /// `form` gives the form's position of each field by its position in `elements` (a screen's own elements).
    mutating func resolveElements(_ elements: [Element], in place: ResolutionPlace, form: [Int: Int] = [:])
        -> [ResolvedElement]?
    {
        var resolved: [ResolvedElement] = []
        resolved.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard let kind = resolveKind(element.kind, in: place) else { return nil }
            let (change, submit): ([Action]?, [Action]?) =
                switch element.kind {
                case .field(let field): (field.change, field.submit)
                case .slider(let slider): (slider.change, nil)
                case .picker(let picker): (picker.change, nil)
                case .text, .image, .button, .list, .lines, .meter, .progress, .component: (nil, nil)
                }
            resolved.append(
                ResolvedElement(
                    element: element, kind: kind, tap: element.tap.map { resolveActions($0, in: place) },
                    change: change.map { resolveActions($0, in: place) },
                    submit: submit.map { resolveActions($0, in: place) }, formField: form[position]))
        }
        return resolved
    }

    private mutating func resolveKind(_ kind: Element.Kind, in place: ResolutionPlace) -> ResolvedElement.Kind? {
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
            return resolveUse(content.item, in: place).map { .list(content, item: $0) }
        case .lines(let content):
            var item: ResolvedUse?
            if let use = content.item {
                guard let resolved = resolveUse(use, in: place) else { return nil }
                item = resolved
            }
            return resolveElements(content.footer, in: place).map { .lines(content, item: item, footer: $0) }
        case .component(let use):
            return resolveUse(use, in: place).map { .component($0) }
        }
    }

    /// A use and its component's elements, each component resolved once for each screen showing it (a component
    /// that reaches itself never).
    private mutating func resolveUse(_ use: ComponentUse, in place: ResolutionPlace) -> ResolvedUse? {
        guard let component = components[use.component.text] else { return nil }
        let key = ComponentPlace(name: component.name.text, screen: place.screen ?? -1)
        if let known = resolvedComponents[key] {
            return known.map { ResolvedUse(use: use, component: component, elements: $0) }
        }
        // Marked unresolved while its elements are resolved: a use of itself inside them fails.
        resolvedComponents[key] = .some(nil)
        let elements = resolveElements(component.elements, in: place)
        resolvedComponents[key] = .some(elements)
        return elements.map { ResolvedUse(use: use, component: component, elements: $0) }
    }
}

/// A component resolved for the screen at `screen`.
struct ComponentPlace: Hashable {
    let name: String
    let screen: Int
}
