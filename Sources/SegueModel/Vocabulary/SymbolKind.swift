/// What kind of declared thing a name in a flow names: the kinds of the checker's symbol table
/// (`SegueCheck/SymbolTable.swift`), and what the names a key carries name (`KeySpec.names`), so an editor finds,
/// renames and completes a new key's names with no change of its own.
public enum SymbolKind: String, CaseIterable, Sendable {
    case screen
    /// A nested state of a screen's chart.
    case state
    /// An element of a screen or component, by its id (`form.x` names a field).
    case element
    /// A data variable of the flow or of a screen.
    case data
    /// A parameter of a screen, a component or a flow function.
    case parameter
    /// A `let:` value of the flow, a screen, a component or an action list (and `foreach`'s `item:`/`index:`).
    case namedValue = "named value"
    /// A computed field of a record type (`let:` under `types:`).
    case computedField = "computed field"
    case event
    case service
    /// An operation of a service (`board.add_entry`).
    case operation
    /// A record type.
    case type
    case component
    /// One of the flow's `functions:`.
    case function
}
