import CHTTPClient
import Foundation
import SegueRuntime

/// One HTTP/1.1 exchange over libcurl on a thread of its own: no redirect followed, no connection reused, no retry,
/// the body capped; waiting on a silent server blocks in `poll` and costs no CPU.
///
///     let reply = try await HTTPTransport.exchange(
///         HTTPTransport.Request(url: url, method: "GET", headers: [], body: Data(), timeout: 15, maxBodyBytes: 1 << 23))
///
/// Foundation's URLSession on Linux follows cross-host redirects, retries a POST on a reset keep-alive connection,
/// has no body limit and spins a core while it waits, so the wall-of-honor client does not use it.
enum HTTPTransport {
    struct Request: Sendable {
        var url: URL
        var method: String
        /// `Name: value` lines.
        var headers: [String]
        var body: Data
        /// Seconds for the whole exchange.
        var timeout: Double
        /// The most bytes accepted, on the wire and after gzip or deflate decoding.
        var maxBodyBytes: Int
    }

    struct Response: Sendable, Equatable {
        var status: Int
        var body: Data
        /// Header names lowercased; a repeated header keeps its last value.
        var headers: [String: String]
        /// A 3xx's `Location`, resolved against the request's URL.
        var redirectURL: URL?
    }

    enum Failure: Error, Sendable, Equatable {
        case refused
        case timeout
        case connectionReset(String)
        case tooLarge(limit: Int)
        case cancelled
        case transport(String)
    }

    /// Performs `request`; the task's cancellation wakes the waiting poll and closes the connection at once.
    static func exchange(_ request: Request) async throws(Failure) -> Response {
        try await measuredExchange(request).result.get()
    }

    /// The exchange and the CPU time its thread used (seconds), to show that waiting costs nothing.
    static func measuredExchange(_ request: Request) async -> (result: Result<Response, Failure>, cpuSeconds: Double) {
        guard let handle = CancelToken() else { return (.failure(.transport("out of memory")), 0) }
        return await withTaskCancellationHandler {
            await BlockingWork.run(named: "segue-http") { perform(request, token: handle) }
        } onCancel: {
            handle.cancel()
        }
    }

    /// The cancel flag, shared by the exchange's thread and the cancellation handler; the C side makes it atomic.
    private final class CancelToken: @unchecked Sendable {
        let pointer: OpaquePointer
        init?() {
            guard let pointer = segue_http_cancel_token_new() else { return nil }
            self.pointer = pointer
        }
        deinit { segue_http_cancel_token_free(pointer) }
        func cancel() { segue_http_cancel_token_cancel(pointer) }
    }

    private static func perform(_ request: Request, token: CancelToken) -> (
        result: Result<Response, Failure>, cpuSeconds: Double
    ) {
        var cpuSeconds = 0.0
        let result = perform(request, token: token, cpuSeconds: &cpuSeconds)
        return (result, cpuSeconds)
    }

    private static func perform(_ request: Request, token: CancelToken, cpuSeconds: inout Double)
        -> Result<Response, Failure>
    {
        var reply = segue_http_response()
        defer { segue_http_response_free(&reply) }
        let status: segue_http_status = request.url.absoluteString.withCString { url in
            request.method.withCString { method in
                withCStrings(request.headers) { headers in
                    request.body.withUnsafeBytes { body in
                        var exchange = segue_http_request(
                            url: url, method: method, headers: headers.baseAddress, header_count: headers.count,
                            body: body.bindMemory(to: UInt8.self).baseAddress, body_length: body.count,
                            timeout_ms: Int(max(0.001, request.timeout) * 1000),
                            max_body_bytes: Int64(request.maxBodyBytes))
                        return segue_http_perform(&exchange, token.pointer, &reply)
                    }
                }
            }
        }
        cpuSeconds = reply.cpu_seconds
        let error = withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case SEGUE_HTTP_OK:
            let body = reply.body.map { Data(bytes: $0, count: reply.body_length) } ?? Data()
            let headerText = reply.headers.map {
                String(decoding: Data(bytes: $0, count: reply.headers_length), as: UTF8.self)
            }
            return .success(
                Response(
                    status: reply.status_code, body: body, headers: parseHeaders(headerText ?? ""),
                    redirectURL: reply.redirect_url.flatMap { URL(string: String(cString: $0)) }))
        case SEGUE_HTTP_REFUSED: return .failure(.refused)
        case SEGUE_HTTP_TIMEOUT: return .failure(.timeout)
        case SEGUE_HTTP_CONNECTION_RESET: return .failure(.connectionReset(error))
        case SEGUE_HTTP_TOO_LARGE: return .failure(.tooLarge(limit: request.maxBodyBytes))
        case SEGUE_HTTP_CANCELLED: return .failure(.cancelled)
        default: return .failure(.transport(error.isEmpty ? "libcurl error \(reply.curl_code)" : error))
        }
    }

    /// `Name: value` lines after the status line, names lowercased.
    static func parseHeaders(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer(body)
    }
}
