import CYAML

/// A libyaml position: a character index (not bytes, CR LF counted as two, after any byte order mark) and the
/// 0-based line and column in characters.
struct YAMLMark {
    var index: Int
    var line: Int
    var column: Int

    init(_ mark: yaml_mark_t) {
        index = mark.index
        line = mark.line
        column = mark.column
    }
}

/// One libyaml parse event, copied out of C memory.
struct YAMLEvent {
    enum Kind {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        case alias
        case scalar
        case sequenceStart
        case sequenceEnd
        case mappingStart
        case mappingEnd
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
    /// The anchor defined (`&a`) or, for an alias event, the anchor referred to.
    var anchor: String?
    /// The resolved tag (`tag:yaml.org,2002:str`), or nil when none was written.
    var tag: String?
    /// A scalar's text after unescaping and folding.
    var text = ""
    /// A scalar's length in UTF-8 bytes, known before the text is copied.
    var textByteCount = 0
    var style = Scalar.Style.plain
    /// True for flow collections (`[a]`, `{a: 1}`), whose end marks are exact.
    var isFlow = false
}

/// A syntax error as libyaml reports it.
struct LibYAMLError {
    var problem: String
    var context: String?
    /// Character index of the problem.
    var problemIndex: Int
    /// Character index of the construct being read when the problem was found.
    var contextIndex: Int?
    /// For reader (encoding) errors: the byte offset and the offending value.
    var isReaderError: Bool
    var byteOffset: Int
}

/// libyaml's event parser over an in-memory buffer; the buffer must outlive the reader.
final class YAMLEventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml needs a valid pointer even for empty input.
    private let emptyInput: UnsafeMutablePointer<UInt8>
    /// Scalars longer than this are not copied (the caller reports them by length).
    private let maxScalarBytes: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxScalarBytes: Int) {
        self.maxScalarBytes = maxScalarBytes
        parser = .allocate(capacity: 1)
        emptyInput = .allocate(capacity: 1)
        emptyInput.initialize(to: 0)
        yaml_parser_initialize(parser)
        // The encoding is left to libyaml so that it skips a UTF-8 byte order mark without counting it.
        yaml_parser_set_input_string(parser, bytes.baseAddress ?? UnsafePointer(emptyInput), bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        emptyInput.deallocate()
    }

    /// The error that ended the parse, once `next()` has returned nil because of one.
    private(set) var error: LibYAMLError? {
        didSet { failed = error != nil }
    }
    /// Whether `error` is set: testing this flag is cheaper than copying the optional error out on every event.
    private var failed = false

    /// The next event, or nil after the stream's end or an error (then in `error`).
    func next() -> YAMLEvent? {
        guard !failed else { return nil }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            error = currentError()
            return nil
        }
        defer { yaml_event_delete(&event) }
        var result = YAMLEvent(kind: .streamStart, start: YAMLMark(event.start_mark), end: YAMLMark(event.end_mark))
        // Switching on the raw values: matching imported C enums directly goes through generic `==`, which is
        // slow in debug builds.
        switch event.type.rawValue {
        case YAML_STREAM_START_EVENT.rawValue: result.kind = .streamStart
        case YAML_STREAM_END_EVENT.rawValue: result.kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT.rawValue: result.kind = .documentStart
        case YAML_DOCUMENT_END_EVENT.rawValue: result.kind = .documentEnd
        case YAML_ALIAS_EVENT.rawValue:
            result.kind = .alias
            result.anchor = Self.string(event.data.alias.anchor)
        case YAML_SCALAR_EVENT.rawValue:
            let scalar = event.data.scalar
            result.kind = .scalar
            result.anchor = Self.string(scalar.anchor)
            result.tag = Self.string(scalar.tag)
            result.textByteCount = scalar.length
            if scalar.length <= maxScalarBytes, let value = scalar.value {
                result.text = String(decoding: UnsafeBufferPointer(start: value, count: scalar.length), as: UTF8.self)
            }
            switch scalar.style.rawValue {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE.rawValue: result.style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE.rawValue: result.style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE.rawValue: result.style = .literal
            case YAML_FOLDED_SCALAR_STYLE.rawValue: result.style = .folded
            default: result.style = .plain
            }
        case YAML_SEQUENCE_START_EVENT.rawValue:
            result.kind = .sequenceStart
            result.anchor = Self.string(event.data.sequence_start.anchor)
            result.tag = Self.string(event.data.sequence_start.tag)
            result.isFlow = event.data.sequence_start.style.rawValue == YAML_FLOW_SEQUENCE_STYLE.rawValue
        case YAML_SEQUENCE_END_EVENT.rawValue: result.kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT.rawValue:
            result.kind = .mappingStart
            result.anchor = Self.string(event.data.mapping_start.anchor)
            result.tag = Self.string(event.data.mapping_start.tag)
            result.isFlow = event.data.mapping_start.style.rawValue == YAML_FLOW_MAPPING_STYLE.rawValue
        case YAML_MAPPING_END_EVENT.rawValue: result.kind = .mappingEnd
        default:
            error = LibYAMLError(
                problem: "unexpected parser event", context: nil, problemIndex: event.start_mark.index,
                contextIndex: nil, isReaderError: false, byteOffset: 0)
            return nil
        }
        return result
    }

    /// Counts events without copying anything out, for the raw-parse baseline; nil after a syntax error.
    func countAll() -> Int? {
        var count = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            count += 1
            let isEnd = event.type.rawValue == YAML_STREAM_END_EVENT.rawValue
            yaml_event_delete(&event)
            if isEnd { return count }
        }
    }

    private func currentError() -> LibYAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown YAML error"
        let context = state.context.map { String(cString: $0) }
        return LibYAMLError(
            problem: problem, context: context, problemIndex: state.problem_mark.index,
            contextIndex: context == nil ? nil : state.context_mark.index,
            isReaderError: state.error == YAML_READER_ERROR, byteOffset: state.problem_offset)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
