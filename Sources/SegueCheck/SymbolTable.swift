import SegueDiagnostics
import SegueModel

/// Every name of a flow the checker bound: each declaration with its range, and each reference where the checker
/// resolved it (navigation targets, `goto`, handler keys, `send`, calls, `set:` targets, names and `form.x`/`state.x`
/// read inside expressions, type names), so an editor follows, renames and completes names exactly as `segue
/// validate` reads them. A flow with errors has the table as far as the checks got.
///
///     let table = FlowLoader().load(path: "flows/donate.yaml").symbols
///     table.occurrences(of: [SymbolID(.screen, "donate_form")])   // its key under `screens:` and every navigation
///
/// Stored compactly (a flow of 10,000 screens has some 60,000 occurrences): each thing named and each file path is
/// kept once, and an occurrence holds their positions and its two locations; `SymbolOccurrence` and
/// `SymbolDeclaration` are made when asked for.
public struct SymbolTable: Sendable {
    /// Each thing named, once; entries hold positions in it.
    private var ids: [SymbolID] = []
    /// Where each id is in `ids`, while names are added; emptied by `finish`, and made again if more are added.
    private var idPositions: [SymbolID: Int32] = [:]
    /// Each file path, once.
    private var paths: [String] = []
    /// In file order (files by path, then by position) once the checks are done, each once.
    private var entries: [Entry] = []
    /// The declarations, in the order they were checked.
    private var declared: [DeclarationEntry] = []

    /// A range as the table keeps it: its path by position in `paths`.
    private struct Place: Hashable {
        var path: Int32
        var start: SourceLocation
        var end: SourceLocation

        /// The bytes covered.
        var length: Int { end.offset - start.offset }
    }

    private struct Entry: Equatable {
        var id: Int32
        var place: Place
        var isDeclaration: Bool
    }

    private struct DeclarationEntry {
        var id: Int32
        /// -1: none.
        var container: Int32
        var place: Place
        var extent: Place
        var detail: String?
    }

    public init() {}

    /// Whether the checks bound no name.
    public var isEmpty: Bool { entries.isEmpty }

    /// Every declaration and reference, in file order (files by path, then by position) once the checks are done.
    public var occurrences: [SymbolOccurrence] { entries.map(occurrence) }

    /// The declarations, in the order they were checked, with what an outline shows of them.
    public var declarations: [SymbolDeclaration] {
        declared.map {
            SymbolDeclaration(
                id: ids[Int($0.id)], range: range($0.place), extent: range($0.extent),
                container: $0.container < 0 ? nil : ids[Int($0.container)], detail: $0.detail)
        }
    }

    mutating func declare(_ declaration: SymbolDeclaration) {
        guard Self.isPlaced(declaration.id, declaration.range) else { return }
        let id = intern(declaration.id)
        let place = place(declaration.range)
        var container: Int32 = -1
        if let outer = declaration.container { container = intern(outer) }
        declared.append(
            DeclarationEntry(
                id: id, container: container, place: place,
                extent: self.place(declaration.extent), detail: declaration.detail))
        entries.append(Entry(id: id, place: place, isDeclaration: true))
    }

    mutating func refer(_ id: SymbolID, at range: SourceRange) {
        guard Self.isPlaced(id, range) else { return }
        entries.append(Entry(id: intern(id), place: place(range), isDeclaration: false))
    }

    private static func isPlaced(_ id: SymbolID, _ range: SourceRange) -> Bool {
        !id.name.isEmpty && range != .synthesized
    }

    private mutating func intern(_ id: SymbolID) -> Int32 {
        if idPositions.count != ids.count {
            idPositions = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, Int32($0)) })
        }
        // One hash for the lookup and the insertion: the slot is made with the next position when the id is new.
        let next = Int32(ids.count)
        let position = Self.value(of: &idPositions[id, default: next])
        if position == next { ids.append(id) }
        return position
    }

    private static func value(of slot: inout Int32) -> Int32 { slot }

    private mutating func place(_ range: SourceRange) -> Place {
        Place(path: intern(path: range.path), start: range.start, end: range.end)
    }

    /// A flow and its imports are a few files: the last one is the likeliest.
    private mutating func intern(path: String) -> Int32 {
        if let last = paths.indices.last, paths[last] == path { return Int32(last) }
        if let found = paths.firstIndex(of: path) { return Int32(found) }
        paths.append(path)
        return Int32(paths.count - 1)
    }

    private func range(_ place: Place) -> SourceRange {
        SourceRange(path: paths[Int(place.path)], start: place.start, end: place.end)
    }

    private func occurrence(_ entry: Entry) -> SymbolOccurrence {
        SymbolOccurrence(id: ids[Int(entry.id)], range: range(entry.place), isDeclaration: entry.isDeclaration)
    }

    /// Puts the table in file order with each occurrence once (a text checked twice, as a result is against each
    /// screen that may hand it, records its names twice), in place: no second copy of the table, as a set would be.
    mutating func finish() {
        idPositions = [:]
        // Files by path: each path's rank among the paths sorted.
        var rank = [Int32](repeating: 0, count: paths.count)
        for (order, position) in paths.indices.sorted(by: { paths[$0] < paths[$1] }).enumerated() {
            rank[position] = Int32(order)
        }
        entries.sort {
            (rank[Int($0.place.path)], $0.place.start.offset, $0.place.end.offset) < (
                rank[Int($1.place.path)], $1.place.start.offset, $1.place.end.offset
            )
        }
        var kept = 0
        for index in entries.indices {
            let entry = entries[index]
            // Equal occurrences are neighbours, give or take others at the same place.
            let start = entries[..<kept].lastIndex { $0.place != entry.place }.map { $0 + 1 } ?? 0
            guard !entries[start..<kept].contains(entry) else { continue }
            entries[kept] = entry
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        var seen: Set<Place> = []
        declared.removeAll { !seen.insert($0.place).inserted }
    }

    /// This table with another's (an imported file's). With nothing to add, the table itself, sharing its storage:
    /// a flow without imports keeps one copy of its names, not two.
    public func merging(_ other: SymbolTable) -> SymbolTable {
        if other.isEmpty && other.declared.isEmpty { return self }
        if isEmpty && declared.isEmpty { return other }
        var merged = self
        let ids = other.ids.map { merged.intern($0) }
        let paths = other.paths.map { merged.intern(path: $0) }
        func moved(_ place: Place) -> Place { Place(path: paths[Int(place.path)], start: place.start, end: place.end) }
        merged.entries += other.entries.map {
            Entry(id: ids[Int($0.id)], place: moved($0.place), isDeclaration: $0.isDeclaration)
        }
        merged.declared += other.declared.map {
            DeclarationEntry(
                id: ids[Int($0.id)], container: $0.container < 0 ? -1 : ids[Int($0.container)],
                place: moved($0.place), extent: moved($0.extent), detail: $0.detail)
        }
        merged.finish()
        return merged
    }

    /// The occurrences whose name holds the byte `offset` of the file at `path`: the innermost name there, once for
    /// each thing it names (a `goto` in a component names the state of every screen showing it).
    public func occurrences(at offset: Int, in path: String) -> [SymbolOccurrence] {
        guard let file = paths.firstIndex(of: path).map(Int32.init) else { return [] }
        let holding = entries.filter {
            $0.place.path == file && $0.place.start.offset <= offset && offset <= $0.place.end.offset
        }
        guard let innermost = holding.min(by: { $0.place.length < $1.place.length }) else { return [] }
        return holding.filter { $0.place == innermost.place }.map(occurrence)
    }

    /// Every declaration and reference of these things, in table order.
    public func occurrences(of ids: Set<SymbolID>) -> [SymbolOccurrence] {
        let wanted = Set(self.ids.indices.filter { ids.contains(self.ids[$0]) }.map(Int32.init))
        return entries.filter { wanted.contains($0.id) }.map(occurrence)
    }

    /// The names of one kind (declared ones only, or referenced ones too), of any owner or of `owner`, in file
    /// order (files by path) without repeats: what an editor offers where such a name goes.
    public func names(_ kind: SymbolKind, in owner: SymbolOwner? = nil, declaredOnly: Bool = true) -> [String] {
        var seen: Set<String> = []
        return entries.compactMap { entry -> String? in
            let id = ids[Int(entry.id)]
            guard id.kind == kind, !declaredOnly || entry.isDeclaration, owner == nil || id.owner == owner else {
                return nil
            }
            return seen.insert(id.name).inserted ? id.name : nil
        }
    }
}
