import Foundation
import SegueJSON

/// Which request does what: the page, its state and event stream, the inputs it posts, downloads of the session,
/// and the diagram. Nothing else is served: no file is read on a client's say-so, and nothing is answered to a
/// request `ServeAccess` refuses.
struct ServeRoutes: Sendable {
    let served: ServedFlow
    let hub: EventHub
    let access: ServeAccess

    /// Every path, with the one method it answers.
    static let paths: [String: String] = [
        "/": "GET", "/state": "GET", "/events": "GET", "/session.json": "GET", "/scenario.yaml": "GET",
        "/diagram.svg": "GET", "/input": "POST", "/outcome": "POST", "/clock": "POST", "/travel": "POST",
    ]

    /// The page's event stream: counted as a stream from its arrival (`HTTPServer`'s `streams:`), not as one of
    /// the client's connections while its first state is made.
    static func asksForStream(_ request: HTTPRequest) -> Bool {
        request.method == "GET" && request.path == "/events"
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        // Refused before taking the session's turn: a refusal never waits for a step.
        if let refusal = access.answer(to: request) { return refusal }
        return await served.exclusive { await answer(request) }
    }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        guard let method = Self.paths[request.path] else {
            return .text("no page \(request.path) here; the flow is at /\n", status: .notFound)
        }
        guard request.method == method else {
            var response = HTTPResponse.text("\(request.path) answers \(method) only\n", status: .methodNotAllowed)
            response.headers.append(("Allow", method))
            return response
        }
        if method == "POST" {
            if let refusal = Self.refusal(of: request) { return refusal }
            return await post(request)
        }
        switch request.path {
        case "/": return .html(PageHTML.page(title: served.title))
        case "/state": return .json(await served.fullSnapshot().encoded())
        case "/events":
            let state = String(decoding: await served.fullSnapshot().encoded(), as: UTF8.self)
            return HTTPResponse(events: hub.subscribe(initial: [("state", state)]))
        case "/session.json":
            return .download(served.traceJSON(), filename: "\(served.title).session.json", type: "application/json")
        case "/scenario.yaml":
            do {
                let yaml = try served.scenario()
                return .download(
                    Data(yaml.utf8), filename: "\(served.title).scenario.yaml", type: "application/yaml; charset=utf-8")
            } catch {
                return .text(error.description + "\n", status: .conflict)
            }
        default:
            switch await served.diagram() {
            case .success(let svg):
                return HTTPResponse(headers: [("Content-Type", "image/svg+xml")], body: Data(svg.utf8))
            case .failure(let error): return .text(error.description + "\n", status: .notFound)
            }
        }
    }

    private func post(_ request: HTTPRequest) async -> HTTPResponse {
        let done: Bool
        switch request.path {
        case "/input":
            do {
                done = await served.perform(try PageCommand.decode(request.body))
            } catch {
                return .text(error.description + "\n", status: .badRequest)
            }
        case "/outcome":
            guard let body = Self.object(request.body), let call = body["call"]?.string,
                let result = body["result"]?.string
            else {
                return .text(
                    "an outcome is {\"call\": \"store.purchase\", \"result\": \"cancelled\"}\n", status: .badRequest)
            }
            done = await served.choose(call: call, result: result, code: body["code"]?.string)
        case "/clock":
            guard let body = Self.object(request.body), let action = body["action"]?.string else {
                return .text("a clock action is {\"action\": \"next_timer\"}\n", status: .badRequest)
            }
            done = await served.clock(action, seconds: body["seconds"]?.double)
        default:
            let body = Self.object(request.body)
            if let to = body?["to"]?.int {
                done = await served.travel(to: to)
            } else if let by = body?["by"]?.int {
                done = await served.travel(by: by)
            } else {
                return .text("time travel is {\"to\": STEP} or {\"by\": -1}\n", status: .badRequest)
            }
        }
        let state = await served.fullSnapshot()
        return .json(state.encoded(), status: done ? .ok : .unprocessable)
    }

    /// POSTs carry JSON (not what a cross-site form can send); where they come from is `ServeAccess`'s rule.
    static func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard request.header("content-type")?.lowercased().hasPrefix("application/json") == true else {
            return .text("send the input as Content-Type: application/json\n", status: .unsupportedMediaType)
        }
        return nil
    }

    /// A posted body's members; nil when it is not a JSON object (the reply then shows the form expected).
    static func object(_ data: Data) -> [String: JSON]? {
        (try? JSON.parse(data))?.object
    }
}
