import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueJSON
import SegueModel

extension LanguageServer {
    /// A key's doc from the vocabulary, or the declaration of the name under the cursor.
    func hover(_ params: JSON) throws -> JSON {
        let document = try document(params)
        let offset = document.positions.offset(params["position"])
        if let expression = expressionHover(document, offset: offset) { return expression }
        if let found = document.symbols.occurrences(at: offset, in: document.path).first {
            var text = "\(found.id.kind.rawValue) " + MarkdownText.code(found.id.name)
            if let type = declaredType(of: found, in: document) { text += ": " + MarkdownText.code("\(type)") }
            text += declarationNote(of: found, in: document)
            return [
                "contents": ["kind": "markdown", "value": .string(text)],
                "range": document.positions.range(found.range),
            ]
        }
        guard let (word, range) = keyWord(at: offset, in: document) else { return .null }
        let location = document.file.location(ofOffset: range.lowerBound)
        let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard location.line - 1 < lines.count else { return .null }
        let before = String(
            String.UnicodeScalarView(lines[location.line - 1].unicodeScalars.prefix(location.column - 1)))
        let context = CursorContext(lines: lines, line: location.line - 1, before: before)
        var text: String?
        if let place = context.place, let key = Vocabulary.key(word, at: place) {
            text = Self.keyDoc(key)
        } else if context.slot == .item || context.container == .elements || context.container == .actions {
            let kinds = Vocabulary.elementKinds + Vocabulary.actionKinds
            text = kinds.first { $0.name == word }.map { "`\($0.name)`: \($0.doc)\n\nexample: \($0.example)" }
        }
        guard let text else { return .null }
        let wordRange = SourceRange(
            path: document.path, start: location, end: document.file.location(ofOffset: range.upperBound))
        return [
            "contents": ["kind": "markdown", "value": .string(text)], "range": document.positions.range(wordRange),
        ]
    }

    /// Where a name is declared (", declared at line 12:" and the line), or that it is not.
    func declarationNote(of found: SymbolOccurrence, in document: OpenDocument) -> String {
        let declaration = document.symbols.occurrences(of: [found.id]).first(where: \.isDeclaration)
        if let declaration, let file = document.source(declaration.range.path) {
            let line = file.lineText(declaration.range.start.line).trimmingCharacters(in: .whitespaces)
            let place =
                declaration.range.path == document.path
                ? "line \(declaration.range.start.line)"
                : "\(PathName.lastComponent(of: declaration.range.path)):\(declaration.range.start.line)"
            return ", declared at \(MarkdownText.plain(place)):\n\n" + MarkdownText.block(line, language: "yaml")
        }
        return found.id.kind == .event ? ": an event with no payload declared" : ": not declared"
    }

    /// A data variable's, parameter's or named value's type as the checker reads it (a `let:` value's inferred
    /// type included).
    private func declaredType(of found: SymbolOccurrence, in document: OpenDocument) -> ValueType? {
        guard [.data, .parameter, .namedValue].contains(found.id.kind) else { return nil }
        let index = expressionIndex(document)
        return index.sites.lazy.compactMap { $0.scope.type(of: found.id.name) }.first
    }

    /// The key (a word followed by `:`) holding `offset`, as byte offsets.
    private func keyWord(at offset: Int, in document: OpenDocument) -> (String, Range<Int>)? {
        let bytes = document.file.bytes
        func isWord(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
        }
        var start = min(offset, bytes.count)
        var end = start
        while start > 0, isWord(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWord(bytes[end]) { end += 1 }
        guard start < end, end < bytes.count, bytes[end] == UInt8(ascii: ":") else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start..<end)
    }
}
