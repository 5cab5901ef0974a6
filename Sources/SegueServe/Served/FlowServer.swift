import Foundation
import SegueDriver
import SegueMachine
import SegueREPL

/// `segue serve`: the flow behind an HTTP server, the page's event stream, and two background beats, one that
/// reloads the flow when its files change and one that runs the clock in real time when asked.
///
///     let server = try await FlowServer.start(path: "flows/donate.yaml", port: 0)
///     print(server.pageURL)   // http://127.0.0.1:54321/?token=3f9c…
///     server.stop()
public final class FlowServer: Sendable {
    public let served: ServedFlow
    public let port: UInt16
    public let host: String
    /// Who may ask: the Host, Origin and token rule (`ServeAccess`).
    let access: ServeAccess
    let http: HTTPServer
    let hub: EventHub
    let beats: [Task<Void, Never>]

    /// Why the server could not start: the flow (render its diagnostics) or the socket.
    public enum StartError: Error, Sendable, CustomStringConvertible {
        case flow(ReplSession.OpenError)
        case server(HTTPServerError)

        public var description: String {
            switch self {
            case .flow(let error): error.description
            case .server(let error): error.description
            }
        }
    }

    /// What tells the reload beat that the files may have changed (nil: it compares them on a timer).
    let fileWatch: FileWatch?

    init(
        served: ServedFlow, http: HTTPServer, access: ServeAccess, hub: EventHub, beats: [Task<Void, Never>],
        fileWatch: FileWatch?
    ) {
        self.served = served
        self.fileWatch = fileWatch
        self.http = http
        self.access = access
        self.hub = hub
        self.port = access.port
        self.host = http.host
        self.beats = beats
    }

    /// The page's address without the token: what the page is called once its cookie is set.
    public var address: String { access.address }

    /// The address to open, with this run's token (`?token=`): the first request with it gets the token as a
    /// cookie, every other request needs one or the other.
    public var pageURL: String { access.pageURL }

    /// This run's token (256 random bits, hex).
    public var token: String { access.token }

    /// Opens the flow, starts listening on `host:port` (0 picks a free port) and starts the beats; the flow's files
    /// are compared with what was read whenever the system says their folders changed, or every `watchInterval`
    /// seconds where it cannot say.
    public static func start(
        path: String, host: String = "127.0.0.1", port: UInt16, device: DeviceProfile = .standard,
        options: ServiceOptions = ServiceOptions(boardEntries: 12), limits: HTTPLimits = HTTPLimits(),
        watchInterval: Double = 0.5, locale: String? = nil, admit: ((FlowReach) -> CommandPolicy?)? = nil
    ) async throws(StartError) -> FlowServer {
        let hub = EventHub()
        let served: ServedFlow
        do {
            served = try await ServedFlow.open(
                path: path, device: device, options: options, hub: hub, locale: locale, admit: admit)
        } catch {
            throw .flow(error)
        }
        let http = HTTPServer(host: host, port: port, limits: limits, streams: ServeRoutes.asksForStream)
        let bound: UInt16
        do {
            bound = try http.listen()
        } catch {
            throw .server(error)
        }
        let access = ServeAccess(host: host, port: bound)
        let routes = ServeRoutes(served: served, hub: hub, access: access)
        http.serve { request in await routes.handle(request) }
        // The beats take turns with the requests, so they run on the server's threads too: one holding the turn
        // must not wait for the cooperative pool while a request waits for it.
        let changes = await Self.changes(of: served, every: watchInterval)
        let watch = Task(executorPreference: http.executor) {
            for await _ in changes.stream {
                let paths = await served.exclusive {
                    await served.reloadIfChanged()
                    return served.watchedPaths
                }
                changes.watch?.watch(paths)
            }
        }
        let beat = 0.25
        let clock = Task(executorPreference: http.executor) {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(beat * 1e9))
                await served.exclusive { await served.beat(beat) }
            }
        }
        return FlowServer(
            served: served, http: http, access: access, hub: hub, beats: [watch, clock], fileWatch: changes.watch)
    }

    /// A signal each time the flow's files may have changed: from the system (`FileWatch`), or, where it has
    /// none to give, every `interval` seconds.
    private static func changes(of served: ServedFlow, every interval: Double) async -> (
        stream: AsyncStream<Void>, watch: FileWatch?
    ) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        guard let watch = FileWatch() else {
            let timer = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
                    continuation.yield()
                }
            }
            continuation.onTermination = { _ in timer.cancel() }
            return (stream, nil)
        }
        // Watched before the first change can come, so none is missed.
        watch.watch(await served.exclusive { served.watchedPaths })
        let thread = Thread {
            while watch.next() { continuation.yield() }
            continuation.finish()
        }
        thread.name = "segue-serve-watch"
        thread.start()
        return (stream, watch)
    }

    /// Stops the beats, closes every event stream and stops listening.
    public func stop() {
        fileWatch?.stop()
        for beat in beats { beat.cancel() }
        hub.close()
        http.stop()
    }
}
