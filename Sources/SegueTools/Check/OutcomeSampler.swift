import SegueExpression
import SegueModel
import SegueRuntime

/// Every way a pending call can end, as `segue check` answers it: ok with sample results, each declared code, a
/// plain error, a timeout, a transport failure, and cancelled where the user can back out.
///
///     sampler.outcomes(service: "store", operation: "purchase", pc: 12)
///     // [("ok", .ok(purchase)), ("error", …), ("timeout", …), ("transport failure", …), ("cancelled", .cancelled)]
struct OutcomeSampler {
    let flow: Flow
    let program: Program
    let samples: SampleValues

    init(flow: Flow, program: Program) {
        self.flow = flow
        self.program = program
        samples = SampleValues(flow: flow)
    }

    /// One outcome with how a step names it.
    struct Choice {
        var label: String
        var outcome: ServiceOutcome
    }

    func outcomes(service: String, operation: String, pc: Int) -> [Choice] {
        let declaration = flow.service(named: service)
        let kind = declaration?.kind ?? .custom
        let signature = declaration.flatMap {
            BuiltinOperations.signatures(for: $0.kind).first { $0.name == operation }
        }
        let resultType = declaration?.operation(named: operation)?.result?.text ?? signature?.result ?? "any"
        var choices = samples.values(of: resultType).map { Choice(label: "ok \($0.literal)", outcome: .ok($0)) }
        var codes: [String] = []
        if pc >= 0, pc < program.code.count, case .call(let call) = program.code[pc] { codes = call.codes.map(\.code) }
        for code in declaration?.codes ?? [] where code.outcome != .ok && !codes.contains(code.code.text) {
            codes.append(code.code.text)
        }
        for code in codes {
            choices.append(Choice(label: "code \(code)", outcome: .error(error(service, code, "code \(code)"))))
        }
        choices.append(Choice(label: "error", outcome: .error(error(service, "failed", "it failed"))))
        if kind == .api || kind == .custom {
            choices.append(Choice(label: "timeout", outcome: .error(error(service, "timeout", "timed out"))))
            choices.append(
                Choice(label: "transport failure", outcome: .error(error(service, "refused", "cannot connect"))))
        }
        if signature?.cancellable ?? (kind == .custom) {
            choices.append(Choice(label: "cancelled", outcome: .cancelled))
        }
        return choices
    }

    /// The audio timeline of `lines` lines: each a second long, or an error.
    func timelineOutcomes(lines: Int) -> [Choice] {
        let durations = Value.list(Array(repeating: .number(1), count: lines))
        return [
            Choice(label: "ok timeline", outcome: .ok(.record(["durations": durations]))),
            Choice(label: "error", outcome: .error(error(program.audioService ?? "audio", "failed", "it failed"))),
        ]
    }

    /// Ends the message of every error the explorer injects, so errors the flow causes itself can be told apart.
    static let marker = " (segue check)"

    private func error(_ service: String, _ code: String, _ message: String) -> ServiceError {
        ServiceError(service: service, code: code, message: "\(service) \(message)" + Self.marker)
    }
}
