import SegueDiagnostics

/// `invoke:` of a nested state: a child chart run as its own session (SCXML's `<invoke>`) while the state is active.
///
///     states:
///       working:
///         invoke:
///           id: worker
///           chart: { segue: 1, flow: worker, start: chart, screens: { chart: { states: { … } } } }
///           with: { job: job }
///           finalize: [{ set: { last: current_event.data } }]
///         on: { done.invoke.worker: [{ goto: idle }] }
public struct Invocation: Sendable {
    /// The invocation's id (`current_event.invokeid`, `send … to:`); nil: `<state>.<n>`, made by the compiler.
    public var id: Name?
    /// `when:`: the invocation starts only if this holds as it would start; one that fails to evaluate raises its
    /// error and starts nothing, as a failing `with:` value does.
    public var guardExpression: ExpressionText?
    /// A data variable that receives the id when the invocation starts (SCXML's `idlocation`).
    public var idLocation: Name?
    /// The child chart: a whole flow, with its own data, written inline.
    public var chart: Flow
    /// Every external event the parent takes is sent on to the child too.
    public var autoforward: Bool = false
    /// Values for the child's data variables, computed in the parent as the invocation starts.
    public var arguments: [Assignment] = []
    /// Run in the parent, with `current_event` bound, before each event from the child is handled.
    public var finalize: [Action] = []
    public var range: SourceRange

    public init(chart: Flow, range: SourceRange) {
        self.chart = chart
        self.range = range
    }
}
