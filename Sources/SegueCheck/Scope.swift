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
    /// Names bound inside (`event`, `result`, `error`, `line`…), innermost last; they hide `bindings`.
    ///
    /// A short list rather than more dictionary entries, so binding one name for a handler copies no dictionary.
    var inner: [(name: String, type: ValueType)] = []
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

    /// The same scope with one more name visible.
    func binding(_ name: String, _ type: ValueType) -> Scope {
        var copy = self
        copy.inner.append((name, type))
        return copy
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
        Scope(owner: owner, bindings: baseBindings(flowData), variables: flowData, fields: [], errorHandled: false)
    }

    /// The flow's data, `device` and `theme`.
    static func baseBindings(_ flowData: [String: ValueType]) -> [String: ValueType] {
        var bindings = flowData
        bindings[ImplicitName.device.rawValue] = device
        bindings[ImplicitName.theme.rawValue] = .any
        // A flow's own data of these names wins, as it does when the machine looks names up.
        if bindings[ImplicitName.currentEvent.rawValue] == nil {
            bindings[ImplicitName.currentEvent.rawValue] = currentEvent
        }
        if bindings[ImplicitName.session.rawValue] == nil { bindings[ImplicitName.session.rawValue] = session }
        return bindings
    }
}

/// Types of a scope with inner names bound over outer ones, looked up without merging them.
struct LayeredTypes: TypeScope {
    let outer: [String: ValueType]
    let inner: [(name: String, type: ValueType)]
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
