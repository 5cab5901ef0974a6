import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueModel

/// The expressions of one text of a document with the scopes the checker read them in, so completion and hover
/// inside expressions see exactly the names and types `segue validate` does.
///
/// When the text's YAML is broken (half-typed), the sites of the last text that checked are kept, and found by line.
struct ExpressionIndex {
    /// The text the index was made for.
    let bytes: [UInt8]
    let sites: [ExpressionSite]
    /// Whether `sites` were read from `bytes` (false: from an earlier text).
    let isFresh: Bool
    /// The flow's `theme:` as a type, so `theme.` completes its tokens (the checker reads `theme` as `any`).
    let theme: ValueType

    /// The innermost site holding `offset` of the file at `path`.
    func site(at offset: Int, line: Int, in path: String) -> ExpressionSite? {
        let candidates = sites.filter { site in
            let range = site.text.range
            guard range.path == path else { return false }
            if isFresh { return range.start.offset <= offset && offset <= range.end.offset }
            return range.start.line <= line && line <= range.end.line
        }
        return candidates.min {
            $0.text.range.end.offset - $0.text.range.start.offset < $1.text.range.end.offset
                - $1.text.range.start.offset
        }
    }

    /// The last site starting before `line`: the scope of an expression being written where none was yet.
    func nearestSite(before line: Int, in path: String) -> ExpressionSite? {
        sites.filter { $0.text.range.path == path && $0.text.range.start.line <= line }.max {
            $0.text.range.start.offset < $1.text.range.start.offset
        }
    }

    /// The site's scope with `theme` typed from the flow's tokens.
    func scope(of site: ExpressionSite?) -> any TypeScope {
        ThemedScope(base: site?.scope ?? TypeBindings(), theme: theme)
    }
}

/// A scope where `theme` has the shape of the flow's `theme:` value.
struct ThemedScope: TypeScope {
    let base: any TypeScope
    let theme: ValueType

    func type(of name: String) -> ValueType? {
        if name == ImplicitName.theme.rawValue, base.type(of: name) == .any || base.type(of: name) == nil {
            return theme
        }
        return base.type(of: name)
    }

    var visibleNames: [String] {
        let names = base.visibleNames
        return names.contains(ImplicitName.theme.rawValue) ? names : names + [ImplicitName.theme.rawValue]
    }
}

extension LanguageServer {
    /// The document's expression index, made once per text.
    func expressionIndex(_ document: OpenDocument) -> ExpressionIndex {
        let bytes = document.file.bytes
        if let index = expressionIndexes[document.uri], index.bytes == bytes { return index }
        let sites = FlowLoader().expressionSites(document.file)
        let theme = ValueType(of: document.flow?.theme ?? .record([:]))
        let index: ExpressionIndex
        if sites.isEmpty, let previous = expressionIndexes[document.uri], !previous.sites.isEmpty {
            index = ExpressionIndex(bytes: bytes, sites: previous.sites, isFresh: false, theme: theme)
        } else {
            index = ExpressionIndex(bytes: bytes, sites: sites, isFresh: true, theme: theme)
        }
        expressionIndexes[document.uri] = index
        return index
    }
}
