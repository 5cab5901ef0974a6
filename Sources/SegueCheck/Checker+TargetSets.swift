import SegueDiagnostics
import SegueModel

/// `goto: [a2, b2]`: the states a transition enters at once must be able to be active together.
extension CheckRun {
    /// Several targets of one transition (SCXML's `target="a2 b2"`) lie in different regions of one parallel state
    /// (`TargetSet`); otherwise they cannot be active together, and the transition is refused (C604) at the later one.
    mutating func checkTargetSet(_ targets: [Name], in scope: Scope) {
        guard targets.count > 1 else { return }
        for screen in screens(of: scope.owner) {
            guard let chart = screen.states else { continue }
            var parents: [String: String] = [:]
            var parallel: Set<String> = []
            var names: Set<String> = []
            for (state, parent) in Inventory.states(chart) {
                names.insert(state.name.text)
                if let parent { parents[state.name.text] = parent.name.text }
                if state.children?.parallel == true { parallel.insert(state.name.text) }
            }
            let known = targets.filter { names.contains($0.text) }
            guard
                let conflict = TargetSet.firstConflict(
                    known.map(\.text), parent: { parents[$0] }, isParallel: parallel.contains,
                    topIsParallel: chart.parallel)
            else { continue }
            report(
                .error(
                    CheckCode.conflictingTargets,
                    "`goto` enters `\(conflict.earlier)` and `\(known[conflict.index].text)` at once, but "
                        + "\(conflict.reason): the states of one transition lie in different regions of one "
                        + "parallel state", at: known[conflict.index].range))
            return
        }
    }
}
