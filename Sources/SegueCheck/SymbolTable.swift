import SegueDiagnostics
import SegueModel

/// Where a declared thing lives: the names of one owner are apart from another's (`full_name` of a screen and of a
/// component are two named values).
public enum SymbolOwner: Hashable, Sendable {
    /// Screens, components, types, events, services, functions, and the flow's own data and named values.
    case flow
    case screen(String)
    case component(String)
    /// A record type: its computed fields.
    case type(String)
    /// A service: its operations.
    case service(String)
    /// A flow function: its parameters.
    case function(String)
    /// An event: its payload's fields (the names a `send:`'s `with:` sets).
    case event(String)
    /// An action list's own names (`let:`, `foreach`'s `item:`), known by where the name is declared.
    case actions(path: String, offset: Int)
}

/// A declared thing: its kind, its owner and its name. Two occurrences with one id name the same thing.
public struct SymbolID: Hashable, Sendable, CustomStringConvertible {
    public let kind: SymbolKind
    public let owner: SymbolOwner
    public let name: String

    public init(_ kind: SymbolKind, _ name: String, in owner: SymbolOwner = .flow) {
        self.kind = kind
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(kind.rawValue) `\(name)`" }
}

/// One place a declared thing's name is written: its declaration, or a reference the checker resolved to it.
public struct SymbolOccurrence: Hashable, Sendable {
    public let id: SymbolID
    /// The name as written (a part of a key such as `photo` in `form.photo`, or of an expression).
    public let range: SourceRange
    public let isDeclaration: Bool
}

/// What a declaration is beyond its name, for an outline: the whole of it, what holds it, a word on it.
public struct SymbolDeclaration: Sendable {
    public let id: SymbolID
    /// The name as written.
    public let range: SourceRange
    /// The whole declaration (a screen's key and everything under it); the name's range when not known.
    public let extent: SourceRange
    /// The declaration it sits in besides its owner: a nested state's parent state, an element in a `lines`' footer.
    public let container: SymbolID?
    /// A word on it: an element's kind, a variable's type, a service's kind; nil for the kind alone.
    public let detail: String?
}

/// Every name of a flow the checker bound: each declaration with its range, and each reference where the checker
/// resolved it (navigation targets, `goto`, handler keys, `send`, calls, `set:` targets, names and `form.x`/`state.x`
/// read inside expressions, type names), so an editor follows, renames and completes names exactly as `segue
/// validate` reads them. A flow with errors has the table as far as the checks got.
///
///     let table = FlowLoader().load(path: "flows/donate.yaml").symbols
///     table.occurrences(of: [SymbolID(.screen, "donate_form")])   // its key under `screens:` and every navigation
public struct SymbolTable: Sendable {
    /// In file order (files by path, then by position) once the checks are done, each once.
    public private(set) var occurrences: [SymbolOccurrence] = []
    /// The declarations, in the order they were checked, with what an outline shows of them.
    public private(set) var declarations: [SymbolDeclaration] = []

    public init() {}

    mutating func declare(_ declaration: SymbolDeclaration) {
        guard Self.isPlaced(declaration.id, declaration.range) else { return }
        declarations.append(declaration)
        occurrences.append(SymbolOccurrence(id: declaration.id, range: declaration.range, isDeclaration: true))
    }

    mutating func refer(_ id: SymbolID, at range: SourceRange) {
        guard Self.isPlaced(id, range) else { return }
        occurrences.append(SymbolOccurrence(id: id, range: range, isDeclaration: false))
    }

    private static func isPlaced(_ id: SymbolID, _ range: SourceRange) -> Bool {
        !id.name.isEmpty && range != .synthesized
    }

    /// Puts the table in file order with each occurrence once (a text checked twice, as a result is against each
    /// screen that may hand it, records its names twice), in place: no second copy of the table, as a set would be.
    mutating func finish() {
        occurrences.sort {
            ($0.range.path, $0.range.start.offset, $0.range.end.offset) < (
                $1.range.path, $1.range.start.offset, $1.range.end.offset
            )
        }
        var kept = 0
        for index in occurrences.indices {
            let occurrence = occurrences[index]
            // Equal occurrences are neighbours, give or take others at the same place.
            let start = occurrences[..<kept].lastIndex { $0.range != occurrence.range }.map { $0 + 1 } ?? 0
            guard !occurrences[start..<kept].contains(occurrence) else { continue }
            occurrences[kept] = occurrence
            kept += 1
        }
        occurrences.removeLast(occurrences.count - kept)
        var declared: Set<SourceRange> = []
        declarations.removeAll { !declared.insert($0.range).inserted }
    }

    /// This table with another's (an imported file's).
    public func merging(_ other: SymbolTable) -> SymbolTable {
        var merged = self
        merged.occurrences += other.occurrences
        merged.declarations += other.declarations
        merged.finish()
        return merged
    }

    /// The occurrences whose name holds the byte `offset` of the file at `path`: the innermost name there, once for
    /// each thing it names (a `goto` in a component names the state of every screen showing it).
    public func occurrences(at offset: Int, in path: String) -> [SymbolOccurrence] {
        let holding = occurrences.filter {
            $0.range.path == path && $0.range.start.offset <= offset && offset <= $0.range.end.offset
        }
        guard let innermost = holding.min(by: { $0.range.length < $1.range.length }) else { return [] }
        return holding.filter { $0.range == innermost.range }
    }

    /// Every declaration and reference of these things, in table order.
    public func occurrences(of ids: Set<SymbolID>) -> [SymbolOccurrence] {
        occurrences.filter { ids.contains($0.id) }
    }

    /// The names of one kind (declared ones only, or referenced ones too), of any owner or of `owner`, in file
    /// order (files by path) without repeats: what an editor offers where such a name goes.
    public func names(_ kind: SymbolKind, in owner: SymbolOwner? = nil, declaredOnly: Bool = true) -> [String] {
        var seen: Set<String> = []
        return occurrences.filter {
            $0.id.kind == kind && (!declaredOnly || $0.isDeclaration) && (owner == nil || $0.id.owner == owner)
        }.map(\.id.name).filter { seen.insert($0).inserted }
    }
}

extension SourceRange {
    /// The bytes covered.
    fileprivate var length: Int { end.offset - start.offset }
}
