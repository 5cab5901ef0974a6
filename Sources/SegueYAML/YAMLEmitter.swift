import CYAML

/// Writes one YAML document in block style through libyaml's emitter: lines are never folded, non-ASCII text is
/// written as it is, empty collections are `[]` and `{}`, and a string stays plain only when it is a name the core
/// schema reads back as the same string (`s1`, `done.state.s1`, `on`); any other string is double-quoted.
///
///     var emitter = YAMLEmitter()
///     emitter.mapping {
///         $0.string("flow"); $0.string("microwave")
///         $0.string("default"); $0.string("5")
///     }
///     try emitter.finish()  // "flow: microwave\ndefault: \"5\"\n"
///
/// Sequences inside a mapping are written the way libyaml writes them, level with their key (`on_exit:\n- goto: a`).
public struct YAMLEmitter: ~Copyable {
    private let emitter: UnsafeMutablePointer<yaml_emitter_t>
    private let output: Output
    /// libyaml's problem, once an event was refused.
    private var problem: String?

    /// Collects the bytes libyaml writes.
    private final class Output {
        var bytes: [UInt8] = []
    }

    public init() {
        emitter = .allocate(capacity: 1)
        output = Output()
        yaml_emitter_initialize(emitter)
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_width(emitter, -1)
        yaml_emitter_set_indent(emitter, 2)
        yaml_emitter_set_output(
            emitter,
            { data, buffer, size in
                guard let data, let buffer else { return 0 }
                let output = Unmanaged<Output>.fromOpaque(data).takeUnretainedValue()
                output.bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                return 1
            }, Unmanaged.passUnretained(output).toOpaque())
        emit { yaml_stream_start_event_initialize($0, YAML_UTF8_ENCODING) }
        emit { yaml_document_start_event_initialize($0, nil, nil, nil, 1) }
    }

    deinit {
        yaml_emitter_delete(emitter)
        emitter.deallocate()
    }

    /// Whether `text` is written plain: a name (a letter or `_`, then letters, digits, `_` and `.`) that YAML
    /// 1.2's core schema reads as that same string, so `true`, `null` and `12` are quoted and `on` is not.
    public static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        let nameLike = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".")
        }
        return nameLike && ScalarResolver.core(text) == nil
    }

    /// A string: plain when `isPlain` says so, else double-quoted.
    public mutating func string(_ text: String) {
        scalar(text, style: Self.isPlain(text) ? YAML_PLAIN_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE)
    }

    /// Text written plain as it is, for a value the reader is meant to resolve (a number, `true`, a duration).
    public mutating func verbatim(_ text: String) {
        scalar(text, style: YAML_PLAIN_SCALAR_STYLE)
    }

    /// A block mapping whose keys and values `body` writes in turn (libyaml writes `{}` when it writes none).
    public mutating func mapping(_ body: (inout YAMLEmitter) -> Void) {
        emit { yaml_mapping_start_event_initialize($0, nil, nil, 1, YAML_BLOCK_MAPPING_STYLE) }
        body(&self)
        emit { yaml_mapping_end_event_initialize($0) }
    }

    /// A block sequence whose items `body` writes (libyaml writes `[]` when it writes none).
    public mutating func sequence(_ body: (inout YAMLEmitter) -> Void) {
        emit { yaml_sequence_start_event_initialize($0, nil, nil, 1, YAML_BLOCK_SEQUENCE_STYLE) }
        body(&self)
        emit { yaml_sequence_end_event_initialize($0) }
    }

    /// Ends the document and gives back its text.
    public consuming func finish() throws(YAMLEmitterError) -> String {
        emit { yaml_document_end_event_initialize($0, 1) }
        emit { yaml_stream_end_event_initialize($0) }
        if problem == nil, yaml_emitter_flush(emitter) != 1 { problem = "the output could not be written" }
        if let problem { throw YAMLEmitterError(problem: problem) }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private mutating func scalar(_ text: String, style: yaml_scalar_style_t) {
        // A C string's pointer is never nil, even for ""; the length counts any NUL inside the text.
        let length = Int32(clamping: text.utf8.count)
        text.withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length) + 1) { bytes in
                emit { yaml_scalar_event_initialize($0, nil, nil, bytes, length, 1, 1, style) }
            }
        }
    }

    /// Builds one event and hands it to libyaml, which takes it over; the first refusal is kept in `problem`.
    private mutating func emit(_ initialize: (UnsafeMutablePointer<yaml_event_t>) -> Int32) {
        guard problem == nil else { return }
        var event = yaml_event_t()
        guard initialize(&event) == 1 else {
            problem = "an event could not be built"
            return
        }
        if yaml_emitter_emit(emitter, &event) != 1 {
            problem = emitter.pointee.problem.map { String(cString: $0) } ?? "libyaml's emitter failed"
        }
    }
}

/// libyaml's emitter refused the document (it runs out of memory, or an event came out of order).
public struct YAMLEmitterError: Error, Sendable, Equatable {
    public var problem: String
}
