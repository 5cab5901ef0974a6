/// A place in a flow file where a mapping's keys are fixed by the language: the top level, a screen, a button.
///
///     Vocabulary.keys(at: .element("slider"))   // slider, value, min, max, change, label, visible, …
public enum KeyPlace: Hashable, Sendable, CustomStringConvertible {
    case flow
    /// A `data:` variable written as a mapping: `{ type: int, default: 0 }`.
    case variable
    /// A screen's or component's parameter written as a mapping: `{ type: string, default: "" }`.
    case parameter
    case invariant
    case component
    case screen
    /// A nested state of a screen's statechart.
    case state
    /// One `{ when:, goto:, type:, do: }` transition of an event handler or of `always:`.
    case alternative
    /// A history state's `default:` transition.
    case historyDefault
    /// A state's `invoke:`: a child chart run as its own session.
    case invocation
    case layout
    case playback
    case recording
    /// An element of this kind: `element("button")`.
    case element(String)
    /// `{ use: card, with: {…} }` as a list's or lines' `item`.
    case componentUse
    case paging
    case multiline
    case crop
    /// A field rule of this kind written as a mapping: `{ max_length: 550, message: … }`.
    case rule(String)
    /// An action of this kind: `action("present")`.
    case action(String)
    case alert
    /// `{ result: … }` of a `dismiss` or `pop` that hands a value back.
    case handedResult
    /// A service of this kind: `service("api")`.
    case service(String)
    case envelope
    case responseCode
    /// An API service's endpoint.
    case endpoint
    /// A custom service's operation.
    case operation
    /// An endpoint's or operation's parameter written as a mapping.
    case operationParameter
    /// A flow function (`functions:`).
    case function

    /// A stable identifier: `screen`, `element_button`, `action_present` (the schema's `$defs` names).
    public var identifier: String {
        switch self {
        case .element(let kind): return "element_\(kind)"
        case .rule(let kind): return "rule_\(kind)"
        case .action(let kind): return "action_\(kind)"
        case .service(let kind): return "service_\(kind)"
        case .flow: return "flow"
        case .function: return "function"
        case .variable: return "variable"
        case .parameter: return "parameter"
        case .invariant: return "invariant"
        case .component: return "component"
        case .screen: return "screen"
        case .state: return "state"
        case .alternative: return "alternative"
        case .historyDefault: return "history_default"
        case .invocation: return "invocation"
        case .layout: return "layout"
        case .playback: return "playback"
        case .recording: return "recording"
        case .componentUse: return "component_use"
        case .paging: return "paging"
        case .multiline: return "multiline"
        case .crop: return "crop"
        case .alert: return "alert"
        case .handedResult: return "handed_result"
        case .envelope: return "envelope"
        case .responseCode: return "response_code"
        case .endpoint: return "endpoint"
        case .operation: return "operation"
        case .operationParameter: return "operation_parameter"
        }
    }

    public var description: String { identifier }

    /// How a type summary names a mapping of this place's keys: `{ use, with }`, `{ type, default, … }`.
    var summary: String {
        if case .service = self { return "`{ kind, … }`" }
        if case .rule = self { return "`{ rule: …, message }`" }
        let names = Vocabulary.spec(self).keyNames
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        return "`{ \(shown) }`"
    }
}
