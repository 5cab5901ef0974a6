import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueRuntime

/// One checked argument, ready to send: its parameter's name and kind, and the value coerced to that kind.
public struct APIArgument: Sendable, Hashable {
    public var name: String
    public var kind: APIEndpoint.Parameter.Kind
    /// `.string` for strings and files (a path), `.int`, `.number` or `.bool` otherwise.
    public var value: Value

    public init(name: String, kind: APIEndpoint.Parameter.Kind, value: Value) {
        self.name = name
        self.kind = kind
        self.value = value
    }

    /// The value as it travels in a query string or form: decimal numbers, `true`/`false`, text as is.
    public var text: String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.description
        }
    }
}

/// Checks a call's arguments against its endpoint the way the server would, so a bad call fails before any request.
///
/// Every violation is `ServiceError(code: "01")` (the seed's "missing input"), with a message naming the parameter
/// and `details` holding `parameter` and `rule` (`required`, `type`, `max_length`, `minimum`, `maximum`, `unknown`,
/// `file`).
public enum APIArgumentValidator {
    /// The arguments in the endpoint's parameter order, defaults filled in, absent optional ones left out.
    ///
    /// Null counts as absent, and so does a string with nothing visible for a required parameter. Numbers are accepted for
    /// string parameters (as decimal text), and strings holding a whole number for `int` parameters.
    public static func validate(
        _ arguments: [String: Value], for endpoint: APIEndpoint, service: String = "api", checkFiles: Bool = true
    ) throws(ServiceError) -> [APIArgument] {
        let declared = Set(endpoint.parameters.map(\.name))
        if let unknown = arguments.keys.sorted().first(where: { !declared.contains($0) }) {
            let known = endpoint.parameters.map(\.name).joined(separator: ", ")
            throw violation(
                "Неизвестный параметр «\(unknown)» для «\(endpoint.name)» (есть: \(known))", unknown, "unknown",
                endpoint,
                service)
        }
        var checked: [APIArgument] = []
        for parameter in endpoint.parameters {
            var value = arguments[parameter.name] ?? .null
            if value.isNull, let fallback = parameter.defaultValue { value = fallback }
            // A required text with nothing visible (spaces, zero-width characters, Hangul fillers) is missing, as
            // the form's `required` rule has it.
            if value.isNull || (parameter.required && value.stringValue.map(VisibleText.looksBlank) == true) {
                guard !parameter.required else {
                    throw violation(
                        "Не заполнен обязательный параметр «\(parameter.name)»", parameter.name, "required", endpoint,
                        service)
                }
                continue
            }
            let coerced = try coerce(value, to: parameter, endpoint: endpoint, service: service)
            try checkLimits(coerced, parameter: parameter, endpoint: endpoint, service: service)
            if checkFiles, parameter.kind == .file, let path = coerced.stringValue {
                if !FileManager.default.isReadableFile(atPath: path) {
                    throw violation(
                        "Файл «\(path)» для параметра «\(parameter.name)» не найден или не читается", parameter.name,
                        "file", endpoint, service)
                }
                // A FIFO or /dev/zero is refused here, before anything opens it.
                if let problem = SafeFile.problem(path, limit: SafeFile.uploadLimit) {
                    throw violation(
                        "Файл «\(path)» для параметра «\(parameter.name)» не отправлен: \(problem)", parameter.name,
                        "file", endpoint, service)
                }
            }
            checked.append(APIArgument(name: parameter.name, kind: parameter.kind, value: coerced))
        }
        return checked
    }

    private static func coerce(
        _ value: Value, to parameter: APIEndpoint.Parameter, endpoint: APIEndpoint, service: String
    ) throws(ServiceError) -> Value {
        let coerced: Value?
        let expected: String
        switch parameter.kind {
        case .string, .file:
            expected = parameter.kind == .file ? "путём к файлу" : "строкой"
            switch value {
            case .string: coerced = value
            case .int, .number: coerced = parameter.kind == .string ? .string(value.description) : nil
            default: coerced = nil
            }
        case .int:
            expected = "целым числом"
            coerced = value.intValue.map(Value.int) ?? value.stringValue.flatMap { Int($0) }.map(Value.int)
        case .number:
            expected = "числом"
            coerced = value.numberValue.map(Value.number) ?? value.stringValue.flatMap { Double($0) }.map(Value.number)
        case .bool:
            expected = "логическим значением (true или false)"
            coerced = value.boolValue.map(Value.bool)
        }
        guard let coerced else {
            throw violation(
                "Параметр «\(parameter.name)» должен быть \(expected), а не «\(value.description)»", parameter.name,
                "type",
                endpoint, service)
        }
        return coerced
    }

    private static func checkLimits(
        _ value: Value, parameter: APIEndpoint.Parameter, endpoint: APIEndpoint, service: String
    ) throws(ServiceError) {
        if let maxLength = parameter.maxLength, let text = value.stringValue, text.count > maxLength {
            throw violation(
                "Параметр «\(parameter.name)» длиннее \(maxLength) символов (\(text.count))", parameter.name,
                "max_length", endpoint, service)
        }
        guard let number = value.numberValue else { return }
        let shown = value.description
        if let minimum = parameter.minimum, number < Double(minimum) {
            throw violation(
                "Параметр «\(parameter.name)» должен быть \(bounds(parameter)) (\(shown))", parameter.name, "minimum",
                endpoint, service)
        }
        if let maximum = parameter.maximum, number > Double(maximum) {
            throw violation(
                "Параметр «\(parameter.name)» должен быть \(bounds(parameter)) (\(shown))", parameter.name, "maximum",
                endpoint, service)
        }
    }

    private static func bounds(_ parameter: APIEndpoint.Parameter) -> String {
        switch (parameter.minimum, parameter.maximum) {
        case (let low?, let high?): return "от \(low) до \(high)"
        case (let low?, nil): return "не меньше \(low)"
        case (nil, let high?): return "не больше \(high)"
        case (nil, nil): return "числом"
        }
    }

    static func violation(
        _ message: String, _ parameter: String, _ rule: String, _ endpoint: APIEndpoint, _ service: String
    ) -> ServiceError {
        ServiceError(
            service: service, code: WallOfHonorCode.missingInput.rawValue, message: message,
            details: ["endpoint": .string(endpoint.name), "parameter": .string(parameter), "rule": .string(rule)])
    }
}
