import SegueDiagnostics
import SegueFrontEnd
import SegueModel

/// A flow the checker found no error in, with the names it resolved: only the checker makes one, so the compiler
/// lowers names without resolving them again (no unknown screen, state, variable or component reaches it).
///
///     let loaded = FlowLoader().load(path: "flows/donate.yaml")
///     if let checked = loaded.checked { let program = Compiler.compile(checked) }
public struct CheckedFlow: Sendable {
    public let flow: Flow
    /// Every component a use may name, resolved: the flow's own first, then imported ones.
    public let components: [String: Component]
    /// The events in scope, in declaration order: the flow's own, then imported ones not shadowed.
    public let events: [EventDeclaration]
    /// The files read, so positions map to exact columns.
    public let sources: [SourceFile]

    init(flow: Flow, components: [String: Component], events: [EventDeclaration], sources: [SourceFile]) {
        self.flow = flow
        self.components = components
        self.events = events
        self.sources = sources
    }

    /// The component a `use:` names; the checker made sure there is one.
    public func component(named name: String) -> Component? { components[name] }
}
