import Synchronization

/// Results worked out once per key and shared by every thread that asks, at most `capacity` of them: a full memo
/// starts over, so a long session that keeps asking new keys (a user typing) never grows it without bound.
///
///     let lengths = BoundedMemo<String, Int>(capacity: 1024)
///     lengths.value(for: "Анна") { $0.count }  // worked out, then remembered
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    public let capacity: Int
    private let known = Mutex<[Key: Value]>([:])

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value remembered for `key`, or `compute(key)` remembered. Two threads asking for a new key at once may
    /// both compute it; the result is the same.
    public func value(for key: Key, compute: (Key) -> Value) -> Value {
        if let remembered = known.withLock({ $0[key] }) { return remembered }
        let value = compute(key)
        known.withLock { memo in
            if memo.count >= capacity { memo.removeAll(keepingCapacity: true) }
            memo[key] = value
        }
        return value
    }
}
