import Foundation
import SegueModel

/// Where the cursor stands in a flow file's YAML, worked out from indentation so it holds in a half-typed file:
/// which vocabulary place's mapping it is in, and whether it is writing a key, a list item or a key's value.
///
///     screens:
///       main:
///         elements:
///           - button: save
///             la|          → key of .element("button"), prefix "la", screen "main"
struct CursorContext {
    enum Slot: Equatable {
        /// A key of the mapping at `place` (nil when the place is not one the vocabulary lists).
        case key
        /// The first key of a new list item (`- |`): an element or action kind.
        case item
        /// The value of `key`.
        case value(key: String)
        /// Inside text that is neither a key nor a name (`title: Two wo|`).
        case text
    }

    var slot: Slot
    /// The word typed so far.
    var prefix: String
    /// The type of the mapping (for `.key`) or list (for `.item`) the cursor is in.
    var container: KeyType?
    /// The vocabulary place of the mapping holding the key being written, when it has one.
    var place: KeyPlace?
    /// The key whose value the cursor's mapping is (`on`, `set`, `with`), for mappings of names.
    var parentKey: String?
    /// The vocabulary place of the mapping holding `parentKey`, when known: what its names name is the key's there.
    var parentPlace: KeyPlace?
    /// The screen (or component) the cursor is inside, if any.
    var owner: String?
    /// Keys already written in the cursor's mapping (above the cursor).
    var siblings: [String]

    /// One line of YAML, reduced to what indentation analysis needs.
    private struct Line {
        /// Column of the `- ` list marker, when the line starts a list item.
        var dash: Int?
        /// Column where the key starts, and the key.
        var keyColumn: Int
        var key: String?
        var value: String

        init?(_ text: Substring) {
            let scalars = Array(text.unicodeScalars)
            var column = 0
            while column < scalars.count, scalars[column] == " " { column += 1 }
            guard column < scalars.count, scalars[column] != "#" else { return nil }
            if scalars[column] == "-", column + 1 == scalars.count || scalars[column + 1] == " " {
                dash = column
                column += 1
                while column < scalars.count, scalars[column] == " " { column += 1 }
            }
            keyColumn = column
            let rest = String(String.UnicodeScalarView(scalars[column...]))
            if let match = rest.firstMatch(of: /^([A-Za-z_][\w.]*|"[^"]*"):(\s+(.*))?$/) {
                key = String(match.1).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                value = match.3.map(String.init) ?? ""
            } else {
                key = nil
                value = rest
            }
        }
    }

    /// The context at a 0-based line and the text of that line before the cursor.
    init(lines: [Substring], line: Int, before: String) {
        siblings = []
        if let match = before.firstMatch(of: /(?:^|[\s{,\-])([A-Za-z_]\w*):\s+([\w.]*)$/) {
            slot = .value(key: String(match.1))
            prefix = String(match.2)
            let keyStart = before.distance(from: before.startIndex, to: match.1.startIndex)
            (container, place, parentKey, owner, siblings, parentPlace) = Self.resolve(
                lines: lines, above: line, column: keyStart, item: nil)
            // A key written inside a flow mapping (`products: { type: `) is a key of that mapping.
            if let inline = Self.inlineMapping(before: String(before[..<match.1.startIndex]), lines: lines, line: line)
            {
                (container, place) = (inline.container, inline.place)
            }
            return
        }
        if let inline = Self.inlineMapping(before: before, lines: lines, line: line),
            let word = before[before.index(after: inline.open)...].firstMatch(of: /^(?:[^{}]*,)?\s*(\w*)$/)
        {
            // A key inside a flow mapping: `set: { la`, `tap: { pre`.
            slot = .key
            prefix = String(word.1)
            parentKey = inline.key
            parentPlace = inline.outer.1
            owner = inline.outer.3
            container = inline.container
            place = inline.place
            return
        }
        if let match = before.firstMatch(of: /^(\s*)-\s+(\w*)$/) {
            slot = .item
            prefix = String(match.2)
            let dash = match.1.count
            (container, place, parentKey, owner, _, parentPlace) = Self.resolve(
                lines: lines, above: line, column: dash, item: dash)
            return
        }
        // A key may have dots: a message id under `messages:` (`rule.required`).
        let match = before.firstMatch(of: /^(\s*)([\w.]*)$/)
        slot = match == nil ? .text : .key
        prefix = match.map { String($0.2) } ?? ""
        let column = match?.1.count ?? 0
        (container, place, parentKey, owner, siblings, parentPlace) = Self.resolve(
            lines: lines, above: line, column: column, item: nil)
    }

    /// The flow mapping still open at the end of `before` (`key: { …`): its `{`, the key it is the value of, what
    /// holds that key, and the mapping's type and place.
    private static func inlineMapping(before: String, lines: [Substring], line: Int) -> (
        open: String.Index, key: String, outer: Resolved, container: KeyType?, place: KeyPlace?
    )? {
        guard let open = openBrace(in: before), let key = before[..<open].firstMatch(of: /([A-Za-z_]\w*):\s*$/)
        else { return nil }
        let keyStart = before.distance(from: before.startIndex, to: key.1.startIndex)
        let outer = resolve(lines: lines, above: line, column: keyStart, item: nil)
        let container = member(of: outer.0, key: String(key.1), siblings: [])
        return (open, String(key.1), outer, container, placeOf(container, siblings: []))
    }

    /// The `{` of the innermost flow mapping still open at the end of `text`.
    private static func openBrace(in text: String) -> String.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == "}" { depth += 1 }
            if text[index] == "{" {
                if depth == 0 { return index }
                depth -= 1
            }
        }
        return nil
    }

    private enum Frame {
        case key(String, siblings: [(String, String)])
        case item(firstKey: String, siblings: [(String, String)])
    }

    /// Walks up from `line` collecting the keys and list items that hold a mapping whose keys start at `column`
    /// (or, with `item`, a new list item whose dash is there), then follows them down the vocabulary.
    private static func resolve(lines: [Substring], above line: Int, column: Int, item: Int?)
        -> Resolved
    {
        var frames: [Frame] = []
        var target = column
        var siblings: [(String, String)] = []
        var itemDash: Int? = item
        var index = line - 1
        while index >= 0 {
            defer { index -= 1 }
            guard let parsed = Line(lines[index]) else { continue }
            if let dash = itemDash {
                // Looking for the list's parent: skip sibling items and their contents.
                if parsed.dash == dash || parsed.keyColumn > dash { continue }
                guard let key = parsed.key else { continue }
                frames.append(.key(key, siblings: []))
                itemDash = nil
                target = parsed.keyColumn
                siblings = []
                continue
            }
            if parsed.keyColumn > target { continue }
            if parsed.keyColumn == target {
                if let key = parsed.key { siblings.append((key, parsed.value)) }
                if let dash = parsed.dash {
                    frames.append(.item(firstKey: parsed.key ?? "", siblings: siblings))
                    siblings = []
                    itemDash = dash
                }
                continue
            }
            guard let key = parsed.key else { continue }
            frames.append(.key(key, siblings: frames.isEmpty ? siblings : []))
            siblings = []
            if parsed.dash != nil {
                // `- button: x` then a deeper line: the item's first key holds it, and the item is in a list.
                frames.append(.item(firstKey: key, siblings: [(key, parsed.value)]))
                itemDash = parsed.dash
            }
            target = parsed.keyColumn
        }
        return follow(frames.reversed(), cursorSiblings: frames.isEmpty ? siblings : ownSiblings(frames.first))
    }

    private static func ownSiblings(_ frame: Frame?) -> [(String, String)] {
        switch frame {
        case .key(_, let siblings)?: siblings
        case .item(_, let siblings)?: siblings
        case nil: []
        }
    }

    /// What `resolve` finds: the cursor's container type, its place, the key holding it, the screen or component
    /// it is in, the keys beside it, and the place of the key holding it.
    private typealias Resolved = (KeyType?, KeyPlace?, String?, String?, [String], KeyPlace?)

    /// Follows the frames, outermost first, from the top level through the vocabulary's key types.
    private static func follow(_ frames: [Frame], cursorSiblings: [(String, String)]) -> Resolved {
        var type: KeyType? = .object(.flow)
        var parentKey: String?
        var parentPlace: KeyPlace?
        var owner: String?
        var path: [String] = []
        for frame in frames {
            switch frame {
            case .key(let key, _):
                path.append(key)
                if path.count == 2, ["screens", "components"].contains(path[0]) { owner = key }
                parentPlace = placeOf(type, siblings: [])
                type = member(of: type, key: key, siblings: [])
                parentKey = key
            case .item(let first, let siblings):
                type = element(of: type, firstKey: first, siblings: siblings)
            }
        }
        let place = placeOf(type, siblings: cursorSiblings)
        return (type, place, parentKey, owner, cursorSiblings.map(\.0), parentPlace)
    }

    /// The type of `key`'s value inside a value of `type`.
    private static func member(of type: KeyType?, key: String, siblings: [(String, String)]) -> KeyType? {
        switch type {
        case .object(let place)?: return Vocabulary.key(key, at: place)?.type
        case .mapping(let value)?: return value
        case .actions?: return Vocabulary.key(key, at: .action(key))?.type
        case .either(let shapes)?:
            for shape in shapes {
                if case .mapping = shape { return member(of: shape, key: key, siblings: siblings) }
                if case .object = shape, let found = member(of: shape, key: key, siblings: siblings) { return found }
            }
            return shapes.lazy.compactMap { member(of: $0, key: key, siblings: siblings) }.first
        default: return nil
        }
    }

    /// The type of a list item whose first key is `firstKey` inside a value of `type`.
    private static func element(of type: KeyType?, firstKey: String, siblings: [(String, String)]) -> KeyType? {
        switch type {
        case .elements?: return .object(.element(firstKey))
        case .actions?: return .object(.action(firstKey))
        case .list(let item)?: return item
        case .either(let shapes)?:
            return shapes.lazy.compactMap { element(of: $0, firstKey: firstKey, siblings: siblings) }.first
        default: return nil
        }
    }

    /// The place whose keys a mapping of `type` takes; a service's place is chosen by its `kind:`.
    private static func placeOf(_ type: KeyType?, siblings: [(String, String)]) -> KeyPlace? {
        switch type {
        case .object(let place)?: return place
        case .either(let shapes)?:
            let places = shapes.compactMap { if case .object(let place) = $0 { place } else { nil } }
            if let kind = siblings.first(where: { $0.0 == "kind" })?.1,
                let chosen = places.first(where: { $0 == .service(kind) })
            {
                return chosen
            }
            return places.first
        default: return nil
        }
    }
}
