/// A flow's own function (`functions:`): typed parameters, a result type and a body that reads only its parameters
/// (and calls built-in and other flow functions), so a call's value depends on its arguments alone. The checker
/// types the body, refuses cycles between functions, and gives each one to the type and value scopes by name.
///
///     day(text: string) -> date?  =  parse_date(text, 'dd.MM.yyyy')
public struct FlowFunction: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var type: ValueType

        public init(name: String, type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    public var name: String
    public var parameters: [Parameter]
    public var result: ValueType
    public var body: Expression

    public init(name: String, parameters: [Parameter], result: ValueType, body: Expression) {
        self.name = name
        self.parameters = parameters
        self.result = result
        self.body = body
    }

    /// How it is called, as messages and hover show it: `day(text: string) -> date?`.
    public var signature: String {
        "\(name)(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ") -> \(result)"
    }

    /// How deeply calls of flow functions may nest while evaluating; the checker refuses cycles, so only an
    /// expression evaluated unchecked can reach it.
    static let maximumDepth = 32
}

/// The names a flow function's body sees while it runs: its parameters, and the flow's functions.
struct FunctionBodyScope: ValueScope {
    let bound: [String: Value]
    let functions: (String) -> FlowFunction?
    let depth: Int

    func value(of name: String) -> Value? { bound[name] }

    func flowFunction(named name: String) -> FlowFunction? { functions(name) }
}
