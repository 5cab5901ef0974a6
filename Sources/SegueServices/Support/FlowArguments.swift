import SegueExpression
import SegueMachine
import SegueRuntime

/// The arguments of one `FlowService` call, read with errors a flow author understands.
struct FlowArguments: Sendable {
    let service: String
    let operation: String
    let values: [String: Value]

    func string(_ name: String) throws(ServiceError) -> String {
        guard let value = values[name], value != .null else { throw missing(name, "a string") }
        guard case .string(let text) = value else { throw wrongType(name, "a string", value) }
        return text
    }

    func strings(_ name: String) throws(ServiceError) -> [String] {
        guard let value = values[name], value != .null else { throw missing(name, "a list of strings") }
        guard case .list(let items) = value else { throw wrongType(name, "a list of strings", value) }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw wrongType(name, "a list of strings", value) }
            texts.append(text)
        }
        return texts
    }

    func number(_ name: String, default fallback: Double) throws(ServiceError) -> Double {
        guard let value = values[name], value != .null else { return fallback }
        guard let number = value.numberValue else { throw wrongType(name, "a number", value) }
        return number
    }

    func int(_ name: String, default fallback: Int) throws(ServiceError) -> Int {
        guard let value = values[name], value != .null else { return fallback }
        guard let number = value.intValue else { throw wrongType(name, "an integer", value) }
        return number
    }

    func value(_ name: String) throws(ServiceError) -> Value {
        guard let value = values[name] else { throw missing(name, "a value") }
        return value
    }

    private func missing(_ name: String, _ expected: String) -> ServiceError {
        ServiceError(
            service: service, code: "missing_argument",
            message: "\(service).\(operation) needs the argument `\(name)` (\(expected))",
            details: ["operation": .string(operation), "argument": .string(name)])
    }

    private func wrongType(_ name: String, _ expected: String, _ value: Value) -> ServiceError {
        ServiceError(
            service: service, code: "invalid_argument",
            message: "\(service).\(operation): the argument `\(name)` must be \(expected), not \(value.literal)",
            details: ["operation": .string(operation), "argument": .string(name)])
    }

    static func unknownOperation(_ operation: String, service: String, known: [String]) -> ServiceOutcome {
        .error(
            ServiceError(
                service: service, code: "unknown_operation",
                message: "\(service) has no operation `\(operation)`; it has \(known.joined(separator: ", "))",
                details: ["operation": .string(operation)]))
    }
}
