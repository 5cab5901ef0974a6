/// Stable, syntax-safe node ids for a graph, the same in every format: `s_donate_form`, `s_record__idle`, `a_3`.
///
/// Letters, digits and `_` are kept; any other character becomes `_x<hex>_` (so Russian names stay unique), and a
/// rare clash gets a `_2` suffix, in declaration order, so the ids never depend on hashing.
struct DiagramIdentifiers {
    private(set) var screens: [String: String] = [:]
    private(set) var states: [String: String] = [:]
    private var used: Set<String> = []

    init(_ graph: TransitionGraph) {
        for screen in graph.screens {
            let id = unique("s_" + Self.sanitized(screen.name))
            screens[screen.name] = id
            for state in Self.flattened(screen.states) {
                states[Self.stateKey(screen.name, state.path)] = unique(id + "__" + Self.sanitized(state.path))
            }
        }
    }

    func screen(_ name: String) -> String { screens[name] ?? "s_" + Self.sanitized(name) }

    func state(_ screen: String, _ path: String) -> String {
        states[Self.stateKey(screen, path)] ?? self.screen(screen) + "__" + Self.sanitized(path)
    }

    /// The node a dismiss or pop with nowhere known to return to points at.
    func nowhere(from screen: String) -> String { self.screen(screen) + "__nowhere" }

    func navigationCluster(_ root: String) -> String { "nav_" + self.screen(root) }

    static func alert(_ index: Int) -> String { "a_\(index + 1)" }

    /// Every state of a tree, parents before children, in document order.
    static func flattened(_ states: [NestedState]) -> [NestedState] {
        states.flatMap { [$0] + flattened($0.children) }
    }

    private mutating func unique(_ base: String) -> String {
        var candidate = base
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    private static func stateKey(_ screen: String, _ path: String) -> String { screen + "\u{0}" + path }

    static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar == "." {
                result += "__"
            } else {
                result += "_x" + String(scalar.value, radix: 16) + "_"
            }
        }
        return result
    }
}
