import Foundation
import SegueExpression
import SegueJSON
import SegueMachine
import SegueRuntime

/// Turns an HTTP status and body into the call's outcome by the envelope contract: `{Error: code, Data: …}`.
///
/// The code may be a string (`"01"`) or a number (`1` reads as `"01"`). The error message is the server's text when
/// it sent one — a `Message` (or `message`) string, or `Data` as a non-empty string with an error code — and the
/// code's meaning otherwise (seed requirement D11).
public enum APIResponseDecoder {
    /// The fields searched, in order, for the server's own error text.
    public static let messageFields = ["Message", "message"]

    /// An HTML body (`HTMLBody`) is summarised by its title and `Server` header (`headers`, names lowercased), never
    /// quoted into the message or the details.
    public static func outcome(
        status: Int, body: Data, endpoint: APIEndpoint, service: String = "api", headers: [String: String] = [:]
    ) -> ServiceOutcome {
        // The project's reader: Foundation's `JSONDecoder` into `Value` took 15 s for a million-item list (8 MiB).
        let json = (try? JSON.parse(body)).map(Value.init(json:))
        var details: [String: Value] = ["endpoint": .string(endpoint.name), "http_status": .int(status)]

        guard (200..<300).contains(status) else {
            // A server that pairs an error status with a proper envelope has said what went wrong: keep its code.
            if let json, case .error(let error) = envelopeOutcome(json, endpoint, service, details),
                error.code != "missing_envelope", error.code != "unknown_code"
            {
                return .error(error)
            }
            let page = json == nil ? HTMLBody.summary(body, headers: headers) : nil
            details["body"] = .string(page.map { htmlDetail($0, body) } ?? excerpt(body))
            let text = json.flatMap(serverMessage)
            let fallback = "Сервер ответил с ошибкой HTTP \(status)" + (page.map { " и прислал \(htmlPage($0))" } ?? "")
            return .error(
                ServiceError(
                    service: service, code: "http_\(status)", message: text ?? fallback, details: details))
        }
        guard let json else {
            if let page = HTMLBody.summary(body, headers: headers) {
                details["body"] = .string(htmlDetail(page, body))
                return .error(
                    ServiceError(
                        service: service, code: "malformed_json",
                        message: "Сервер прислал \(htmlPage(page)) вместо JSON", details: details))
            }
            details["body"] = .string(excerpt(body))
            let message =
                body.isEmpty
                ? "Сервер прислал пустой ответ вместо JSON"
                : "Сервер прислал ответ не в формате JSON: \(excerpt(body, limit: 60))"
            return .error(ServiceError(service: service, code: "malformed_json", message: message, details: details))
        }
        return envelopeOutcome(json, endpoint, service, details)
    }

    private static func envelopeOutcome(
        _ json: Value, _ endpoint: APIEndpoint, _ service: String, _ baseDetails: [String: Value]
    ) -> ServiceOutcome {
        var details = baseDetails
        guard let fields = json.recordValue, let rawCode = fields[endpoint.errorField], !rawCode.isNull else {
            return .error(
                ServiceError(
                    service: service, code: "missing_envelope",
                    message: "В ответе сервера нет поля «\(endpoint.errorField)»: \(excerpt(json))",
                    details: details))
        }
        let code: String
        switch rawCode {
        case .string(let text): code = text.trimmingCharacters(in: .whitespaces)
        case .int(let number) where number >= 0: code = number < 10 ? "0\(number)" : String(number)
        default: code = rawCode.literal
        }
        details["raw_code"] = rawCode
        guard let entry = endpoint.codes.first(where: { $0.code == code }) else {
            return .error(
                ServiceError(
                    service: service, code: "unknown_code",
                    message: "Сервер ответил неизвестным кодом «\(code)»", details: details))
        }
        let data = fields[endpoint.dataField] ?? .null
        switch entry.outcome {
        // A hostile server's (or another user's) ESC sequences and bidi overrides never reach a screen or terminal.
        case .ok: return .ok(ServerText.cleanedData(data))
        case .empty: return .ok(endpoint.emptyResult)
        case .error:
            let text =
                serverMessage(json)
                ?? data.stringValue.map { ServerText.sanitized($0) }.flatMap { $0.isEmpty ? nil : $0 }
            details["meaning"] = .string(entry.meaning)
            return .error(ServiceError(service: service, code: code, message: text ?? entry.meaning, details: details))
        }
    }

    private static func serverMessage(_ json: Value) -> String? {
        for field in messageFields {
            if let text = json[field]?.stringValue.map({ ServerText.sanitized($0) }),
                !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                return text
            }
        }
        return nil
    }

    /// An HTML page in a message: `HTML-страницу (502 Bad Gateway, nginx)`.
    private static func htmlPage(_ summary: String) -> String {
        summary.isEmpty ? "HTML-страницу" : "HTML-страницу (\(summary))"
    }

    /// An HTML body in `details.body`: what it is and how long, never its markup.
    private static func htmlDetail(_ summary: String, _ body: Data) -> String {
        "the server sent an HTML page" + (summary.isEmpty ? "" : " (\(summary))") + ", \(body.count) bytes"
    }

    /// The start of a body, for messages and details: text made safe to show, binary as a byte count.
    static func excerpt(_ body: Data, limit: Int = 200) -> String {
        // Only the start is decoded, so a huge body costs nothing here; a character cut in two is dropped.
        let start = body.prefix(limit * 4 + 4)
        guard let text = String(data: start, encoding: .utf8) ?? validPrefix(start) else {
            return "\(body.count) байт двоичных данных"
        }
        let clean = ServerText.sanitized(text, limit: limit)
        return start.count < body.count && !clean.hasSuffix("…") ? clean + "…" : clean
    }

    private static func validPrefix(_ data: Data) -> String? {
        for cut in 1...3 where data.count > cut {
            if let text = String(data: data.dropLast(cut), encoding: .utf8) { return text }
        }
        return nil
    }

    private static func excerpt(_ json: Value) -> String {
        ServerText.sanitized(String(json.literal.prefix(400)), limit: 80)
    }
}
