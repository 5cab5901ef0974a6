import SegueDiagnostics
import SegueExpression

/// A whole flow file: screens, the services they call, data, components, theme and invariants.
public struct Flow: Sendable {
    /// The format version (`segue: 1`).
    public var version: Int
    public var id: Name
    public var title: String?
    public var start: Name
    /// Other flow files whose components and types this one uses, as written (relative to this file).
    public var imports: [Name]
    public var services: [ServiceDeclaration]
    public var types: [RecordTypeDeclaration]
    public var events: [EventDeclaration]
    public var data: [DataDeclaration]
    /// Named values every expression of the flow may read, computed where they are used.
    public var lets: [NamedValue]
    /// The flow's own functions (`functions:`): pure computations with typed parameters.
    public var functions: [FunctionDeclaration] = []
    public var components: [Component]
    public var screens: [Screen]
    /// Colours, icons, images and other design tokens, readable as `theme.*`.
    public var theme: Value
    public var invariants: [Invariant]
    /// Conditions some run must reach (`segue check`).
    public var reachable: [Invariant]
    /// Conditions a run can still reach from every reachable state (`segue check`).
    public var alwaysPossible: [Invariant]
    /// The last handler before the default error alert.
    public var onError: [Action]?
    /// The last responder of the chain: events no screen on the stack handles (`on:` at the top level).
    public var handlers: [Handler]
    /// The locale its built-in texts are shown in (`ru`); nil: the device's.
    public var locale: Name?
    /// The flow's own texts for built-in messages, by id (`messages:`).
    public var messages: [MessageOverride]
    public var range: SourceRange
    /// Where the file was read from.
    public var path: String
    /// The numbers of every expression text the decoder made for this flow (`ExpressionID`; an invoked chart's are
    /// its own, numbered apart).
    public var expressionIDs: Range<Int32> = 0..<0
    /// Whether the decoder refused nothing in it, so every text it numbered is in the model (one it refused, an
    /// element with a wrong key, say, takes its texts with it).
    public var keepsEveryText = true

    public init(id: Name, start: Name, path: String, range: SourceRange) {
        self.version = 1
        self.id = id
        self.title = nil
        self.start = start
        self.imports = []
        self.services = []
        self.types = []
        self.events = []
        self.data = []
        self.lets = []
        self.components = []
        self.screens = []
        self.theme = .record([:])
        self.invariants = []
        self.reachable = []
        self.alwaysPossible = []
        self.onError = nil
        self.handlers = []
        self.locale = nil
        self.messages = []
        self.range = range
        self.path = path
    }

    public func screen(named name: String) -> Screen? { screens.first { $0.name.text == name } }
    public func component(named name: String) -> Component? { components.first { $0.name.text == name } }
    public func service(named name: String) -> ServiceDeclaration? { services.first { $0.name.text == name } }
}

/// A flow function as written: `day: { parameters: { text: string }, returns: date?, value: "parse_date(…)" }`.
public struct FunctionDeclaration: Sendable {
    public var name: Name
    public var parameters: [FieldDeclaration]
    /// The declared result type; nil: the type of `value`.
    public var returns: TypeText?
    public var value: ExpressionText
    public var range: SourceRange

    public init(
        name: Name, parameters: [FieldDeclaration], returns: TypeText?, value: ExpressionText, range: SourceRange
    ) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.value = value
        self.range = range
    }
}

/// A named record type: `Entry: { name: string, surname: string, url: string? }`, with fields computed from
/// those (`let: { full_name: "name + ' ' + surname" }`).
public struct RecordTypeDeclaration: Sendable {
    public var name: Name
    public var fields: [FieldDeclaration]
    /// Computed fields: each an expression over the record's own fields, computed when read, never stored.
    public var computed: [NamedValue] = []
    public var range: SourceRange
}

public struct FieldDeclaration: Sendable {
    public var name: Name
    public var type: TypeText
}

/// An event with a typed payload, so handlers can read `event.item` checked: `buy: { item: Product }`.
public struct EventDeclaration: Sendable {
    public var name: Name
    public var payload: [FieldDeclaration]
    public var range: SourceRange
}

/// A typed variable of the flow or a screen.
///
///     purchased_product: { type: string?, persist: true }
///     user_id: { type: string?, from_defaults: MatimatikProfileID }
public struct DataDeclaration: Sendable {
    public var name: Name
    public var type: TypeText
    public var initial: ExpressionText?
    /// A structured default written as YAML (a list of records, say), used when `initial` is nil.
    public var literal: Value?
    /// Saved and restored across launches (a purchase made but no entry yet is never lost, D8).
    public var persist: Bool
    /// Read at launch from the defaults service under this key.
    public var defaultsKey: Name?
    public var range: SourceRange
}

/// A parameter of a screen or component: `entry: Entry`, optionally with a default.
public struct ParameterDeclaration: Sendable {
    public var name: Name
    public var type: TypeText
    public var defaultValue: ExpressionText?
    public var range: SourceRange
}

/// A rule that must hold in every reachable state; `segue check` reports a counterexample when it does not.
public struct Invariant: Sendable {
    public var name: Name
    public var condition: ExpressionText
    public var message: String?
    public var range: SourceRange
}

/// A reusable group of elements with parameters (the donation card used on Donate and on the wall of honor, D20).
public struct Component: Sendable {
    public var name: Name
    public var parameters: [ParameterDeclaration]
    public var elements: [Element]
    public var layout: Layout?
    /// Named values its elements read, computed where they are used with the parameters in scope (`let:`).
    public var lets: [NamedValue] = []
    public var range: SourceRange
    /// The numbers of the expression texts written in it (`ExpressionID`), in the numbering of its flow.
    public var expressionIDs: Range<Int32> = 0..<0
    /// Whether the decoder refused nothing in it (`Flow.keepsEveryText`).
    public var keepsEveryText = true
}
