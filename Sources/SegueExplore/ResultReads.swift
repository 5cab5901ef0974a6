import SegueMachine
import SegueModel

/// The calls whose ok result a flow can read: through `as:`, or by an expression that runs after the outcome while
/// `result` is still the call's — in its `ok` branch, an empty-result `codes:` branch, the actions after the call, or
/// a timer or delayed send they start — up to the next call, which takes `result` away; and an audio `record`,
/// whose texts the take `stop_recording` gives echoes. A call nothing reads the result of cannot tell its arguments
/// apart through the texts its result echoes (`OpaqueExpressions`).
///
///     ResultReads(program: program).isRead(pc)  // false for donate's `add_entry`: only `has_entry` is set
struct ResultReads {
    private let program: Program
    /// Indexes into `program.expressions` that name `result`.
    private let readers: Set<Int>

    init(program: Program) {
        self.program = program
        readers = Set(
            program.expressions.indices.filter { program.expressions[$0].names.contains(ImplicitName.result.rawValue) })
    }

    /// Whether the result of the call at `pc` can be read.
    func isRead(_ pc: Int) -> Bool {
        guard pc >= 0, pc < program.code.count, case .call(let call) = program.code[pc] else { return true }
        if call.resultTarget != nil { return true }
        // A recording's texts come back in the take `stop_recording` gives (`CheckState.recordingEcho`).
        if RecordingCall(service: call.service, operation: call.operation, services: program.services) == .start {
            return true
        }
        var queue = [call.ok ?? pc + 1] + call.codes.map(\.entry)
        var visited: Set<Int> = []
        while let next = queue.popLast() {
            guard next >= 0, next < program.code.count else { continue }
            guard visited.insert(next).inserted else { continue }
            let step = Self.step(program.code[next], at: next)
            if step.expressions.contains(where: readers.contains) { return true }
            queue += step.successors
        }
        return false
    }

    /// The expressions an instruction evaluates and where the same frame goes on, with `result` still bound.
    static func step(_ instruction: Instruction, at pc: Int) -> (expressions: [Int], successors: [Int]) {
        switch instruction {
        case .navigate(let operation):
            // `on_result:` binds a `result` of its own.
            return (operation.arguments.map(\.value) + [operation.result].compactMap { $0 }, [pc + 1])
        case .assign(let operations):
            return (operations.flatMap(\.expressions), [pc + 1])
        case .bind(let bindings):
            return (bindings.map(\.value), [pc + 1])
        case .send(_, let payload, _, let data):
            return (payload.map(\.value) + [data].compactMap { $0 }, [pc + 1])
        case .sendComputed(let operation):
            let parts = [operation.name, operation.data, operation.target, operation.processor].compactMap { $0 }
            return (operation.payload.map(\.value) + parts, [pc + 1])
        case .sendLater(let operation):
            return (operation.payload.map(\.value) + [operation.data].compactMap { $0 } + [operation.delay], [pc + 1])
        case .emit(_, let payload):
            return (payload.map(\.value), [pc + 1])
        case .call(let call):
            // Its arguments still read this `result`; its outcome replaces it.
            return (call.arguments.map(\.value), [])
        case .alert(let alert):
            return ([alert.title, alert.message].compactMap { $0 }, [pc + 1])
        case .jumpUnless(let condition, let target):
            return ([condition], [pc + 1, target])
        case .jump(let target):
            return ([], [target])
        case .forEachStart(let loop):
            return ([loop.list], [pc + 1])
        case .forEachNext(let loop):
            return ([], [pc + 1, loop.exit])
        case .startTimer(let timer):
            // The timer keeps the frame: its body sees this `result` when it fires.
            return ([timer.delay], [pc + 1, timer.entry])
        case .cancelComputed(let id, _):
            return ([id], [pc + 1])
        case .openURL(let url):
            return ([url], [pc + 1])
        case .play(let play):
            return ([play.line].compactMap { $0 }, [pc + 1])
        case .goto, .deliver, .cancelTimer, .stopPlayback, .advancePlayback:
            return ([], [pc + 1])
        case .end:
            return ([], [])
        }
    }
}
