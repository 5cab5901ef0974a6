import SegueDiagnostics
import SegueExpression
import SegueModel

/// Where expressions are written more than once (C508): what `let:` could name once at the level that holds them.
struct RepeatedExpressions {
    /// The level whose `let:` could hold an expression, and the expression's text with its spaces collapsed.
    struct Key: Hashable {
        var owner: Scope.Owner
        var text: String
    }

    /// One place an expression is written.
    struct Place {
        var range: SourceRange
        /// The screen or component it is written in (the flow for the flow's own).
        var owner: Scope.Owner
        /// The named value whose value it is, when it is one.
        var naming: String?

        /// Whether the named value this place declares is visible at `other`.
        func names(_ other: Place) -> Bool {
            naming != nil && other.naming == nil && (owner == .flow || owner == other.owner)
        }
    }

    private(set) var places: [Key: [Place]] = [:]
    private var seen: Set<SourceRange> = []

    mutating func note(_ key: Key, _ place: Place) {
        guard seen.insert(place.range).inserted else { return }
        places[key, default: []].append(place)
    }

    /// A literal, a name, or a path of them (`entry.name`, `scripts[0]`, `['a', 'b']`, `{name: n}`): shorter than any
    /// name for it. A record of two fields or more (`{name: form.name, surname: form.surname}`) is a value worth a name.
    static func isTrivial(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .literal, .name, .resolved: true
        case .member(let base, _, _), .computedField(let base, _, _, _): isTrivial(base)
        case .index(let base, let index): isTrivial(base) && isTrivial(index)
        case .list(let items): items.allSatisfy(isTrivial)
        case .record(let fields): fields.count <= 1 && fields.allSatisfy { isTrivial($0.value) }
        case .call, .lambda, .labeled, .unary, .binary, .conditional: false
        }
    }

    /// Text with at most one trivial `${…}` in it.
    static func isTrivial(_ template: Template) -> Bool {
        template.expressions.count <= 1 && template.expressions.allSatisfy(isTrivial)
    }

    /// What a template is compared as: the expression inside when it is one `${…}` alone (`"${a + b}"` is `a + b`).
    static func compared(_ template: Template, _ text: String) -> String {
        guard template.segments.count == 1, case .expression(_, let range) = template.segments[0] else { return text }
        let bytes = Array(text.utf8)
        guard range.start + 2 <= range.end - 1, range.end <= bytes.count else { return text }
        return String(decoding: bytes[(range.start + 2)..<(range.end - 1)], as: UTF8.self)
    }

    /// The text as compared: runs of spaces are one space (`a+b` and `a + b` stay different).
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension CheckRun {
    /// Notes a non-trivial expression under the level whose `let:` could name it: the flow's when it reads only
    /// what every expression sees, else its screen's or component's. One that reads a name bound inside (`event`,
    /// `item`, `result`, a component's parameter at a use, …) is not noted: no `let:` sees those.
    ///
    /// `compared` is the text as written, or the expression inside a template that is one `${…}` alone.
    mutating func noteWritten(_ text: ExpressionText, as compared: String, reading names: Set<String>, in scope: Scope)
    {
        guard names.allSatisfy({ name in !scope.inner.contains { $0.name == name } }) else { return }
        let flowLevel = names.allSatisfy { name in
            baseBindings[name].map { scope.bindings[name] == $0 } ?? false
        }
        let key = RepeatedExpressions.Key(owner: flowLevel ? .flow : scope.owner, text: compared)
        let whole = text.sourceRange(ofTextOffset: 0, length: text.text.utf8.count, in: file(text.range))
        repeated.note(key, RepeatedExpressions.Place(range: whole, owner: scope.owner, naming: namingValue))
    }

    /// C508: each expression written twice or more where one `let:` could name it: where a named value visible
    /// there already computes it ("read `x` instead"), else once at its first place, the others as notes.
    mutating func reportRepeatedExpressions() {
        var found: [Diagnostic] = []
        for (key, places) in repeated.places where places.count > 1 {
            let shown = key.text.count > 60 ? String(key.text.prefix(57)) + "…" : key.text
            let ordered = places.sorted { Self.precedes($0.range, $1.range) }
            var covered: Set<SourceRange> = []
            for named in ordered where named.naming != nil {
                let readers = ordered.filter { named.names($0) && !covered.contains($0.range) }
                guard let first = readers.first, let name = named.naming else { continue }
                covered.insert(named.range)
                covered.formUnion(readers.map(\.range))
                found.append(
                    .warning(
                        CheckCode.repeatedExpression,
                        "`\(shown)` is what the named value `\(name)` computes; read `\(name)` instead",
                        at: first.range,
                        notes: [DiagnosticNote("named here", at: named.range)]
                            + readers.dropFirst().map { DiagnosticNote("also written here", at: $0.range) }))
            }
            let rest = ordered.filter { !covered.contains($0.range) }
            guard rest.count > 1 else { continue }
            let level =
                switch key.owner {
                case .flow: "the flow"
                case .screen(let name): "screen `\(name)`"
                case .component(let name): "component `\(name)`"
                }
            let home = key.owner == .flow ? "the flow's `let:`" : "the `let:` of \(level)"
            found.append(
                .warning(
                    CheckCode.repeatedExpression,
                    "`\(shown)` is written \(rest.count) times in \(level); name it once in \(home)",
                    at: rest[0].range, notes: rest.dropFirst().map { DiagnosticNote("also written here", at: $0.range) }
                ))
        }
        diagnostics += found.sorted { Self.precedes($0.range, $1.range) }
    }

    private static func precedes(_ first: SourceRange, _ second: SourceRange) -> Bool {
        (first.path, first.start.offset) < (second.path, second.start.offset)
    }
}
