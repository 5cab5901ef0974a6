import SegueDiagnostics

extension LanguageServer {
    /// The name under the cursor and every occurrence of the same symbol in the document and its imports.
    private func symbol(_ params: JSON) throws -> (OpenDocument, SymbolOccurrence, [SymbolOccurrence])? {
        let document = try document(params)
        let offset = document.positions.offset(params["position"])
        let symbols = document.symbols
        guard let found = symbols.own.occurrence(at: offset, in: document.path) else { return nil }
        // Names of one screen (its states, data, elements) stay in this file; components, types and events may
        // come from imports.
        let all = ([symbols.own] + symbols.imported).flatMap { $0.occurrences(of: found.key) }
        var seen: Set<String> = []
        let unique = all.filter { seen.insert("\($0.range.path):\($0.range.start.offset)").inserted }
        return (document, found, unique)
    }

    private func location(_ range: SourceRange, in document: OpenDocument) -> JSON? {
        guard let file = document.source(range.path) else { return nil }
        return [
            "uri": .string(range.path == document.path ? document.uri : DocumentURI.uri(of: range.path)),
            "range": PositionMap(file: file).range(range),
        ]
    }

    func definition(_ params: JSON) throws -> JSON {
        guard let (document, _, all) = try symbol(params) else { return .null }
        let declarations = all.filter(\.isDeclaration)
        return .array(declarations.compactMap { location($0.range, in: document) })
    }

    func references(_ params: JSON) throws -> JSON {
        guard let (document, _, all) = try symbol(params) else { return .null }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        return .array(
            all.filter { includeDeclaration || !$0.isDeclaration }.compactMap { location($0.range, in: document) })
    }

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (document, found, _) = try symbol(params), let range = nameRange(found, in: document) else {
            return .null
        }
        return ["range": document.positions.range(range), "placeholder": .string(found.name)]
    }

    /// Every occurrence renamed, in this file and in the files it imports.
    func rename(_ params: JSON) throws -> JSON {
        guard let newName = params["newName"]?.string else { throw ResponseError.invalidParams("no newName") }
        guard newName.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil else {
            throw ResponseError.invalidParams("`\(newName)` is not a name (letters, digits and _, not first a digit)")
        }
        guard let (document, _, all) = try symbol(params) else {
            throw ResponseError.invalidParams("no screen, event, data, component, state, service or type here")
        }
        var changes: [String: [JSON]] = [:]
        for occurrence in all {
            guard let range = nameRange(occurrence, in: document), let file = document.source(range.path),
                document.mayTouch(range.path)
            else { continue }
            let uri = range.path == document.path ? document.uri : DocumentURI.uri(of: range.path)
            changes[uri, default: []].append([
                "range": PositionMap(file: file).range(range), "newText": .string(newName),
            ])
        }
        return ["changes": .object(changes.mapValues { .array($0) })]
    }

    /// The range of the name's own characters: a quoted name's quotes stay.
    private func nameRange(_ occurrence: SymbolOccurrence, in document: OpenDocument) -> SourceRange? {
        guard let file = document.source(occurrence.range.path) else { return nil }
        let start = occurrence.range.start.offset
        let end = occurrence.range.end.offset
        guard start >= 0, end <= file.bytes.count, start <= end else { return nil }
        let text = String(decoding: file.bytes[start..<end], as: UTF8.self)
        if text == occurrence.name { return occurrence.range }
        guard let inner = text.range(of: occurrence.name) else { return nil }
        let innerStart = start + text[..<inner.lowerBound].utf8.count
        return SourceRange(
            path: occurrence.range.path, start: file.location(ofOffset: innerStart),
            end: file.location(ofOffset: innerStart + occurrence.name.utf8.count))
    }
}
