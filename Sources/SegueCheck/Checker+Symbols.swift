import SegueDiagnostics
import SegueExpression
import SegueModel

extension Scope.Owner {
    /// The owner of the names a scope's screen, component or flow declares.
    var symbolOwner: SymbolOwner {
        switch self {
        case .screen(let name): .screen(name)
        case .component(let name): .component(name)
        case .flow: .flow
        }
    }
}

/// Recording the symbol table (`SymbolTable`): each check declares what it checks and refers a name to what it
/// resolved it to, at the place it resolves it.
extension CheckRun {
    mutating func declare(
        _ kind: SymbolKind, _ name: Name, in owner: SymbolOwner = .flow, extent: SourceRange? = nil,
        container: SymbolID? = nil, detail: String? = nil
    ) {
        checkDeclaredName(name, of: kind)
        symbols.declare(
            SymbolDeclaration(
                id: SymbolID(kind, name.text, in: owner), range: name.range, extent: extent ?? name.range,
                container: container, detail: detail))
    }

    mutating func refer(_ kind: SymbolKind, _ name: Name, in owner: SymbolOwner = .flow) {
        symbols.refer(SymbolID(kind, name.text, in: owner), at: name.range)
    }

    /// A name an action list binds (`let:`, `foreach`'s `item:`), declared where it is written: its own owner.
    mutating func declareLocal(_ name: Name) -> SymbolID {
        let owner = SymbolOwner.actions(path: name.range.path, offset: name.range.start.offset)
        declare(.namedValue, name, in: owner)
        return SymbolID(.namedValue, name.text, in: owner)
    }

    /// The elements of a screen or component by id (a `use` without an `id:` of its own declares none), an element
    /// of a `lines`' footer inside its `lines`.
    mutating func declareElements(_ elements: [Element], in owner: SymbolOwner, container: SymbolID? = nil) {
        for element in elements {
            if case .component(let use) = element.kind, element.id.range == use.component.range { continue }
            declare(
                .element, element.id, in: owner, extent: element.range, container: container, detail: element.keyword)
            if case .lines(let lines) = element.kind {
                declareElements(lines.footer, in: owner, container: SymbolID(.element, element.id.text, in: owner))
            }
        }
    }

    /// Where each field `form.x` names on the screen at `position` is declared: the screen, whose form it is.
    func formOwners(ofScreenAt position: Int) -> [String: SymbolOwner] {
        let owner = SymbolOwner.screen(flow.screens[position].name.text)
        return Dictionary(
            formFields(ofScreenAt: position).map { ($0.text, owner) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the nested states of screen `name`, gathered once.
    mutating func stateNames(ofScreen name: String) -> Set<String> {
        if let known = stateNamesByScreen[name] { return known }
        let names = Set(Inventory.states(screen(named: name)?.states).map(\.state.name.text))
        stateNamesByScreen[name] = names
        return names
    }

    /// A state named where `screens` are the ones it may be of: a reference to each that has it.
    mutating func referState(_ name: Name, of screens: [String]) {
        for screen in screens where stateNames(ofScreen: screen).contains(name.text) {
            refer(.state, name, in: .screen(screen))
        }
    }

    /// The data variable `set:`, `as:` and the like write: the screen's own when it declares one of that name, else
    /// the flow's (as `Scope.variables` is built).
    func dataOwner(of name: String, in scope: Scope) -> SymbolOwner {
        if case .screen(let screenName) = scope.owner,
            screen(named: screenName)?.data.contains(where: { $0.name.text == name }) == true
        {
            return .screen(screenName)
        }
        return .flow
    }

    /// The record types a type annotation names (`Entry` in `list<Entry>`), where written.
    mutating func referTypes(in type: TypeText) {
        guard !recordTypeNames.isEmpty else { return }
        let bytes = Array(type.text.utf8)
        var start = 0
        while start < bytes.count {
            guard Self.startsName(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, Self.startsName(bytes[end]) || (bytes[end] >= 48 && bytes[end] <= 57) { end += 1 }
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            if recordTypeNames.contains(word) {
                let range = annotationRange(type, TextRange(start, end))
                if range.end.offset - range.start.offset == end - start { refer(.type, Name(word, at: range)) }
            }
            start = end
        }
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
    }

    /// The names an expression or template reads, bound as the scope resolves them: data, parameters and named values
    /// by name, `form.x` to its field, `state.x` to its state, `event.x` in a declared event's handler to its payload
    /// field, a computed field to its record type's, a call to the flow's function. A name a `p => …` binds inside is the function argument's own.
    mutating func referNames(
        in expressions: [Expression], of text: ExpressionText, in scope: Scope, computedReads: [ComputedFieldRead]
    ) {
        let computed = Dictionary(
            computedReads.map { ($0.range, $0.record) }, uniquingKeysWith: { first, _ in first })
        for expression in expressions {
            referNames(in: expression, of: text, in: scope, computed: computed, hidden: [])
        }
    }

    private mutating func referNames(
        in expression: Expression, of text: ExpressionText, in scope: Scope, computed: [TextRange: String],
        hidden: [String]
    ) {
        switch expression.kind {
        case .name(let name):
            guard !hidden.contains(name), let id = scope.symbol(of: name), let range = place(expression.range, in: text)
            else { return }
            symbols.refer(id, at: range)
        case .lambda(let parameter, _, let body):
            return referNames(in: body, of: text, in: scope, computed: computed, hidden: hidden + [parameter])
        case .member(let base, let field, let nameRange):
            if let range = place(nameRange, in: text) {
                let written = Name(field, at: range)
                if let record = computed[expression.range] { refer(.computedField, written, in: .type(record)) }
                if case .name(let root) = base.kind, !hidden.contains(root), scope.symbol(of: root) == nil {
                    if root == ImplicitName.form.rawValue, let owner = scope.formOwners[field] {
                        refer(.element, written, in: owner)
                    } else if root == ImplicitName.state.rawValue {
                        referState(written, of: scope.stateScreens)
                    } else if root == ImplicitName.event.rawValue, let event = scope.handledEvent {
                        refer(.parameter, written, in: .event(event))
                    }
                }
            }
        case .call(let function, let functionRange, _):
            if functionNames.contains(function), let range = place(functionRange, in: text) {
                refer(.function, Name(function, at: range))
            }
        default: break
        }
        for child in expression.kind.children {
            referNames(in: child, of: text, in: scope, computed: computed, hidden: hidden)
        }
    }

    /// The file range of part of an expression's text; nil where it cannot be placed byte for byte (a text made by
    /// the checker whose range is not its text).
    private func place(_ range: TextRange, in text: ExpressionText) -> SourceRange? {
        guard let file = file(text.range) else { return nil }
        if text.node != nil { return text.sourceRange(ofTextOffset: range.start, length: range.length, in: file) }
        let start = text.range.start.offset
        let bytes = Array(text.text.utf8)
        guard start >= 0, start + bytes.count <= file.bytes.count, range.end <= bytes.count,
            file.bytes[start..<(start + bytes.count)].elementsEqual(bytes)
        else { return nil }
        return SourceRange(
            path: text.range.path, start: file.location(ofOffset: start + range.start),
            end: file.location(ofOffset: start + range.end))
    }
}
