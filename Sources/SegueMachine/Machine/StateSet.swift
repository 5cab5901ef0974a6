/// A set of nested-state ids, iterated in ascending (document) order: one machine word for ids 0…63, so entering
/// and exiting states neither allocates nor copies.
///
///     var active = StateSet([0, 3])
///     active.insert(2)       // true: it was not there
///     Array(active)          // [0, 2, 3]
struct StateSet: Sendable, Hashable, Sequence {
    /// Bit `i` is state `i`, for ids 0…63.
    var bits: UInt64 = 0
    /// Ids outside 0…63 (a chart that large, or ids from a hand-edited state), ascending; nil when there are none,
    /// so the common set is one word with nothing to retain.
    var outside: [Int]? = nil

    init() {}

    init(_ ids: some Sequence<Int>) {
        for id in ids { insert(id) }
    }

    /// One word: states `0 ..< count` that fit it.
    init(bits: UInt64) {
        self.bits = bits
    }

    @inline(__always)
    static func fits(_ id: Int) -> Bool { UInt(bitPattern: id) < 64 }

    var isEmpty: Bool { bits == 0 && outside == nil }

    var count: Int { bits.nonzeroBitCount + (outside?.count ?? 0) }

    @inline(__always)
    func contains(_ id: Int) -> Bool {
        if Self.fits(id) { return bits & (1 << UInt64(id)) != 0 }
        return outside?.contains(id) ?? false
    }

    /// Adds a state; false when it was already there.
    @inline(__always)
    @discardableResult
    mutating func insert(_ id: Int) -> Bool {
        if Self.fits(id) {
            let mask: UInt64 = 1 << UInt64(id)
            if bits & mask != 0 { return false }
            bits |= mask
            return true
        }
        var list = outside ?? []
        outside = nil
        defer { outside = list }
        let position = list.firstIndex { $0 >= id } ?? list.count
        if position < list.count, list[position] == id { return false }
        list.insert(id, at: position)
        return true
    }

    /// Removes a state; false when it was not there.
    @inline(__always)
    @discardableResult
    mutating func remove(_ id: Int) -> Bool {
        if Self.fits(id) {
            let mask: UInt64 = 1 << UInt64(id)
            if bits & mask == 0 { return false }
            bits &= ~mask
            return true
        }
        guard var list = outside, let position = list.firstIndex(of: id) else { return false }
        list.remove(at: position)
        outside = list.isEmpty ? nil : list
        return true
    }

    /// No id in both sets.
    func isDisjoint(with other: StateSet) -> Bool {
        if bits & other.bits != 0 { return false }
        guard let outside, let others = other.outside else { return true }
        return Set(outside).isDisjoint(with: others)
    }

    /// The ids in ascending order.
    func makeIterator() -> Iterator {
        Iterator(bits: bits, outside: outside ?? [], position: 0)
    }

    /// Whether every id lies in `0 ..< count` (the states of a chart that size).
    func isWithin(_ count: Int) -> Bool {
        if let outside, outside.contains(where: { $0 < 0 || $0 >= count }) { return false }
        return count >= 64 || (count > 0 && bits >> UInt64(count) == 0) || bits == 0
    }

    /// The ids in descending order (innermost last-entered states first).
    var descending: [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(count)
        let list = outside ?? []
        var position = list.count
        while position > 0, list[position - 1] >= 64 {
            position -= 1
            ids.append(list[position])
        }
        var word = bits
        while word != 0 {
            let id = 63 - word.leadingZeroBitCount
            ids.append(id)
            word &= ~(1 << UInt64(id))
        }
        while position > 0 {
            position -= 1
            ids.append(list[position])
        }
        return ids
    }

    /// Ascending iteration: negative ids, then the word's bits, then ids from 64 up.
    struct Iterator: IteratorProtocol {
        var bits: UInt64
        let outside: [Int]
        var position: Int

        mutating func next() -> Int? {
            if position < outside.count, outside[position] < 0 {
                position += 1
                return outside[position - 1]
            }
            if bits != 0 {
                let id = bits.trailingZeroBitCount
                bits &= bits - 1
                return id
            }
            guard position < outside.count else { return nil }
            position += 1
            return outside[position - 1]
        }
    }
}
