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
    /// Data variables `set`, `as`, `current` and `level` may write.
    var variables: [String: ValueType]
    /// The form fields `form.x` may name (screens only).
    var fields: [String]
    /// Whether a failing call here is caught by an enclosing `error` branch or an `on_error`.
    var errorHandled: Bool

    /// The same scope with one more name visible.
    func binding(_ name: String, _ type: ValueType) -> Scope {
        var copy = self
        copy.bindings[name] = type
        return copy
    }

    var typeScope: TypeBindings { TypeBindings(bindings) }

    /// `device.*`: the device profile every expression may read.
    static let device = ValueType.record(
        RecordType(
            name: "Device",
            fields: [
                .init(name: "width", type: .number), .init(name: "height", type: .number),
                .init(name: "os_major", type: .int), .init(name: "os_version", type: .string),
                .init(name: "locale", type: .string), .init(name: "text_scale", type: .number),
                .init(name: "safe_top", type: .number), .init(name: "safe_bottom", type: .number),
            ]))

    /// `error` inside `error`, `codes` and `on_error`.
    static let error = ValueType.record(
        RecordType(
            name: "Error",
            fields: [
                .init(name: "service", type: .string), .init(name: "code", type: .string),
                .init(name: "message", type: .string),
            ]))

    /// Names every expression sees: the flow's data, `device` and `theme`.
    static func base(flowData: [String: ValueType], owner: Owner) -> Scope {
        var bindings = flowData
        bindings["device"] = device
        bindings["theme"] = .any
        return Scope(owner: owner, bindings: bindings, variables: flowData, fields: [], errorHandled: false)
    }
}

extension ValueType {
    /// The element type of a list (or `any` when unknown).
    var elementType: ValueType {
        if case .list(let element) = unwrapped { return element }
        return .any
    }
}
