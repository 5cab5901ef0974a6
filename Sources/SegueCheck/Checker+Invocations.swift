import SegueDiagnostics
import SegueModel

/// `invoke:` and `send … to:`: each child chart is checked as a flow of its own, its arguments against its data.
extension CheckRun {
    /// The explicit `id:` of every invocation in the flow's screens: the sessions `send … to:` can name.
    var invocationIDs: [String] {
        flow.screens.flatMap { screen in
            Inventory.states(screen.states).flatMap { $0.state.invocations.compactMap(\.id?.text) }
        }
    }

    /// A `send … to:` names `parent` or an invocation of this flow.
    mutating func checkSession(_ session: String, at range: SourceRange) {
        let known = ["parent"] + invocationIDs
        guard !known.contains(session) else { return }
        report(
            .error(
                CheckCode.unknownSession,
                "`to: \(session)` names no session: `parent` or the `id` of an invocation"
                    + Suggestion.didYouMean(session, in: known), at: range))
    }

    /// A state's invocations: the chart checked as its own flow, `with:` names its data, `idlocation` ours; each
    /// chart that checks comes back as the `CheckedFlow` the compiler compiles (one with errors was reported).
    mutating func checkInvocations(of state: StateNode, in scope: Scope, place: ResolutionPlace)
        -> [ResolvedInvocation]
    {
        var resolved: [ResolvedInvocation] = []
        for invocation in state.invocations {
            let chart = invocation.chart
            let (checkedChart, chartDiagnostics) = Checker(flow: chart, sources: Array(files.values)).checkedFlow()
            for diagnostic in chartDiagnostics { report(diagnostic) }
            for service in chart.services {
                report(
                    .error(
                        CheckCode.badInvocation,
                        "an invoked chart calls no services (its session has none): `\(service.name.text)`",
                        at: service.name.range))
            }
            for variable in chart.data where variable.persist || variable.defaultsKey != nil {
                report(
                    .error(
                        CheckCode.badInvocation,
                        "an invoked chart's data lives as long as its session: `\(variable.name.text)` cannot be persisted",
                        at: variable.name.range))
            }
            if let condition = invocation.guardExpression {
                check(condition, in: scope, expecting: .bool, role: "`when`")
            }
            let names = chart.data.map(\.name.text)
            for argument in invocation.arguments {
                check(argument.value, in: scope, role: "`\(argument.name.text)`")
                guard !names.contains(argument.name.text) else { continue }
                report(
                    .error(
                        CheckCode.badInvocation,
                        "chart `\(chart.id.text)` has no data variable `\(argument.name.text)`"
                            + Suggestion.didYouMean(argument.name.text, in: names), at: argument.name.range))
            }
            if let location = invocation.idLocation, flow.data.contains(where: { $0.name.text == location.text }) {
                refer(.data, location)
            } else if let location = invocation.idLocation {
                report(
                    .error(
                        CheckCode.unknownVariable,
                        "`idlocation: \(location.text)` names no data variable of the flow"
                            + Suggestion.didYouMean(location.text, in: flow.data.map(\.name.text)),
                        at: location.range))
            }
            // `event` is the payload of the child's event, like a handler's for an event it does not declare.
            checkActions(invocation.finalize, in: scope.binding(ImplicitName.event.rawValue, .any))
            let finalize = resolveActions(invocation.finalize, in: place)
            let location = invocation.idLocation.flatMap { flowDataPositions[$0.text] }
            // An `idlocation` that names no variable was reported just above.
            if invocation.idLocation != nil, location == nil { unresolvedNames += 1 }
            if let checkedChart {
                resolved.append(
                    ResolvedInvocation(
                        invocation: invocation, chart: checkedChart, finalize: finalize, idLocation: location))
            }
        }
        return resolved
    }
}
