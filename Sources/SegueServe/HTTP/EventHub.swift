import Foundation

/// Fans server-sent events out to every open page. Each subscriber keeps only the newest event of each name, so a
/// slow tab gets the latest state instead of a growing queue.
///
///     let subscription = hub.subscribe()
///     hub.publish("state", data: json)
///     subscription.next(timeout: 15)   // ["event: state\ndata: …\n\n"], or [] after the timeout
public final class EventHub: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Int: [(name: String, data: String)]] = [:]
    private var nextID = 0
    private var closed = false

    public init() {}

    /// A new subscriber; it receives `initial` first, then the events published from now on.
    public func subscribe(initial: [(name: String, data: String)] = []) -> EventSubscription {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        pending[nextID] = initial
        return EventSubscription(hub: self, id: nextID)
    }

    /// How many pages are listening.
    public var subscribers: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    /// Waits (blocking this thread) until no page listens or `timeout` seconds pass; whether none listens.
    func waitUntilNoSubscribers(timeout: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !pending.isEmpty, condition.wait(until: deadline) {}
        return pending.isEmpty
    }

    /// Sends `data` (any text; each line becomes a `data:` line) as event `name` to every subscriber.
    public func publish(_ name: String, data: String) {
        condition.lock()
        for id in pending.keys {
            pending[id]?.removeAll { $0.name == name }
            pending[id]?.append((name, data))
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every stream (the server is stopping).
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The events waiting for `id`, in wire format, after waiting up to `timeout` seconds for one; nil once the
    /// hub is closed or the subscription was cancelled.
    func next(for id: Int, timeout: Double) -> [String]? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !closed, pending[id]?.isEmpty == true {
            if !condition.wait(until: deadline) { break }
        }
        guard !closed, let events = pending[id] else { return nil }
        pending[id] = []
        return events.map { event in
            "event: \(event.name)\n"
                + event.data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
                + "\n"
        }
    }

    func cancel(_ id: Int) {
        condition.lock()
        pending[id] = nil
        condition.broadcast()
        condition.unlock()
    }
}

/// One page's place on the hub.
public struct EventSubscription: Sendable {
    let hub: EventHub
    let id: Int

    /// See `EventHub.next(for:timeout:)`.
    public func next(timeout: Double) -> [String]? { hub.next(for: id, timeout: timeout) }

    public func cancel() { hub.cancel(id) }
}
