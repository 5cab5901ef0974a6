import SegueExpression
import SegueModel

/// What is visible at one place in a flow: expression variables, assignable data, form fields, and who owns it.
struct Scope {
    /// Where the actions and expressions stand.
    enum Owner: Hashable {
        case screen(String)
        case component(String)
        case flow
    }

    var owner: Owner
    /// Names expressions may read, with their types.
    var bindings: [String: ValueType]
    /// What each name of `bindings` that a flow declares names (a data variable, a parameter, a named value); an
    /// implicit name (`device`, `form`, `state`, …) has none.
    var symbols: [String: SymbolID] = [:]
    /// Names bound inside (`event`, `result`, `error`, `line`…), innermost last; they hide `bindings`. A name the
    /// flow declares (a `let:` of an action list, a function's parameter) has its symbol.
    ///
    /// A short list rather than more dictionary entries, so binding one name for a handler copies no dictionary.
    var inner: [(name: String, type: ValueType, symbol: SymbolID?)] = []
    /// Data variables `set`, `as`, `current` and `level` may write.
    var variables: [String: ValueType]
    /// The form fields `form.x` may name (screens only).
    var fields: [String]
    /// Those of `fields` that are photo fields: their value is a `Photo` (with its framing), not text.
    var photoFields: Set<String> = []
    /// Whether a failing call here is caught by an enclosing `error` branch or an `on_error`.
    var errorHandled: Bool
    /// Paths a condition around these actions proves not null (a handler's `when:`, an `if:`), for C204 and C205.
    var nonNull: Set<String> = []
    /// The flow's own functions (`functions:`), which every expression may call.
    var functions: [String: FlowFunction] = [:]
    /// Where each field `form.x` names is declared: the screen, or a component it shows.
    var formOwners: [String: SymbolOwner] = [:]
    /// The screens whose nested states `state.x` and `goto` name here: the screen's own, or those showing a component.
    var stateScreens: [String] = []
    /// The declared event whose handler these expressions are in: `event.x` reads the field `x` of its payload.
    var handledEvent: String?

    /// The same scope knowing what `condition` being `holds` proves not null.
    func knowing(_ condition: ExpressionText, is holds: Bool) -> Scope {
        guard let parsed = try? Expression.parse(condition.text) else { return self }
        var copy = self
        copy.nonNull.formUnion(TypeChecker.nonNullPaths(parsed, holds: holds))
        return copy
    }

    /// The same scope without what an action may have made null again: the paths that read one of `names`
    /// (`x`, `x.name`, `m[x]` for `x`), or every path when `names` is nil.
    func forgetting(_ names: Set<String>?) -> Scope {
        guard !nonNull.isEmpty else { return self }
        var copy = self
        guard let names else {
            copy.nonNull = []
            return copy
        }
        copy.nonNull = nonNull.filter { path in
            path.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).allSatisfy {
                !names.contains(String($0))
            }
        }
        return copy
    }

    /// The same scope with one more name visible, declared by the flow as `symbol` (nil: an implicit name).
    func binding(_ name: String, _ type: ValueType, as symbol: SymbolID? = nil) -> Scope {
        var copy = self
        copy.inner.append((name, type, symbol))
        return copy
    }

    /// Makes `name` readable with `type` here, declared as `symbol` (nil: an implicit name such as `form`).
    mutating func bind(_ name: String, _ type: ValueType, as symbol: SymbolID?) {
        bindings[name] = type
        symbols[name] = symbol
    }

    /// What a name read here names, as `typeScope` resolves it: the innermost binding, else `bindings`; nil for an
    /// implicit name or one not in scope.
    func symbol(of name: String) -> SymbolID? {
        if let bound = inner.last(where: { $0.name == name }) { return bound.symbol }
        return symbols[name]
    }

    var typeScope: any TypeScope {
        inner.isEmpty
            ? TypeBindings(bindings, functions: functions)
            : LayeredTypes(outer: bindings, inner: inner, functions: functions)
    }

    /// `device.*`, `error`, `current_event`, `session`: declared once, with their values, in SegueModel's
    /// `ImplicitRecords.swift`.
    static let device = DeviceField.recordType
    static let error = ErrorField.recordType
    static let currentEvent = CurrentEventField.recordType
    static let session = SessionField.recordType

    /// Names every expression sees: the flow's data, `device` and `theme`.
    static func base(flowData: [String: ValueType], owner: Owner) -> Scope {
        let base = baseBindings(flowData)
        var scope = Scope(
            owner: owner, bindings: base.types, variables: flowData, fields: [], errorHandled: false)
        scope.symbols = base.symbols
        return scope
    }

    /// The flow's data, `device` and `theme`, with what each names.
    static func baseBindings(_ flowData: [String: ValueType]) -> (
        types: [String: ValueType], symbols: [String: SymbolID]
    ) {
        var scope = Scope(owner: .flow, bindings: [:], variables: [:], fields: [], errorHandled: false)
        for (name, type) in flowData { scope.bind(name, type, as: SymbolID(.data, name)) }
        scope.bind(ImplicitName.device.rawValue, device, as: nil)
        scope.bind(ImplicitName.theme.rawValue, .any, as: nil)
        // A flow's own data of these names wins, as it does when the machine looks names up.
        if scope.bindings[ImplicitName.currentEvent.rawValue] == nil {
            scope.bind(ImplicitName.currentEvent.rawValue, currentEvent, as: nil)
        }
        if scope.bindings[ImplicitName.session.rawValue] == nil {
            scope.bind(ImplicitName.session.rawValue, session, as: nil)
        }
        return (scope.bindings, scope.symbols)
    }
}

/// Types of a scope with inner names bound over outer ones, looked up without merging them.
struct LayeredTypes: TypeScope {
    let outer: [String: ValueType]
    let inner: [(name: String, type: ValueType, symbol: SymbolID?)]
    var functions: [String: FlowFunction] = [:]

    func function(named name: String) -> FlowFunction? { functions[name] }

    var functionNames: [String] { functions.keys.sorted() }

    func type(of name: String) -> ValueType? {
        if let bound = inner.last(where: { $0.name == name }) { return bound.type }
        return outer[name]
    }

    var visibleNames: [String] { Set(outer.keys).union(inner.map(\.name)).sorted() }
}

extension ValueType {
    /// The element type of a list (or `any` when unknown).
    var elementType: ValueType {
        if case .list(let element) = unwrapped { return element }
        return .any
    }
}
