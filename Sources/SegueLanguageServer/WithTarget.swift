import Foundation
import SegueCheck
import SegueModel

/// What a `with:` mapping gives its arguments to: the screen, component, event or operation a key beside it names
/// (`- show: donate_one_post` / `with: { en|`, `item: { use: donation_card, with: { wi| } }`), found in the YAML
/// text around the cursor so it holds in a half-typed file; and the names that target takes.
struct WithTarget: Equatable {
    /// What the key beside `with:` names.
    var kind: SymbolKind
    /// The name written for it (`donation_card`, `store.products`).
    var name: String
    /// The argument names already written in the `with:` mapping.
    var written: [String]

    /// A `key: name` pair.
    private static var pair: Regex<(Substring, Substring, Substring)> { /([A-Za-z_]\w*):\s*([A-Za-z_][\w.]*)/ }

    /// The target of the `with:` mapping whose key the cursor is writing, or nil when the cursor is not in one.
    /// `before` is the cursor line up to the cursor; `context` is what `CursorContext` found.
    static func find(lines: [Substring], line: Int, before: String, context: CursorContext) -> WithTarget? {
        guard context.slot == .key, context.parentKey == "with" else { return nil }
        // `with: {` still open on the cursor's line: the pairs beside it are on that line, or, when `with:` starts
        // its line, on the lines of its own mapping.
        if let open = before.range(of: "with:", options: .backwards), before[open.upperBound...].contains("{") {
            let outside = String(before[..<open.lowerBound])
            let written = before[open.upperBound...].matches(of: /([A-Za-z_]\w*):/).map { String($0.1) }
            let lineText = String(lines[line])
            if let brace = outside.lastIndex(of: "{") {
                // Inline: `{ use: card, with: { … } }`: the keys of the outer braces, before and after `with`.
                let afterWith = lineText.dropFirst(before.count)
                let tail = afterWith.firstIndex(of: "}").map { afterWith[afterWith.index(after: $0)...] } ?? ""
                return target(in: pairs(String(outside[brace...]) + " " + tail), written: written)
            }
            let column = outside.count - outside.drop { $0 == " " || $0 == "-" }.count
            return target(in: block(lines: lines, around: line, column: column), written: written)
        }
        // Block: the cursor is under a `with:` line; its siblings are the lines at that line's column.
        var index = line - 1
        let cursorColumn = before.prefix { $0 == " " }.count
        while index >= 0 {
            let text = lines[index]
            let column = keyColumn(text)
            if let column, column < cursorColumn {
                guard text.dropFirst(column).hasPrefix("with:") else { return nil }
                let written = context.siblings
                return target(in: block(lines: lines, around: index, column: column), written: written)
            }
            index -= 1
        }
        return nil
    }

    /// The names `with:` may set for this target, less those already written: a screen's or component's parameters
    /// and an event's payload as the checker declared them (in this file or a file it imports), an operation's
    /// parameters from the flow's services.
    func names(in table: SymbolTable, flow: Flow?) -> [String] {
        var names: [String]
        switch kind {
        case .screen: names = table.names(.parameter, in: .screen(name))
        case .component: names = table.names(.parameter, in: .component(name))
        case .event: names = table.names(.parameter, in: .event(name))
        case .operation:
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let service = flow?.services.first(where: { $0.name.text == parts[0] }) else {
                return []
            }
            if let declared = service.operations.first(where: { $0.name.text == parts[1] }) {
                names = declared.parameters.map(\.name.text)
            } else {
                names = BuiltinOperations.signatures(for: service.kind).first { $0.name == parts[1] }?
                    .parameters.map(\.0) ?? []
            }
        default: names = []
        }
        return names.filter { !written.contains($0) }
    }

    /// The first pair whose key names a screen, component, event or operation.
    private static func target(in pairs: [(String, String)], written: [String]) -> WithTarget? {
        for (key, value) in pairs where key != "with" {
            guard let kind = LanguageServer.naming(key, at: .action(key)) ?? componentUse(key),
                [.screen, .component, .event, .operation].contains(kind)
            else { continue }
            return WithTarget(kind: kind, name: value, written: written)
        }
        return nil
    }

    /// `use:` names a component in an element or a list's `item:`, not in an action.
    private static func componentUse(_ key: String) -> SymbolKind? { key == "use" ? .component : nil }

    private static func pairs(_ text: String) -> [(String, String)] {
        text.matches(of: pair).map { (String($0.1), String($0.2)) }
    }

    /// The `key: value` pairs of the block mapping whose keys start at `column`, around line `index`: up to the
    /// list item it belongs to (a `- ` before that column) and down to where the mapping or the item ends.
    private static func block(lines: [Substring], around index: Int, column: Int) -> [(String, String)] {
        var found: [(String, String)] = []
        func startsItem(_ text: Substring) -> Bool { column >= 2 && text.dropFirst(column - 2).hasPrefix("- ") }
        func take(_ text: Substring) { found += pairs(String(text.dropFirst(column))).prefix(1) }
        for up in stride(from: index, through: 0, by: -1) {
            guard let at = keyColumn(lines[up]) else { continue }
            if at < column { break }
            guard at == column else { continue }
            take(lines[up])
            if startsItem(lines[up]) { break }
        }
        for down in (index + 1)..<max(index + 1, lines.count) {
            guard let at = keyColumn(lines[down]) else { continue }
            if at < column || at == column && startsItem(lines[down]) { break }
            if at == column { take(lines[down]) }
        }
        return found
    }

    /// Where a line's key starts (after indentation and a `- `), or nil for a blank or comment line.
    private static func keyColumn(_ text: Substring) -> Int? {
        var column = 0
        var rest = text[...]
        while let first = rest.first, first == " " || first == "-" && rest.dropFirst().first.map({ $0 == " " }) ?? true {
            column += 1
            rest = rest.dropFirst()
        }
        guard let first = rest.first, first != "#" else { return nil }
        return column
    }
}
