import SegueExpression

/// An event the flow sent out with `emit:`, for whoever runs it: `purchase_completed {product: "donate.small"}`.
public struct OutputEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    public var event: String
    public var payload: [String: Value]

    public init(event: String, payload: [String: Value] = [:]) {
        self.event = event
        self.payload = payload
    }

    /// `purchase_completed` or `purchase_completed {product: "donate.small"}`.
    public var description: String {
        payload.isEmpty ? event : "\(event) \(Value.record(payload).literal)"
    }
}
