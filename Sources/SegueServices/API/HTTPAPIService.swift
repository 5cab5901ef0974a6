import Foundation
import SegueExpression
import SegueRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The REST API over HTTP: checks arguments, sends the request, and reads the `{Error, Data}` envelope.
///
///     let api = HTTPAPIService(baseURL: URL(string: "https://board.example.com/api")!)
///     let outcome = await api.call(WallOfHonorContract.listEntries, arguments: ["count": .int(6)])
///
/// Every failure is a `ServiceError` with a stable code: `01` for arguments the server would refuse (no request is
/// made), `refused`, `timeout`, `connection_reset`, `transport`, `http_<status>`, `malformed_json`,
/// `missing_envelope`, `unknown_code`, or the API's own error code. A cancelled task ends as `.cancelled`.
public final class HTTPAPIService: APIService, Sendable {
    public let baseURL: URL
    /// The name errors carry in `service`.
    public let serviceName: String
    private let session: URLSession

    /// - Parameter baseURL: the API's root; each endpoint's path is appended to it.
    public init(baseURL: URL, serviceName: String = "api") {
        self.baseURL = baseURL
        self.serviceName = serviceName
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func call(_ endpoint: APIEndpoint, arguments: [String: Value]) async -> ServiceOutcome {
        let request: URLRequest
        do {
            let checked = try APIArgumentValidator.validate(arguments, for: endpoint, service: serviceName)
            request = try APIRequestEncoder.request(
                for: endpoint, arguments: checked, baseURL: baseURL, service: serviceName)
        } catch {
            return .error(error)
        }
        guard !Task.isCancelled else { return .cancelled }
        do {
            let (body, response) = try await send(request, timeout: endpoint.timeout)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            return APIResponseDecoder.outcome(status: status, body: body, endpoint: endpoint, service: serviceName)
        } catch {
            if Task.isCancelled { return .cancelled }
            return transportOutcome(error, endpoint: endpoint, url: request.url)
        }
    }

    /// Sends the request, failing with `URLError(.timedOut)` when no whole response arrives within `timeout`.
    ///
    /// URLSession's own `timeoutInterval` only measures idle time between bytes; this bounds the whole exchange.
    private func send(_ request: URLRequest, timeout: Double) async throws -> (Data, URLResponse) {
        let session = self.session
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1_000_000_000))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw URLError(.timedOut)
            }
            return result
        }
    }

    private func transportOutcome(_ error: any Error, endpoint: APIEndpoint, url: URL?) -> ServiceOutcome {
        var details: [String: Value] = ["endpoint": .string(endpoint.name)]
        if let url { details["url"] = .string(url.absoluteString) }
        let server = url.map { "\($0.host ?? "?")\($0.port.map { ":\($0)" } ?? "")" } ?? baseURL.absoluteString
        guard let urlError = error as? URLError else {
            if error is CancellationError { return .cancelled }
            details["underlying"] = .string(String(describing: error))
            return .error(
                ServiceError(
                    service: serviceName, code: "transport", message: "Ошибка сети: \(error.localizedDescription)",
                    details: details))
        }
        details["url_error"] = .int(urlError.errorCode)
        let code: String
        let message: String
        // On Linux a body shorter than its Content-Length is curl's "transfer closed with N bytes remaining to read",
        // reported as `.unknown`; Apple platforms report `.networkConnectionLost`.
        let cutShort = urlError.code == .unknown && urlError.localizedDescription.contains("remaining to read")
        switch cutShort ? .networkConnectionLost : urlError.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            code = "timeout"
            message = "Сервер \(server) не ответил за \(Value.number(endpoint.timeout)) с"
        case .cannotConnectToHost:
            code = "refused"
            message = "Сервер \(server) недоступен: соединение отклонено"
        case .networkConnectionLost:
            code = "connection_reset"
            message = "Соединение с сервером \(server) оборвалось, ответ получен не полностью"
        default:
            code = "transport"
            message = "Ошибка сети при обращении к \(server): \(urlError.localizedDescription)"
        }
        return .error(ServiceError(service: serviceName, code: code, message: message, details: details))
    }
}
