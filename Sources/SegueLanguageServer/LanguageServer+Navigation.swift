import SegueCheck
import SegueDiagnostics
import SegueJSON

extension LanguageServer {
    /// The name under the cursor and every occurrence of what it names, in the document and its imports, from the
    /// checker's symbol table.
    private func symbol(_ params: JSON) throws -> (OpenDocument, SymbolOccurrence, [SymbolOccurrence])? {
        let document = try document(params)
        let offset = document.positions.offset(params["position"])
        let table = document.symbols
        let found = table.occurrences(at: offset, in: document.path)
        guard let first = found.first else { return nil }
        var seen: Set<String> = []
        let all = table.occurrences(of: Set(found.map(\.id))).filter {
            seen.insert("\($0.range.path):\($0.range.start.offset)").inserted
        }
        return (document, first, all)
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
        return ["range": document.positions.range(range), "placeholder": .string(found.id.name)]
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
        let name = occurrence.id.name
        let text = String(decoding: file.bytes[start..<end], as: UTF8.self)
        if text == name { return occurrence.range }
        guard let inner = text.range(of: name) else { return nil }
        let innerStart = start + text[..<inner.lowerBound].utf8.count
        return SourceRange(
            path: occurrence.range.path, start: file.location(ofOffset: innerStart),
            end: file.location(ofOffset: innerStart + name.utf8.count))
    }
}
