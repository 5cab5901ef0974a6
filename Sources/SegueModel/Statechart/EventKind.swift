/// Where an event came from, as SCXML's `_event.type` names it, read in handlers as `current_event.type`: a flow's
/// own `send` and a state's completion (`done.state.<id>`, raised on the internal queue) are `internal`, the host's
/// (and a `send` with `type: external`) `external`, and the errors Segue raises itself (`error.execution`) and
/// playback's end event `platform`.
public enum EventKind: String, Sendable, Hashable, Codable, CaseIterable {
    case `internal`
    case external
    case platform
}

/// How a `send` delivers its event: `type:` (the queue it waits in and the kind its handler sees) and `id:`, which
/// the handler reads as `current_event.sendid`.
///
///     - send: ping
///       type: external   # waits until the machine has settled, like an event from outside
///       id: ping1        # current_event.sendid == 'ping1'
public struct SendDelivery: Sendable, Hashable {
    public var kind: EventKind
    public var id: String?
    /// Another session the event goes to (`to:`): `parent`, or the id of an invocation; nil: this one.
    public var session: String? = nil

    public init(kind: EventKind = .internal, id: String? = nil) {
        self.kind = kind
        self.id = id
    }
}
