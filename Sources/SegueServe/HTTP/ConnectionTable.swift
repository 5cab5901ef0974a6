import Foundation

/// The server's open connections by client address, and who gives way when one client asks for more than its
/// share, so that one client cannot make the page answer 503 for everyone.
///
/// A connection still sending its request is the one that gives way: past `connectionsPerClient` the client's own
/// oldest such connection is closed, past `connections` the oldest of the client holding the most. Every local
/// process is 127.0.0.1, so forty slow sockets from a script cost the script its oldest sockets, not the page its
/// answers. Event streams are counted apart: past `eventStreamsPerClient` (or `eventStreams`) the oldest stream
/// of that client (or of the client holding the most) is closed, so a new tab always gets its stream.
///
///     guard let id = table.admit(socket, from: "127.0.0.1") else { /* 503 */ }
///     table.answering(id)                       // the request is in; it no longer gives way
///     table.answering(id, stream: true)         // …or it asks for an event stream: counted as one already
///     table.streaming(id, events: subscription) // an event stream now
///     table.remove(id)                          // before the socket is closed
final class ConnectionTable: @unchecked Sendable {
    enum Phase: Equatable {
        /// Still sending its request: may be closed to make room.
        case reading
        /// Being answered, or the answer being drained: never closed by another's arrival.
        case answering
        case streaming
    }

    private struct Entry {
        let client: String
        let socket: Socket
        var phase: Phase
        /// When it entered its phase, in arrival order: the smallest is the oldest.
        var since: Int
        var events: EventSubscription?
    }

    private let limits: HTTPLimits
    /// Guards the entries; signalled when one goes, for `waitUntilNoStreams`.
    private let lock = NSCondition()
    private var entries: [Int: Entry] = [:]
    private var clock = 0

    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Connections other than event streams.
    var connections: Int { lock.withLock { entries.values.count { $0.phase != .streaming } } }

    var streams: Int { lock.withLock { entries.values.count { $0.phase == .streaming } } }

    /// Takes `socket` from `client` in, closing a connection still reading its request to make room when the
    /// client or the server is at its limit; nil when none can give way (the caller answers 503).
    func admit(_ socket: Socket, from client: String) -> Int? {
        lock.withLock {
            let held = entries.filter { $0.value.phase != .streaming }
            if held.values.count(where: { $0.client == client }) >= limits.connectionsPerClient {
                guard let victim = oldest(in: held, phase: .reading, of: [client]) else { return nil }
                close(victim)
            } else if held.count >= limits.connections {
                guard let victim = oldest(in: held, phase: .reading, of: Self.heaviestFirst(held)) else { return nil }
                close(victim)
            }
            clock += 1
            entries[clock] = Entry(client: client, socket: socket, phase: .reading, since: clock)
            return clock
        }
    }

    /// The request on `id` has arrived: it is answered, not closed to make room. One asking for an event stream
    /// (`stream`) counts as a stream from now on, not as a connection: its answer may wait for the session, and a
    /// page opened meanwhile must not find its client's share held by streams still starting.
    func answering(_ id: Int, stream: Bool = false) {
        lock.withLock {
            if stream { startStreaming(id) } else { entries[id]?.phase = .answering }
        }
    }

    /// `id` now streams `events` (a stream closed to make room meanwhile cancels them).
    func streaming(_ id: Int, events: EventSubscription) {
        lock.withLock {
            if entries[id]?.phase != .streaming { startStreaming(id) }
            guard entries[id] != nil else { return events.cancel() }
            entries[id]?.events = events
        }
    }

    /// Counts `id` as a stream; over a cap, the oldest other stream of its client (or of the client holding the
    /// most) is closed. The lock is held.
    private func startStreaming(_ id: Int) {
        guard let client = entries[id]?.client else { return }
        clock += 1
        entries[id]?.phase = .streaming
        entries[id]?.since = clock
        let streams = entries.filter { $0.value.phase == .streaming && $0.key != id }
        if streams.values.count(where: { $0.client == client }) >= limits.eventStreamsPerClient {
            oldest(in: streams, phase: .streaming, of: [client]).map(close)
        } else if streams.count >= limits.eventStreams {
            oldest(in: streams, phase: .streaming, of: Self.heaviestFirst(streams)).map(close)
        }
    }

    /// Forgets `id` (its thread is done with it); call before closing its socket, so that no one shuts down a
    /// descriptor number the system has given to another connection.
    func remove(_ id: Int) {
        lock.withLock {
            entries.removeValue(forKey: id)
            lock.broadcast()
        }
    }

    /// Waits until no event stream is open, at most `timeout` seconds; whether none is. Blocks the calling thread.
    func waitUntilNoStreams(timeout: Double) -> Bool {
        lock.withLock {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while entries.values.contains(where: { $0.phase == .streaming }), lock.wait(until: deadline) {}
            return !entries.values.contains { $0.phase == .streaming }
        }
    }

    /// The oldest entry in `phase` of the first of `clients` that has one.
    private func oldest(in candidates: [Int: Entry], phase: Phase, of clients: [String]) -> Int? {
        for client in clients {
            let mine = candidates.filter { $0.value.client == client && $0.value.phase == phase }
            if let id = mine.min(by: { $0.value.since < $1.value.since })?.key { return id }
        }
        return nil
    }

    /// Ends `id`'s connection: its thread sees the socket closed (and its stream ended) and finishes.
    private func close(_ id: Int) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        lock.broadcast()
        entry.events?.cancel()
        entry.socket.interrupt()
    }

    /// Client addresses, the one holding the most entries first.
    private static func heaviestFirst(_ entries: [Int: Entry]) -> [String] {
        Dictionary(grouping: entries.values, by: \.client).sorted { $0.value.count > $1.value.count }.map(\.key)
    }
}
