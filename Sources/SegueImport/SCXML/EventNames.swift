import SegueDiagnostics

/// How the document's event names and descriptors become Segue's: part by part between the dots, each part by one
/// `NameAllocator` for the whole document, so SCXML's prefix matching still holds (`go-left.fast` is
/// `go_left.fast`, under a `go-left` transition's `go_left`) and two names never meet (`go-left` and `go_left` in
/// one chart are `go_left_2` and `go_left`, with an I008 warning). `done.state.<id>` names the state's Segue name
/// (`done.state.a.b` is `done.state.a_b` when `a.b` is a state), `done.invoke.<id>` the invocation's.
struct EventNames {
    private var parts: NameAllocator
    private let stateNames: [String: String]
    private let invokeIDs: Set<String>
    private(set) var diagnostics: [Diagnostic] = []

    /// `written`: every event name or descriptor the document writes (transitions' `event`, `<raise>` and `<send>`
    /// events), with where, in document order.
    init(written: [(text: String, range: SourceRange)], stateNames: [String: String], invokeIDs: Set<String>) {
        self.stateNames = stateNames
        self.invokeIDs = invokeIDs
        let split = written.map {
            (parts: Self.ownParts(of: $0.text, states: stateNames, invokes: invokeIDs), $0.range)
        }
        parts = NameAllocator(reserving: split.flatMap(\.parts))
        var warned: Set<String> = []
        for (names, range) in split {
            for part in names {
                let (name, displaced) = parts.name(for: part)
                guard let displaced, warned.insert(part).inserted else { continue }
                diagnostics.append(
                    .warning(
                        .badIdentifier,
                        "the event names `\(displaced)` and `\(part)` would both become `\(displaced)` in the flow; "
                            + "`\(part)` is `\(name)` there", at: range))
            }
        }
    }

    /// An event's name in the flow.
    func event(_ text: String) -> String {
        for (prefix, known) in [("done.state.", stateNames), ("done.invoke.", invokeNames)] where text.hasPrefix(prefix)
        {
            if let name = known[String(text.dropFirst(prefix.count))] { return prefix + name }
        }
        return text.split(separator: ".", omittingEmptySubsequences: true)
            .map { parts.existing(String($0)) ?? SCXMLNames.identifier(String($0)) }.joined(separator: ".")
    }

    /// A transition's event descriptor as a handler key (`SCXMLNames.descriptor`), its name as `event` names it.
    func descriptor(_ text: String) -> String { SCXMLNames.descriptor(text, naming: event) }

    private var invokeNames: [String: String] {
        Dictionary(uniqueKeysWithValues: invokeIDs.map { ($0, SCXMLNames.identifier($0)) })
    }

    /// The parts of a name the allocator renames: none of a state's or invocation's id after `done.state.` or
    /// `done.invoke.`; never `*`.
    private static func ownParts(of text: String, states: [String: String], invokes: Set<String>) -> [String] {
        let trimmed = SCXMLNames.trimmed(text)
        let rest = { (prefix: String) in String(trimmed.dropFirst(prefix.count)) }
        if trimmed.hasPrefix("done.state."), states[rest("done.state.")] != nil { return ["done", "state"] }
        if trimmed.hasPrefix("done.invoke."), invokes.contains(rest("done.invoke.")) { return ["done", "invoke"] }
        return trimmed.split(separator: ".", omittingEmptySubsequences: true).map(String.init).filter { $0 != "*" }
    }
}
