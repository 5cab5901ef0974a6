import SegueDiagnostics
import SegueExpression
import SegueYAML

/// Decodes a YAML node tree into a `Flow`, reporting every problem as a diagnostic instead of stopping at the first.
///
///     var decoder = FlowDecoder(file: file)
///     let flow = decoder.decodeFlow(root)   // nil only when the root is not a mapping
///     decoder.diagnostics                    // unknown keys, wrong types, missing keys, bad values
public struct FlowDecoder {
    public let file: SourceFile
    public private(set) var diagnostics: [Diagnostic] = []
    /// The number the next expression text gets (`ExpressionID`): dense from `firstExpressionID`, restarting at 0
    /// inside an invoked chart (a flow of its own) and going on after it.
    public private(set) var nextExpressionID: Int32

    /// `firstExpressionID` is where an imported file goes on from the numbering of the files read before it.
    public init(file: SourceFile, firstExpressionID: Int32 = 0) {
        self.file = file
        self.nextExpressionID = firstExpressionID
    }

    /// An expression text with the next number: every text of a decoded flow is made here.
    mutating func text(_ text: String, kind: ExpressionText.Kind, node: Node?, range: SourceRange) -> ExpressionText {
        defer { nextExpressionID += 1 }
        return ExpressionText(text, kind: kind, id: ExpressionID(nextExpressionID), node: node, range: range)
    }

    /// Decodes a flow value whose texts are numbered from 0 (an invoked chart), then goes on with this numbering.
    mutating func numberedApart<Decoded>(_ decode: (inout FlowDecoder) -> Decoded) -> Decoded {
        let outer = nextExpressionID
        nextExpressionID = 0
        defer { nextExpressionID = outer }
        return decode(&self)
    }

    // MARK: diagnostics

    mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errorCount += 1 }
        diagnostics.append(diagnostic)
    }

    /// How many errors were reported so far: a part decoded with none kept every text it numbered.
    private(set) var errorCount = 0

    mutating func error(_ code: String, _ message: String, at range: SourceRange, fix: String? = nil) {
        let fixIts = fix.map { [FixIt(range: range, replacement: $0)] } ?? []
        report(.error(code, message, at: range, fixIts: fixIts))
    }

    /// `expected a mapping, found a sequence`.
    mutating func typeMismatch(_ node: Node, expected: String, context: @autoclosure () -> String) {
        error(
            DiagnosticCode.wrongNodeKind, "\(context()) must be \(expected), found \(node.kindDescription)",
            at: node.range)
    }

    // MARK: scalars

    /// The scalar's text when the node is a string-like scalar (numbers and booleans are accepted as their text).
    mutating func string(_ node: Node, context: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar, scalar.value != .null else {
            typeMismatch(node, expected: "a string", context: context())
            return nil
        }
        return scalar.text
    }

    mutating func name(_ node: Node, context: @autoclosure () -> String) -> Name? {
        guard let text = string(node, context: context()) else { return nil }
        return Name(text, at: node.range)
    }

    mutating func bool(_ node: Node, context: @autoclosure () -> String) -> Bool? {
        if case .scalar(let scalar) = node.content, case .bool(let value) = scalar.value { return value }
        typeMismatch(node, expected: "`true` or `false`", context: context())
        return nil
    }

    mutating func int(_ node: Node, context: @autoclosure () -> String, minimum: Int? = nil) -> Int? {
        guard case .scalar(let scalar) = node.content, case .int(let value) = scalar.value else {
            typeMismatch(node, expected: "a whole number", context: context())
            return nil
        }
        if let minimum, value < minimum {
            error(
                DiagnosticCode.invalidValue, "\(context()) must be at least \(minimum), found \(value)", at: node.range)
            return nil
        }
        return value
    }

    mutating func number(_ node: Node, context: @autoclosure () -> String) -> Double? {
        if case .scalar(let scalar) = node.content {
            switch scalar.value {
            case .int(let value): return Double(value)
            case .float(let value): return value
            default: break
            }
        }
        typeMismatch(node, expected: "a number", context: context())
        return nil
    }

    /// A value of a closed set of keywords, with did-you-mean.
    mutating func keyword<K: RawRepresentable & CaseIterable>(
        _ node: Node, as type: K.Type, context: @autoclosure () -> String
    ) -> K?
    where K.RawValue == String {
        word(node, among: K.allCases.map(\.rawValue), context: context()).flatMap { K(rawValue: $0.text) }
    }

    /// A word of a closed set the vocabulary lists (`anchor: top`), with did-you-mean.
    mutating func word(_ node: Node, among allowed: [String], context: @autoclosure () -> String) -> Name? {
        guard let text = string(node, context: context()) else { return nil }
        if allowed.contains(text) { return Name(text, at: node.range) }
        let suggestion = Suggestion.closest(to: text, in: allowed)
        error(
            DiagnosticCode.invalidValue,
            "\(context()) must be one of \(allowed.map { "`\($0)`" }.joined(separator: ", ")), found `\(text)`"
                + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
            at: node.range, fix: suggestion)
        return nil
    }

    /// An expression: strings are parsed later as expressions; numbers, booleans and null are their literal text.
    mutating func expression(_ node: Node, context: @autoclosure () -> String) -> ExpressionText? {
        guard let scalar = node.scalar else {
            typeMismatch(node, expected: "an expression (a string, number or boolean)", context: context())
            return nil
        }
        var text = scalar.text
        if scalar.value == .null { text = "null" }
        return self.text(text, kind: .expression, node: node, range: node.range)
    }

    /// Text that may interpolate `${…}`: `Hello, ${user.name}`.
    mutating func template(_ node: Node, context: @autoclosure () -> String) -> ExpressionText? {
        guard let scalar = node.scalar, scalar.value != .null else {
            typeMismatch(node, expected: "text", context: context())
            return nil
        }
        return text(scalar.text, kind: .template, node: node, range: node.range)
    }

    mutating func typeText(_ node: Node, context: @autoclosure () -> String) -> TypeText? {
        guard let text = string(node, context: context()) else { return nil }
        return TypeText(text, at: node.range)
    }

    /// A duration in `ClockDuration`'s grammar (`3s`, `500ms`, `1.5s`, `250us`, `2m`, `1h`), or an expression
    /// giving seconds.
    mutating func duration(_ node: Node, context: @autoclosure () -> String) -> Computed? {
        guard let scalar = node.scalar else {
            typeMismatch(node, expected: "a duration like `3s` or `500ms`", context: context())
            return nil
        }
        if case .string(let text) = scalar.value, let span = ClockDuration(parsing: text) {
            return self.text(span.secondsLiteral, kind: .expression, node: node, range: node.range)
        }
        return expression(node, context: context())
    }

    /// A fixed span in seconds (`timeout: 15s`, `meter_interval: 50ms`): a duration in `ClockDuration`'s grammar or
    /// a number of seconds.
    mutating func span(_ node: Node, context: @autoclosure () -> String) -> Double? {
        if let scalar = node.scalar, case .string(let text) = scalar.value, let span = ClockDuration(parsing: text) {
            return span.seconds
        }
        return number(node, context: context())
    }

    /// The items of a sequence node, or of a single node standing for a one-item sequence.
    func items(_ node: Node) -> [Node] {
        if let sequence = node.sequence { return sequence }
        return [node]
    }

    /// A mapping node's reader for the keys the vocabulary lists at `place`, or a diagnostic.
    ///
    /// `place` is nil where the kind is read first (an element's, action's, rule's or service's): the caller then
    /// names the place with `reader.enter(_:)`.
    mutating func mapping(_ node: Node, at place: KeyPlace?, context: String) -> MappingReader? {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping", context: context)
            return nil
        }
        return MappingReader(node: node, entries: entries, context: context, place: place.map(Vocabulary.spec))
    }

    /// Reports every key of `reader` that was not read, with did-you-mean from the keys the vocabulary lists for the
    /// place, and every pair of keys the vocabulary says cannot go together.
    mutating func finish(_ reader: MappingReader) {
        // Sorted only when a key is unknown: almost every mapping has none.
        var sortedKnown: [String]?
        for (index, entry) in reader.entries.enumerated() where !reader.isConsumed(index) && !entry.merged {
            if let reason = reader.place?.refusal(of: entry.name) {
                error(
                    DiagnosticCode.refusedKey, "\(reader.context) cannot have `\(entry.name)`: \(reason)",
                    at: entry.key.range)
                continue
            }
            let known = sortedKnown ?? reader.place?.keyNames.sorted() ?? []
            sortedKnown = known
            let suggestion = Suggestion.closest(to: entry.name, in: known)
            let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
            var notes: [DiagnosticNote] = []
            if suggestion == nil, !known.isEmpty {
                notes.append(DiagnosticNote("allowed here: " + known.joined(separator: ", ")))
            }
            report(
                .error(
                    DiagnosticCode.unknownKey, "unknown key `\(entry.name)` in \(reader.context)\(hint)",
                    at: entry.key.range, notes: notes,
                    fixIts: suggestion.map { [FixIt(range: entry.key.range, replacement: $0)] } ?? []))
        }
        if let place = reader.place { checkKeyRelations(reader, place) }
    }

    /// Keys that exclude one another (a slider's `tap` beside `change`) and keys that need another's value
    /// (`crop` needs `kind: photo`), as the vocabulary declares them.
    private mutating func checkKeyRelations(_ reader: MappingReader, _ place: PlaceSpec) {
        for key in place.relatedKeys {
            guard let entry = reader.entries.first(where: { $0.name == key.name }) else { continue }
            for other in key.excludes {
                guard let clash = reader.entries.first(where: { $0.name == other.key }) else { continue }
                let reason = key.exclusionReason.map { ": \($0)" } ?? ""
                if let value = other.value {
                    // Refused beside another key's value (`submit` in a `kind: multiline` field): at this key.
                    guard clash.value.scalar?.text == value else { continue }
                    error(
                        DiagnosticCode.conflictingKeys,
                        "`\(key.name)` cannot go with \(other) in \(place.title)\(reason)", at: entry.key.range)
                    continue
                }
                if place.place == .element(key.name) {
                    // The kind's own key excludes one of the common keys (a field's `tap`): the kind takes none.
                    error(
                        DiagnosticCode.conflictingKeys, "\(place.title) takes no `\(other.key)`\(reason)",
                        at: clash.key.range)
                    continue
                }
                let later = clash.key.range.start.offset > entry.key.range.start.offset ? clash : entry
                error(
                    DiagnosticCode.conflictingKeys,
                    "`\(key.name)` and `\(other.key)` cannot go together in \(place.title)\(reason)",
                    at: later.key.range)
            }
            let met = key.needs.contains { requirement in
                guard let partner = reader.entries.first(where: { $0.name == requirement.key }) else { return false }
                return requirement.value.map { partner.value.scalar?.text == $0 } ?? true
            }
            if !key.needs.isEmpty, !met {
                // A key that needs another's value conflicts with what is there; one that needs a key misses it.
                let code =
                    key.needs.contains { $0.value != nil && reader.has($0.key) }
                        || key.needs.allSatisfy { $0.value != nil }
                    ? DiagnosticCode.conflictingKeys : DiagnosticCode.missingKey
                error(
                    code,
                    "`\(key.name)` needs " + key.needs.map(\.description).joined(separator: " or ")
                        + " in \(reader.context)",
                    at: entry.value.range)
            }
        }
        for condition in place.requiredWhen
        where reader.entries.first(where: { $0.name == condition.key })?.value.scalar?.text == condition.value
            && !reader.has(condition.requires)
        {
            missing(condition.requires, in: reader)
        }
    }

    /// `unknown action `presnt`; did you mean `present`?`, with the kinds the vocabulary lists.
    mutating func unknownKind(
        _ word: String, what: String, plural: String, among kinds: [String], at range: SourceRange
    ) {
        let suggestion = Suggestion.closest(to: word, in: kinds)
        report(
            .error(
                DiagnosticCode.unknownKind,
                "unknown \(what) `\(word)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""), at: range,
                notes: [DiagnosticNote("\(plural): " + kinds.joined(separator: ", "))],
                fixIts: suggestion.map { [FixIt(range: range, replacement: $0)] } ?? []))
    }

    mutating func missing(_ key: String, in reader: MappingReader) {
        error(DiagnosticCode.missingKey, "\(reader.context) needs `\(key)`", at: reader.node.range)
    }
}

/// Reads a mapping's keys while remembering which were read, so the rest can be reported as unknown.
///
/// Every key read must be one the vocabulary lists at the reader's place: reading another is a programming error
/// (an assertion the tests trip), so the table and the decoder cannot drift apart.
struct MappingReader {
    let node: Node
    let entries: [MappingEntry]
    let context: String
    /// The place's keys; nil until a kind names it.
    private(set) var place: PlaceSpec?
    /// Bit `i` set: entry `i` was read (entries past the 64th are tracked in `consumedBeyond`).
    private var consumedBits: UInt64 = 0
    private var consumedBeyond: [Bool] = []

    init(node: Node, entries: [MappingEntry], context: String, place: PlaceSpec?) {
        self.node = node
        self.entries = entries
        self.context = context
        self.place = place
    }

    /// Names the place once its kind is known: `reader.enter(.element("button"))`.
    mutating func enter(_ place: KeyPlace) { self.place = Vocabulary.spec(place) }

    /// Whether the entry at `index` was read.
    func isConsumed(_ index: Int) -> Bool {
        if index < 64 { return consumedBits & (1 << UInt64(index)) != 0 }
        return index - 64 < consumedBeyond.count && consumedBeyond[index - 64]
    }

    /// The value for `key`, marking it read.
    mutating func take(_ key: String) -> Node? {
        entry(key)?.value
    }

    mutating func entry(_ key: String) -> MappingEntry? {
        assert(
            place == nil || place?.key(key) != nil,
            "the decoder reads `\(key)` at \(place?.place.identifier ?? "?"), which the vocabulary does not list there")
        guard let index = entries.firstIndex(where: { $0.name == key }) else { return nil }
        consume(key, from: index)
        return entries[index]
    }

    mutating func consume(_ key: String) {
        guard let index = entries.firstIndex(where: { $0.name == key }) else { return }
        consume(key, from: index)
    }

    func has(_ key: String) -> Bool { entries.contains { $0.name == key } }

    /// The first entry, which names an element's or action's kind.
    var first: MappingEntry? { entries.first }

    /// Marks every entry named `key` read, starting from its first at `index`.
    private mutating func consume(_ key: String, from index: Int) {
        for position in index..<entries.count where position == index || entries[position].name == key {
            if position < 64 {
                consumedBits |= 1 << UInt64(position)
            } else {
                if consumedBeyond.isEmpty { consumedBeyond = Array(repeating: false, count: entries.count - 64) }
                consumedBeyond[position - 64] = true
            }
        }
    }
}
