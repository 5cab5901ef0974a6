/// One collision-free renaming of a kind of SCXML name (state ids, event name parts) into Segue identifiers: a name
/// that is already an identifier keeps itself; any other becomes `SCXMLNames.identifier(…)` (`go-left` →
/// `go_left`), or, when a different name already has that, the first free `…_2`, `…_3` (with `go_left` in the
/// document too, `go-left` is `go_left_2`). Identifiers are reserved before any other name is renamed, so the
/// outcome does not depend on which comes first in the document.
struct NameAllocator {
    private var assigned: [String: String] = [:]
    /// Segue name → the SCXML name that has it.
    private var owners: [String: String] = [:]

    init(reserving names: some Sequence<String>) {
        for name in names where SCXMLNames.identifier(name) == name {
            assigned[name] = name
            owners[name] = name
        }
    }

    /// The name already given to `raw`, if any.
    func existing(_ raw: String) -> String? { assigned[raw] }

    /// `raw`'s Segue name, and when it is not the plain renaming, the SCXML name that holds that one.
    mutating func name(for raw: String) -> (name: String, displaced: String?) {
        if let known = assigned[raw] { return (known, nil) }
        let base = SCXMLNames.identifier(raw)
        var candidate = base
        var suffix = 2
        while owners[candidate] != nil {
            candidate = "\(base)_\(suffix)"
            suffix += 1
        }
        assigned[raw] = candidate
        owners[candidate] = raw
        return (candidate, candidate == base ? nil : owners[base])
    }
}
