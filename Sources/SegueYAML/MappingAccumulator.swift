import SegueDiagnostics

/// The entries of a mapping being built: duplicate-key detection and `<<` merge keys.
struct MappingAccumulator {
    /// What the next node completed in this mapping is.
    enum Expecting {
        case key
        case value(key: Node)
        /// A complex key was reported; it and then its value are dropped.
        case rejectedKey
        case valueOfRejectedKey
    }

    private(set) var entries: [MappingEntry] = []
    var expecting = Expecting.key
    /// Key name → index in `entries`, built once the mapping is big enough that scanning its keys would cost more.
    private var index: [String: Int]?
    private var merges: [(position: Int, sources: [Node])] = []

    /// Small mappings are scanned; bigger ones get a dictionary.
    private static let scanLimit = 12

    /// The first entry with the key's name, if any.
    func existing(named name: String) -> MappingEntry? {
        if let index { return index[name].map { entries[$0] } }
        return entries.first { $0.name == name }
    }

    mutating func append(_ entry: MappingEntry, named name: String) {
        entries.append(entry)
        if index != nil {
            index?[name] = entries.count - 1
        } else if entries.count > Self.scanLimit {
            var built: [String: Int] = [:]
            built.reserveCapacity(entries.count * 2)
            for (position, existing) in entries.enumerated() where built[existing.name] == nil {
                built[existing.name] = position
            }
            index = built
        }
    }

    /// Records a `<<` whose mappings are merged in at this point, below every explicit key.
    mutating func addMerge(_ sources: [Node]) {
        merges.append((entries.count, sources))
    }

    var hasMerges: Bool { !merges.isEmpty }

    /// The finished entries: explicit ones in order, merged ones at their `<<` unless an explicit key or an
    /// earlier merged one has the same name.
    func finish() -> [MappingEntry] {
        guard !merges.isEmpty else { return entries }
        var explicitNames = Set<String>()
        for entry in entries { explicitNames.insert(entry.name) }
        var mergedNames = Set<String>()
        var result: [MappingEntry] = []
        var nextMerge = 0
        for position in 0...entries.count {
            while nextMerge < merges.count, merges[nextMerge].position == position {
                for source in merges[nextMerge].sources {
                    for entry in source.mapping ?? [] where !explicitNames.contains(entry.name) {
                        if mergedNames.insert(entry.name).inserted {
                            result.append(MappingEntry(key: entry.key, value: entry.value, merged: true))
                        }
                    }
                }
                nextMerge += 1
            }
            if position < entries.count { result.append(entries[position]) }
        }
        return result
    }
}
