import SegueExpression
import SegueMachine
import SegueModel

/// Every way a pending call can end, as `segue check` answers it: ok with sample results, each declared code, a
/// plain error, a timeout, a transport failure, and cancelled where the user can back out.
///
///     sampler.outcomes(service: "store", operation: "purchase", pc: 12)
///     // [("ok", .ok(purchase)), ("error", …), ("timeout", …), ("transport failure", …), ("cancelled", .cancelled)]
struct OutcomeSampler {
    let flow: Flow
    let program: Program
    private(set) var samples: SampleValues

    init(flow: Flow, program: Program) {
        self.flow = flow
        self.program = program
        samples = SampleValues(flow: flow)
        // Fields nothing can look at are sampled in one shape (docs/check.md, "What is represented by samples").
        let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment())).state
        samples.unobserved = UnobservedFields(outcomes: self, launch: launch).names
    }

    /// One outcome with how a step names it.
    struct Choice {
        var label: String
        var outcome: ServiceOutcome
    }

    /// Whether `call` shows a system sheet over the app while it is pending (a purchase, a photo pick): the ones
    /// the user can cancel.
    func showsSystemSheet(_ call: PendingCall) -> Bool {
        guard let declaration = flow.service(named: call.service), declaration.kind != .api,
            declaration.kind != .custom
        else { return false }
        return BuiltinOperations.signatures(for: declaration.kind).first { $0.name == call.operation }?.cancellable
            ?? false
    }

    func outcomes(for call: PendingCall, page: PageRequest) -> [Choice] {
        outcomes(service: call.service, operation: call.operation, pc: call.pc, page: page)
    }

    /// The declared result type of an operation (`list<Entry>`, `Take`), `any` when none is declared.
    func resultType(service: String, operation: String) -> String {
        let declaration = flow.service(named: service)
        let signature = declaration.flatMap {
            BuiltinOperations.signatures(for: $0.kind).first { $0.name == operation }
        }
        return declaration?.operation(named: operation)?.result?.text ?? signature?.result ?? "any"
    }

    /// The argument names an ok result echoes: the fields of its record type (a take's `line`; docs/check.md).
    func echoedFields(service: String, operation: String) -> Set<String> {
        var type = resultType(service: service, operation: operation).trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("?") { type.removeLast() }
        return Set((samples.records[type] ?? []).map(\.0))
    }

    func outcomes(service: String, operation: String, pc: Int, page: PageRequest = .first) -> [Choice] {
        let declaration = flow.service(named: service)
        let kind = declaration?.kind ?? .custom
        let signature = declaration.flatMap {
            BuiltinOperations.signatures(for: $0.kind).first { $0.name == operation }
        }
        let results = samples.values(of: resultType(service: service, operation: operation), page: page)
        var choices = results.enumerated().map { index, value in
            Choice(label: Self.okLabel(value, index: index, of: results.count), outcome: .ok(value))
        }
        var codes: [String] = []
        if pc >= 0, pc < program.code.count, case .call(let call) = program.code[pc] { codes = call.codes.map(\.code) }
        for code in declaration?.codes ?? [] where code.outcome != .ok && !codes.contains(code.code.text) {
            codes.append(code.code.text)
        }
        for code in codes {
            choices.append(Choice(label: "code \(code)", outcome: .error(error(service, code))))
        }
        choices.append(Choice(label: "error", outcome: .error(error(service, "failed"))))
        if kind == .api || kind == .custom {
            choices.append(Choice(label: "timeout", outcome: .error(error(service, "timeout"))))
            choices.append(
                Choice(label: "transport failure", outcome: .error(error(service, "refused"))))
        }
        if signature?.cancellable ?? (kind == .custom) {
            choices.append(Choice(label: "cancelled", outcome: .cancelled))
        }
        return choices
    }

    /// How a step names an ok outcome: a list by its length, a short value by itself, a long one by its number.
    static func okLabel(_ value: Value, index: Int, of count: Int) -> String {
        if case .list(let items) = value { return items.count == 1 ? "ok, 1 item" : "ok, \(items.count) items" }
        let literal = value.literal
        return literal.count <= 60 ? "ok \(literal)" : "ok, sample \(index + 1) of \(count)"
    }

    /// The audio timeline of `lines` lines: each a second long, or an error.
    func timelineOutcomes(lines: Int) -> [Choice] {
        let durations = Value.list(Array(repeating: .number(1), count: lines))
        return [
            Choice(label: "ok timeline", outcome: .ok(.record(["durations": durations]))),
            Choice(label: "error", outcome: .error(error(program.audioService ?? "audio", "failed"))),
        ]
    }

    /// Ends the message of every error the explorer injects, so errors the flow causes itself can be told apart.
    static let marker = " (segue check)"

    /// One message for every injected error, so outcomes a flow handles alike (an alert with `error.message`) are
    /// one state; they still differ in `error.code`.
    private func error(_ service: String, _ code: String) -> ServiceError {
        ServiceError(service: service, code: code, message: "\(service) failed" + Self.marker)
    }
}
