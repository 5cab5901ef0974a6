/// The chunks a WAV header read stepped over, summarised: a file with a million junk chunks is one short line.
///
///     var skipped = WAVSkippedChunks()
///     skipped.add("LIST"); skipped.add("junk"); skipped.add("junk")
///     skipped.description  // "LIST, junk ×2"
public struct WAVSkippedChunks: Sendable, Hashable, CustomStringConvertible {
    /// At most this many distinct ids are named; the rest are only counted.
    public static let namedKinds = 8

    /// Distinct ids in the order first seen, at most `namedKinds`.
    public private(set) var ids: [String] = []
    /// How many chunks of each named id.
    public private(set) var counts: [String: Int] = [:]
    /// Every skipped chunk, named or not.
    public private(set) var total = 0

    public init() {}

    public var isEmpty: Bool { total == 0 }

    /// Chunks whose id is not among `ids`.
    public var unnamed: Int { total - counts.values.reduce(0, +) }

    mutating func add(_ id: String) {
        total += 1
        if let count = counts[id] {
            counts[id] = count + 1
        } else if ids.count < Self.namedKinds {
            ids.append(id)
            counts[id] = 1
        }
    }

    /// `LIST, fact`; `junk ×999999, LIST`; with more kinds than are named: `…, and 5 more of other kinds`.
    public var description: String {
        var parts = ids.map { id in
            let count = counts[id] ?? 0
            return count == 1 ? id : "\(id) ×\(count)"
        }
        if unnamed > 0 { parts.append("and \(unnamed) more of other kinds") }
        return parts.joined(separator: ", ")
    }
}
