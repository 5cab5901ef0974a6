import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime

/// The REST API over HTTP: checks arguments, sends the request, and reads the `{Error, Data}` envelope.
///
///     let api = HTTPAPIService(baseURL: URL(string: "https://board.example.com/api")!)
///     let outcome = await api.call(WallOfHonorContract.listEntries, arguments: ["count": .int(6)])
///
/// Every failure is a `ServiceError` with a stable code: `01` for arguments the server would refuse (no request is
/// made), `refused`, `timeout`, `connection_reset`, `response_too_large`, `redirect`, `transport`, `http_<status>`,
/// `malformed_json`, `missing_envelope`, `unknown_code`, or the API's own error code. A cancelled task ends as
/// `.cancelled`. Requests go through `HTTPTransport` (libcurl): redirects only within the same origin, no retries.
public final class HTTPAPIService: APIService, Sendable {
    public let baseURL: URL
    /// The name errors carry in `service`.
    public let serviceName: String

    /// - Parameter baseURL: the API's root; each endpoint's path is appended to it.
    public init(baseURL: URL, serviceName: String = "api") {
        self.baseURL = baseURL
        self.serviceName = serviceName
    }

    public func call(_ endpoint: APIEndpoint, arguments: [String: Value]) async -> ServiceOutcome {
        let request: APIRequest
        do {
            let checked = try APIArgumentValidator.validate(arguments, for: endpoint, service: serviceName)
            request = try APIRequestEncoder.request(
                for: endpoint, arguments: checked, baseURL: baseURL, service: serviceName)
        } catch {
            return .error(error)
        }
        guard !Task.isCancelled else { return .cancelled }
        let method = request.method
        let deadline = Date().addingTimeInterval(endpoint.timeout)
        var url = request.url
        for _ in 0...HTTPRedirectPolicy.maximumHops {
            let exchange = HTTPTransport.Request(
                url: url, method: method,
                headers: request.headerLines, body: request.body ?? Data(), timeout: deadline.timeIntervalSinceNow,
                maxBodyBytes: endpoint.maxResponseBytes)
            let response: HTTPTransport.Response
            do {
                response = try await HTTPTransport.exchange(exchange)
            } catch {
                if Task.isCancelled { return .cancelled }
                return transportOutcome(error, endpoint: endpoint, url: url)
            }
            guard HTTPRedirectPolicy.redirectStatuses.contains(response.status) else {
                return APIResponseDecoder.outcome(
                    status: response.status, body: response.body, endpoint: endpoint, service: serviceName,
                    headers: response.headers)
            }
            switch HTTPRedirectPolicy.decide(
                status: response.status, from: url, to: response.redirectURL, method: method)
            {
            case .follow(let next):
                url = next
            case .refuse(let reason):
                return redirectError(reason, response: response, endpoint: endpoint, url: url)
            }
        }
        return redirectError(
            "Сервер перенаправил запрос больше \(HTTPRedirectPolicy.maximumHops) раз", response: nil,
            endpoint: endpoint,
            url: url)
    }

    private func redirectError(_ reason: String, response: HTTPTransport.Response?, endpoint: APIEndpoint, url: URL)
        -> ServiceOutcome
    {
        var details: [String: Value] = ["endpoint": .string(endpoint.name), "url": .string(url.absoluteString)]
        if let response {
            details["http_status"] = .int(response.status)
            details["location"] = .string(ServerText.sanitized(response.headers["location"] ?? ""))
        }
        return .error(ServiceError(service: serviceName, code: "redirect", message: reason, details: details))
    }

    private func transportOutcome(_ failure: HTTPTransport.Failure, endpoint: APIEndpoint, url: URL) -> ServiceOutcome {
        var details: [String: Value] = ["endpoint": .string(endpoint.name), "url": .string(url.absoluteString)]
        let server = "\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        let code: String
        let message: String
        switch failure {
        case .cancelled:
            return .cancelled
        case .timeout:
            code = "timeout"
            message = "Сервер \(server) не ответил за \(Value.number(endpoint.timeout)) с"
        case .refused:
            code = "refused"
            message = "Сервер \(server) недоступен: соединение отклонено"
        case .connectionReset(let detail):
            code = "connection_reset"
            message = "Соединение с сервером \(server) оборвалось, ответ получен не полностью"
            details["underlying"] = .string(detail)
        case .tooLarge(let limit):
            code = "response_too_large"
            message = "Ответ сервера \(server) больше \(Self.byteCount(limit)): он не прочитан"
            details["limit_bytes"] = .int(limit)
        case .transport(let detail):
            code = "transport"
            message = "Ошибка сети при обращении к \(server): \(detail)"
            details["underlying"] = .string(detail)
        }
        return .error(ServiceError(service: serviceName, code: code, message: message, details: details))
    }

    /// `8 МиБ`, `512 КиБ`, `100 байт`.
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) МиБ" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) КиБ" }
        return "\(bytes) байт"
    }
}
