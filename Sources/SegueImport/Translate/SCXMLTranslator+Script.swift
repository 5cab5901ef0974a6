import SegueDiagnostics

/// `<script>` whose statements are assignments (`ECMAStatements`): in executable content each becomes a `set:`, as
/// the `<assign>` it stands for would (an error stops the script and the rest of its block, as ECMAScript's exception
/// does); a top-level one, run once as the document loads, declares flow data with those values. Any other
/// statement is refused (I005) at its position, in the document or in the `src` file.
extension SCXMLTranslator {
    /// The most a `<script src>` file may hold.
    static let scriptSourceLimit = 1 << 20

    /// A `<script>` in executable content as `set:` actions.
    mutating func script(_ element: XMLElement) -> [YAMLTree] {
        guard let (statements, place) = scriptStatements(element) else { return [] }
        var out: [YAMLTree] = []
        for statement in statements {
            if abandonsBlock { break }
            switch statement {
            case .declaration(let name, let offset):
                // `var x;` leaves a variable that exists as it is; one no `<data>` or inline `var` declares
                // (a `src` file's own) would be ECMAScript's global, which the flow does not have.
                if !outline.dataIDs.contains(name) { undeclared(name, at: place(offset)) }
            case .assignment(let location, let value, _, let locationOffset, let valueOffset):
                let root = String(location.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
                guard outline.dataIDs.contains(root) else {
                    undeclared(root, at: place(locationOffset))
                    return []
                }
                out += assignment(
                    XMLAttribute(
                        name: "location", value: location, range: place(locationOffset),
                        valueRange: place(locationOffset)),
                    XMLAttribute(name: "expr", value: value, range: place(valueOffset), valueRange: place(valueOffset)),
                    construct: "`<script>`'s value", at: element)
            }
        }
        return out
    }

    /// A top-level `<script>`: each `var x = value` (or `x = value`) declares flow data `x` with that value, which
    /// must read no data (it is the variable's default). A name a `<data>` declares is refused: its value is the
    /// data's, bound first.
    mutating func topLevelScript(_ element: XMLElement) {
        guard let (statements, place) = scriptStatements(element) else { return }
        for statement in statements {
            switch statement {
            case .declaration(let name, _):
                declare(name, .map([("type", .scalar("any"))]))
            case .assignment(let name, let value, _, let locationOffset, let valueOffset):
                guard outline.scriptNames.contains(name) || !outline.dataIDs.contains(name),
                    SCXMLNames.identifier(name) == name
                else {
                    unsupported(
                        place(locationOffset),
                        "a top-level `<script>` declares data with `var \(name) = …`; it does not assign a location a `<data>` declares"
                    )
                    continue
                }
                let range = place(valueOffset)
                if let read = readName(in: value) {
                    unsupported(
                        range,
                        "a top-level `<script>`'s value is a variable's default, which reads no data (this one reads `\(read)`)"
                    )
                    continue
                }
                guard let translated = expression(value, at: range, construct: "`<script>`'s value") else { continue }
                declare(name, .map([("type", .scalar("any")), ("default", .scalar(translated))]))
            }
        }
    }

    /// The script's statements and where an offset into its text is in a file; nil after a diagnostic.
    private mutating func scriptStatements(_ element: XMLElement)
        -> (statements: [ECMAStatement], place: (Int) -> SourceRange)?
    {
        let text: String
        let place: (Int) -> SourceRange
        if let source = element.attribute("src") {
            guard let (read, path) = fileBeside(source, key: "<script src>", limit: Self.scriptSourceLimit) else {
                return nil
            }
            let script = SourceFile(path: path, text: read)
            text = read
            place = { offset in
                let location = script.location(ofOffset: offset)
                return SourceRange(path: path, start: location, end: location)
            }
        } else {
            text = element.text
            place = textPlace(of: element)
        }
        switch ECMAStatements.parse(text) {
        case .success(let statements): return (statements, place)
        case .failure(let refusal):
            diagnostics.append(.error(.unsupported, refusal.message, at: place(refusal.offset)))
            return nil
        }
    }

    /// Where an offset into an element's text is in the document: after its start tag when the text is written
    /// there byte for byte (no entity, no CDATA markup), else the start tag itself.
    private func textPlace(of element: XMLElement) -> (Int) -> SourceRange {
        let start = element.range.end.offset
        let bytes = Array(element.text.utf8)
        let file = self.file
        guard start >= 0, start + bytes.count <= file.bytes.count,
            file.bytes[start..<(start + bytes.count)].elementsEqual(bytes)
        else { return { _ in element.range } }
        return { offset in
            let location = file.location(ofOffset: start + offset)
            return SourceRange(path: file.path, start: location, end: location)
        }
    }

    private mutating func undeclared(_ name: String, at range: SourceRange) {
        unsupported(
            range,
            "the `<script>` assigns `\(name)`, which no `<data>` (nor a `var` in an inline `<script>`) declares; ECMAScript would make it a global, which the flow does not have"
        )
    }

    /// The first name a value reads (not a member, a call's name, `Math`, `JSON`), or nil.
    private func readName(in text: String) -> String? {
        guard case .success(let tokens) = ECMAToken.scan(text) else { return nil }
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let previous = index > 0 ? tokens[index - 1].text : nil
            let next = index + 1 < tokens.count ? tokens[index + 1].text : nil
            if previous == "." || next == ":" && (previous == "{" || previous == ",") { continue }
            if ECMAExpression.knownValues.contains(token.text) { continue }
            return token.text
        }
        return nil
    }

    mutating func unsupported(_ range: SourceRange, _ why: String) {
        diagnostics.append(.error(.unsupported, why, at: range))
    }
}
