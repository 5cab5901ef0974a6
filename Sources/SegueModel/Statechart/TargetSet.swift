/// The rule for a transition's several targets (`goto: [a2, b2]`, SCXML's `target="a2 b2"`): they must be able to be
/// active together. The checker (C604) and the SCXML importer (I004) ask it, each over its own view of the states.
public enum TargetSet {
    /// Why states `a` and `b` cannot be active together, or nil when they can: neither may contain the other, and
    /// the nearest state containing both must be parallel (at the top, the screen's states must be).
    /// `parent` gives a state's parent (nil at the top), `isParallel` whether a state's children are regions.
    public static func conflict(
        _ a: String, _ b: String, parent: (String) -> String?, isParallel: (String) -> Bool, topIsParallel: Bool
    ) -> String? {
        if a == b { return "it is one state twice" }
        let ancestorsOfA = chain(a, parent: parent)
        let ancestorsOfB = chain(b, parent: parent)
        if ancestorsOfB.contains(a) { return "`\(a)` contains `\(b)`" }
        if ancestorsOfA.contains(b) { return "`\(b)` contains `\(a)`" }
        guard let common = ancestorsOfA.first(where: ancestorsOfB.contains) else {
            return topIsParallel ? nil : "only one of the top states is active at a time"
        }
        return isParallel(common) ? nil : "only one child of `\(common)` is active at a time"
    }

    /// The first pair of `targets` (in the order written) that cannot be active together: the later one's index
    /// and why.
    public static func firstConflict(
        _ targets: [String], parent: (String) -> String?, isParallel: (String) -> Bool, topIsParallel: Bool
    ) -> (index: Int, earlier: String, reason: String)? {
        for index in targets.indices {
            for earlier in targets[..<index] {
                if let reason = conflict(
                    earlier, targets[index], parent: parent, isParallel: isParallel, topIsParallel: topIsParallel)
                {
                    return (index, earlier, reason)
                }
            }
        }
        return nil
    }

    /// The state's proper ancestors, innermost first.
    private static func chain(_ state: String, parent: (String) -> String?) -> [String] {
        var result: [String] = []
        var current = parent(state)
        while let next = current, !result.contains(next), next != state {
            result.append(next)
            current = parent(next)
        }
        return result
    }
}
