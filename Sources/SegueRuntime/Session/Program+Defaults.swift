import SegueExpression
import SegueMachine

extension Program {
    /// The values of every `from_defaults` key, read from the flow's defaults service before launch; a missing key
    /// is left out (the variable keeps its default), so a flow can tell "no user id" apart.
    public func defaultsValues(from services: [String: any FlowService]) async -> [String: Value] {
        var values: [String: Value] = [:]
        guard let name = defaultsService, let service = services[name] else { return values }
        for key in data.compactMap(\.defaultsKey) {
            if case .ok(let value) = await service.call("get", arguments: ["key": .string(key)]), value != .null {
                values[key] = value
            }
        }
        return values
    }
}
