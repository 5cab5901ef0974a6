import SegueExpression
import SegueMachine
import SegueModel

/// The texts a service answers a call that gives it none (`audio.takes`): those the screen's own calls of that
/// service would give it now, so a sampled take's `line` is a line the screen shows, never the text `sample` that no
/// line has (docs/check.md, "What is represented by samples").
///
///     echo.texts(for: takesCall, in: state)  // ["line": "h1", "character": "Hamlet"]: `record`'s arguments
struct ServiceEcho {
    /// Per service, its call sites' text arguments that a result record echoes (`record`'s `line`, `character`).
    private let sites: [String: [[(name: String, value: Int)]]]
    private let program: Program
    /// The call sites that list a service's records unprompted: no arguments, a list of records (`audio.takes`).
    private let listings: Set<Int>

    init(outcomes: OutcomeSampler) {
        program = outcomes.program
        var listings: Set<Int> = []
        for (pc, instruction) in program.code.enumerated() {
            guard case .call(let call) = instruction, call.arguments.isEmpty else { continue }
            let type = outcomes.resultType(service: call.service, operation: call.operation)
            if type.hasPrefix("list<") { listings.insert(pc) }
        }
        self.listings = listings
        var sites: [String: [[(name: String, value: Int)]]] = [:]
        for instruction in program.code {
            guard case .call(let call) = instruction else { continue }
            let echoed = outcomes.echoedFields(service: call.service, operation: call.operation)
            let arguments = call.arguments.filter { echoed.contains($0.name) }.map { (name: $0.name, value: $0.value) }
            if !arguments.isEmpty { sites[call.service, default: []].append(arguments) }
        }
        self.sites = sites
    }

    /// For a call that lists records unprompted: the texts given by the first call site of its service whose echoed
    /// arguments all evaluate to texts in the calling screen's scope (no event, no result); empty when none does.
    func texts(for call: PendingCall, in state: MachineState) -> [String: Value] {
        guard listings.contains(call.pc), let instance = state.instance(call.frame.instance) else { return [:] }
        let scope = ScreenScope(program: program, data: state.data, instance: instance)
        for site in sites[call.service] ?? [] {
            var texts: [String: Value] = [:]
            for argument in site {
                guard case .expression(let expression) = program.expressions[argument.value].body,
                    case .success(.string(let text)) = Evaluator(scope: scope).evaluate(expression)
                else { break }
                texts[argument.name] = .string(text)
            }
            if texts.count == site.count { return texts }
        }
        return [:]
    }
}

/// The names a screen's own expressions see outside any handler: its parameters, data and `let:` values, then the
/// flow's data and `let:` values.
private struct ScreenScope: ValueScope {
    let program: Program
    let data: [Value]
    let instance: ScreenInstance

    func value(of name: String) -> Value? {
        let screen = program.screens[instance.screen]
        if let slot = screen.slotIndex[name], slot < instance.values.count { return instance.values[slot] }
        if let slot = program.dataIndex[name], slot < data.count { return data[slot] }
        return nil
    }

    func flowFunction(named name: String) -> FlowFunction? { program.functions[name] }

    func computedValue(of name: String) -> Result<Value, EvaluationError>? {
        let screen = program.screens[instance.screen]
        let id: Int
        if let slot = screen.letIndex[name] {
            id = screen.lets[slot].value
        } else if let slot = program.letIndex[name] {
            id = program.lets[slot].value
        } else {
            return nil
        }
        switch program.expressions[id].body {
        case .expression(let expression): return Evaluator(scope: self).evaluate(expression)
        case .constant(let value): return .success(value)
        case .template: return nil
        }
    }
}
