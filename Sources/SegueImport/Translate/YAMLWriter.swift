import SegueYAML

/// Writes a `YAMLTree` through `YAMLEmitter`: block style, a string plain only when it is a name YAML 1.2's core
/// schema reads back as the same string (`s1`, `done.state.s1`), otherwise double-quoted.
enum YAMLWriter {
    static func write(_ tree: YAMLTree) throws(YAMLEmitterError) -> String {
        var emitter = YAMLEmitter()
        write(tree, into: &emitter)
        return try emitter.finish()
    }

    private static func write(_ tree: YAMLTree, into emitter: inout YAMLEmitter) {
        switch tree {
        case .scalar(let text): emitter.string(text)
        case .plain(let text): emitter.verbatim(text)
        case .sequence(let items):
            emitter.sequence { emitter in
                for item in items { write(item, into: &emitter) }
            }
        case .mapping(let entries):
            emitter.mapping { emitter in
                for entry in entries {
                    emitter.string(entry.key)
                    write(entry.value, into: &emitter)
                }
            }
        }
    }
}
