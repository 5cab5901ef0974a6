import SegueDiagnostics

/// Builds the node tree from libyaml events with an explicit stack (no recursion per nesting level),
/// resolving anchors, aliases and merge keys and enforcing the limits.
///
/// A struct whose frames are structs changed in place (`stack[top].items.append`): no copies, and no dynamic
/// exclusivity checks as class properties would need on every event.
struct TreeBuilder {
    let limits: YAMLLimits
    private var locator: SourceLocator
    /// Problems found so far, in the order found.
    var diagnostics: [Diagnostic] = []
    /// The document's root, set once its last event has arrived.
    private(set) var root: Node?
    /// The collections still open, innermost last.
    var stack: [CollectionFrame] = []
    private var anchors: [String: AnchorState] = [:]
    /// Nodes in the document so far with every alias counted as a copy of its anchor.
    var expansion = 0
    private var documents = 0
    /// Where an explicit `...` ended the document, if one did.
    private var explicitEnd: SourceRange?
    /// The file's path for every node without a tag or anchor (nodes with one get their own origin).
    private let plainOrigin: NodeOrigin

    private enum AnchorState {
        /// The anchored collection is still open: an alias to it would be a cycle.
        case open
        case defined(Node, expandedSize: Int)
    }

    init(file: SourceFile, isASCII: Bool, limits: YAMLLimits) {
        self.limits = limits
        locator = SourceLocator(file: file, isASCII: isASCII)
        plainOrigin = NodeOrigin(path: file.path)
    }

    /// A node at `range` with the given tag and anchor, sharing the file's origin when it has neither.
    private func node(_ content: Node.Content, range: SourceRange, tag: String?, anchor: String?) -> Node {
        let origin =
            tag == nil && anchor == nil ? plainOrigin : NodeOrigin(path: plainOrigin.path, tag: tag, anchor: anchor)
        return Node(content, start: range.start, end: range.end, origin: origin)
    }

    /// Reads events until the stream ends or a problem stops the load.
    mutating func run(_ reader: YAMLEventReader) {
        while let event = reader.next() {
            guard handle(event) else { return }
        }
        guard let error = reader.error else { return }
        if let explicitEnd, error.problem == "did not find expected <document start>" {
            // After `...`, libyaml wants `---`; what follows is really a second document.
            let start = locator.location(ofCharacter: error.problemIndex)
            diagnostics.append(
                .error(
                    .secondDocument, "a flow file holds one YAML document, but more follows its `...` end marker",
                    at: SourceRange(path: locator.file.path, at: start),
                    notes: [DiagnosticNote("the document ends here", at: explicitEnd)]))
            return
        }
        diagnostics.append(SyntaxErrorTranslator(file: locator.file).diagnostic(for: error, locator: &locator))
    }

    /// Handles one event; false when loading must stop.
    private mutating func handle(_ event: YAMLEvent) -> Bool {
        switch event.kind {
        case .streamStart:
            return true
        case .documentEnd:
            if event.end.index > event.start.index { explicitEnd = locator.range(from: event.start, to: event.end) }
            return true
        case .streamEnd:
            return false
        case .documentStart:
            documents += 1
            guard documents == 1 else {
                let range = locator.range(from: event.start, to: event.end)
                diagnostics.append(
                    .error(
                        .secondDocument, "a flow file holds one YAML document, but a second one starts here",
                        at: range,
                        notes: [DiagnosticNote("remove this `---` separator, or move the rest into its own file")]))
                return false
            }
            return true
        case .scalar:
            return scalar(event)
        case .alias:
            return alias(event)
        case .sequenceStart, .mappingStart:
            return open(event)
        case .sequenceEnd, .mappingEnd:
            close(event)
            return true
        }
    }

    private mutating func scalar(_ event: YAMLEvent) -> Bool {
        var range = locator.range(from: event.start, to: event.end)
        guard event.textByteCount <= limits.maxScalarBytes else {
            range.end = range.start
            diagnostics.append(
                .error(
                    .scalarTooLong,
                    "this value is \(event.textByteCount) bytes long; the limit is \(limits.maxScalarBytes) bytes",
                    at: range))
            return false
        }
        if event.style == .literal || event.style == .folded {
            range.end = trimmedBlockEnd(event)
        }
        let resolution = ScalarResolver.resolve(event.text, style: event.style, tag: event.tag)
        if let problem = resolution.problem { report(problem, text: event.text, at: range) }
        let node = node(
            .scalar(Scalar(text: event.text, style: event.style, value: resolution.value)), range: range,
            tag: event.tag, anchor: event.anchor)
        guard count(1, at: range) else { return false }
        if let anchor = event.anchor { anchors[anchor] = .defined(node, expandedSize: 1) }
        attach(node, site: range)
        return true
    }

    /// A block scalar's end mark lies after its trailing blank lines; the range should end at its last character.
    private mutating func trimmedBlockEnd(_ event: YAMLEvent) -> SourceLocation {
        let bytes = locator.file.bytes
        let startOffset = locator.offset(ofCharacter: event.start.index)
        var offset = locator.offset(ofCharacter: event.end.index)
        var trimmed = 0
        while offset > startOffset + 1, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset - 1]) {
            offset -= 1
            trimmed += 1
        }
        // Whitespace bytes are one character each, so the character index moves back by the same count.
        return locator.location(ofCharacter: event.end.index - trimmed)
    }

    private mutating func alias(_ event: YAMLEvent) -> Bool {
        let range = locator.range(from: event.start, to: event.end)
        let name = event.anchor ?? ""
        switch anchors[name] {
        case .defined(let node, let size):
            guard count(size, at: range) else { return false }
            attach(node, site: range)
        case .open:
            diagnostics.append(
                .error(
                    .recursiveAlias,
                    "alias `*\(name)` refers to the node that contains it; YAML cycles are not supported",
                    at: range))
            attach(placeholder(at: range), site: range)
        case nil:
            let defined = anchors.keys.sorted()
            let suggestion = Suggestion.closest(to: name, in: defined)
            diagnostics.append(
                Diagnostic(
                    .error, code: YAMLCode.undefinedAlias.rawValue,
                    "undefined alias `*\(name)`: no anchor `&\(name)` is defined before it"
                        + (suggestion.map { "; did you mean `*\($0)`?" } ?? ""),
                    at: range, fixIts: suggestion.map { [FixIt(range: range, replacement: "*" + $0)] } ?? []))
            attach(placeholder(at: range), site: range)
        }
        return true
    }

    private func placeholder(at range: SourceRange) -> Node {
        node(.scalar(Scalar(text: "", style: .plain, value: .null)), range: range, tag: nil, anchor: nil)
    }

    private mutating func open(_ event: YAMLEvent) -> Bool {
        let range = locator.range(from: event.start, to: event.end)
        let start = range.start
        guard stack.count < limits.maxDepth else {
            diagnostics.append(
                .error(
                    .tooDeep, "sequences and mappings nest more than \(limits.maxDepth) levels deep here",
                    at: range))
            return false
        }
        let top = stack.count - 1
        if top >= 0, stack[top].isMapping, case .key = stack[top].mapping.expecting {
            let kind = event.kind == .mappingStart ? "mapping" : "sequence"
            diagnostics.append(
                .error(
                    .complexKey, "a mapping key must be a plain value, not a \(kind)", at: range,
                    notes: [DiagnosticNote("quote the key if it is text, e.g. \"[a, b]\": value")]))
            stack[top].mapping.expecting = .rejectedKey
        }
        guard count(1, at: range) else { return false }
        if let anchor = event.anchor { anchors[anchor] = .open }
        stack.append(
            CollectionFrame(
                isMapping: event.kind == .mappingStart, start: start, isFlow: event.isFlow, tag: event.tag,
                anchor: event.anchor, expansionAtStart: expansion - 1))
        return true
    }

    private mutating func close(_ event: YAMLEvent) {
        guard let frame = stack.popLast() else { return }
        let end =
            frame.isFlow
            ? locator.location(of: event.end)
            : frame.lastChildEnd ?? locator.location(of: event.start)
        let range = SourceRange(path: locator.file.path, start: frame.start, end: max(end, frame.start))
        checkTag(frame.tag, isMapping: frame.isMapping, at: range)
        let content: Node.Content = frame.isMapping ? .mapping(frame.mapping.finish()) : .sequence(frame.items)
        let node = node(content, range: range, tag: frame.tag, anchor: frame.anchor)
        if let anchor = frame.anchor {
            anchors[anchor] = .defined(node, expandedSize: expansion - frame.expansionAtStart)
        }
        attach(node, site: range)
    }

    /// Places a finished node (or an alias's target) in the collection on top of the stack, or makes it the root.
    private mutating func attach(_ node: Node, site: SourceRange) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].lastChildEnd = site.end
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        switch stack[top].mapping.expecting {
        case .key:
            if case .scalar = node.content {
                stack[top].mapping.expecting = .value(key: node)
            } else {
                diagnostics.append(
                    .error(.complexKey, "a mapping key must be a plain value, not \(node.kindDescription)", at: site))
                stack[top].mapping.expecting = .valueOfRejectedKey
            }
        case .value(let key):
            stack[top].mapping.expecting = .key
            addEntry(key: key, value: node, valueSite: site, toFrame: top)
        case .rejectedKey:
            stack[top].mapping.expecting = .valueOfRejectedKey
        case .valueOfRejectedKey:
            stack[top].mapping.expecting = .key
        }
    }
}
