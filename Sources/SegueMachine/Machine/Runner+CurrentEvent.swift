import SegueExpression
import SegueModel

extension Runner {
    /// The `origintype` of an event a `send` with `type: external` delivered: Segue delivers it as SCXML's own event
    /// I/O processor does.
    static let scxmlProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"

    /// `current_event.origin` of an event this session sent itself: its own address, `#_scxml_<session id>`.
    var ownOrigin: String { "#_scxml_" + state.environment.sessionID }

    /// Binds `current_event` to the event about to be dispatched, as SCXML binds `_event` when it takes an event
    /// from a queue; it stays bound until the next one. Kept only when some expression reads it.
    mutating func noteCurrentEvent(_ raised: RaisedEvent) {
        guard program.readsCurrentEvent, program.events.indices.contains(raised.event) else { return }
        let origin: Value = raised.origin.map(Value.string) ?? .null
        state.currentEvent = CurrentEventField.record { field in
            switch field {
            case .name: return .string(raised.name ?? program.events[raised.event])
            case .type: return .string(raised.kind.rawValue)
            case .sendid: return raised.sendID.map(Value.string) ?? .null
            case .origin: return origin
            case .origintype: return raised.origin == nil ? .null : .string(Self.scxmlProcessor)
            case .invokeid: return raised.invokeID.map(Value.string) ?? .null
            case .data: return raised.payload
            }
        }
    }
}
