import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// A screen, by its position in `Flow.screens`: the first screen of the name the checker resolved.
public struct ScreenID: Hashable, Sendable {
    public let position: Int
}

/// A flow the checker found no error in, with the names it resolved: only the checker makes one, and the compiler
/// walks what it resolved (`screens`, `handlers`, `onError`: screens, states, parameters, variables, form fields and
/// components as ids and resolved parts, each invoked chart checked) without looking a name up again.
///
///     let loaded = FlowLoader().load(path: "flows/donate.yaml")
///     if let checked = loaded.checked { let program = Compiler.compile(checked) }
public struct CheckedFlow: Sendable {
    public let flow: Flow
    /// The screen `start` names, resolved.
    public let start: ScreenID
    /// Each screen's elements, actions, handlers and nested states with what they name resolved, in the order of
    /// `flow.screens`.
    public let screens: [ResolvedScreen]
    /// The flow's own `on:` (its transitions have no targets: the flow has no states).
    public let handlers: [ResolvedHandler]
    /// The flow's own `on_error`, resolved.
    public let onError: [ResolvedAction]?
    /// Every component a use may name: the flow's own first, then imported ones (each use carries its own resolved,
    /// `ResolvedUse`).
    public let components: [String: Component]
    /// The events in scope, in declaration order: the flow's own, then imported ones not shadowed.
    public let events: [EventDeclaration]
    /// The files read, so positions map to exact columns.
    public let sources: [SourceFile]
    /// Every expression the checker parsed, each read of a record type's computed field lowered, at its number
    /// (`ExpressionID`): the checker made sure every text of `flow` and `components` has one (C900).
    let expressions: [LoweredExpression]
    /// The computed fields of each record type that has some (by the type's name), for showing a record's.
    public let computedFields: [String: ComputedFields]
    /// The flow's own functions (`functions:`), typed, by name.
    public let functions: [String: FlowFunction]
    /// Every name the checker bound: declarations and the references resolved to them.
    public let symbols: SymbolTable

    init(
        flow: Flow, start: ScreenID, screens: [ResolvedScreen], handlers: [ResolvedHandler], onError: [ResolvedAction]?,
        components: [String: Component], events: [EventDeclaration], sources: [SourceFile],
        expressions: [LoweredExpression], computedFields: [String: ComputedFields] = [:],
        functions: [String: FlowFunction] = [:], symbols: SymbolTable = SymbolTable()
    ) {
        self.functions = functions
        self.symbols = symbols
        self.flow = flow
        self.start = start
        self.screens = screens
        self.handlers = handlers
        self.onError = onError
        self.components = components
        self.events = events
        self.sources = sources
        self.expressions = expressions
        self.computedFields = computedFields
    }

    /// The expression as the checker parsed it and the compiler runs it, a read of a computed field lowered
    /// (`entry.full_name` computing `name + ' ' + surname` from `entry`): the compiler parses nothing again. `text`
    /// is one of `flow`'s or `components`' texts, which the checker made sure have their syntax.
    public func syntax(of text: ExpressionText) -> LoweredExpression {
        expressions[Int(text.id.index)]
    }
}
