/// Bounds on what one YAML file may cost to load, so a hostile or broken file fails cleanly instead of
/// exhausting memory, time or the stack.
///
///     let loader = YAMLLoader(limits: YAMLLimits(maxDepth: 64))
public struct YAMLLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes; checked before parsing starts.
    public var maxFileBytes: Int
    /// How deeply sequences and mappings may nest; the root collection is depth 1.
    public var maxDepth: Int
    /// How many nodes the document may hold once every alias is counted as a full copy of its anchor
    /// (the guard against "billion laughs" alias bombs; loading itself shares aliased nodes).
    public var maxAliasExpansion: Int
    /// The longest scalar accepted, in UTF-8 bytes after unescaping.
    public var maxScalarBytes: Int

    public init(
        maxFileBytes: Int = 8 * 1024 * 1024, maxDepth: Int = 256, maxAliasExpansion: Int = 1_000_000,
        maxScalarBytes: Int = 1024 * 1024
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxScalarBytes = maxScalarBytes
    }

    /// 8 MiB files, 256 levels, 1,000,000 expanded nodes, 1 MiB scalars.
    public static let `default` = YAMLLimits()
}
