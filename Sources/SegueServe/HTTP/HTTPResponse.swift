import Foundation

/// What a handler answers: a status, headers and a body, or an event stream kept open for server-sent events.
///
///     HTTPResponse.text("no such page", status: .notFound)
///     HTTPResponse.json(snapshot)
///     HTTPResponse(events: hub.subscribe())
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Set for `text/event-stream`: the connection stays open and each event is written as it comes.
    public var events: EventSubscription?

    public init(status: HTTPStatus = .ok, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(events: EventSubscription) {
        self.init(headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")])
        self.events = events
    }

    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    public static func html(_ text: String) -> HTTPResponse {
        HTTPResponse(headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(text.utf8))
    }

    public static func json(_ data: Data, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: data)
    }

    /// A file offered for download under `filename`.
    public static func download(_ data: Data, filename: String, type: String) -> HTTPResponse {
        HTTPResponse(
            headers: [("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(filename)\"")],
            body: data)
    }

    /// The status line and headers as sent; every response closes its connection, and none is cached or framed.
    func head() -> Data {
        var lines = ["HTTP/1.1 \(status.rawValue) \(status.reason)"]
        var all = headers
        if events == nil { all.append(("Content-Length", String(body.count))) }
        all.append(("Connection", "close"))
        all.append(("X-Content-Type-Options", "nosniff"))
        // The page has no outside scripts, styles or fonts: the browser is told to load none. No other site may
        // show it in a frame (clickjacking: a page laying its own buttons over the flow's), and no address of it,
        // token included, is sent to another site as a referrer.
        all.append(
            (
                "Content-Security-Policy",
                "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"
            ))
        all.append(("X-Frame-Options", "DENY"))
        all.append(("Referrer-Policy", "no-referrer"))
        if !all.contains(where: { $0.name.lowercased() == "cache-control" }) {
            all.append(("Cache-Control", "no-store"))
        }
        for (name, value) in all { lines.append("\(name): \(value)") }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
