/// The flow the importer writes, as a small YAML tree whose mappings keep their keys' order.
indirect enum YAMLTree: Sendable, Hashable {
    case scalar(String)
    /// Written as it is: a number or a duration.
    case plain(String)
    case sequence([YAMLTree])
    case mapping([YAMLEntry])

    static func map(_ entries: [(String, YAMLTree)]) -> YAMLTree {
        .mapping(entries.map { YAMLEntry(key: $0.0, value: $0.1) })
    }
}

/// One `key: value` of a mapping.
struct YAMLEntry: Sendable, Hashable {
    var key: String
    var value: YAMLTree
}
