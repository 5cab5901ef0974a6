import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

/// A custom service answered by a process the flow names (`command:`), spoken to in JSON lines (docs/services.md):
/// one request `{"id", "op", "args"}` per call, one response `{"id", "ok"}` or `{"id", "error": {code, message}}`,
/// and `{"id", "cancel": true}` when the call is cancelled. Started at the first call; a crashed, silent or
/// garbage-writing process ends the calls waiting on it with an error, never a hang.
///
///     let library = ProcessService(name: "library", command: command, operations: ["search"], timeout: 10)
///     await library.answer("search", arguments: ["query": "swift"], call: 1)
public actor ProcessService: FlowService {
    public nonisolated let operations: [String]
    let name: String
    let command: ServiceCommand
    /// Seconds a call waits for its answer.
    let timeout: Double
    private var running: ServiceProcess?
    /// Bumped at every start, so lines of a process that was replaced are ignored.
    private var generation = 0
    private var nextRequest = 1
    private var waiting: [Int: Waiting] = [:]
    /// stderr lines since the last answer; they go with the next one into the trace.
    private var said: [String] = []
    private var lastSaid: String?
    /// Requests written whose caller has not started waiting yet, and answers that came first.
    private var sent: Set<Int> = []
    private var early: [Int: ServiceAnswer] = [:]

    private struct Waiting {
        var operation: String
        var continuation: CheckedContinuation<ServiceAnswer, Never>
        var timer: Task<Void, Never>
        /// Its request could not be written: the process had stopped reading.
        var unread = false
    }

    public init(name: String, command: ServiceCommand, operations: [String], timeout: Double) {
        self.name = name
        self.command = command
        self.operations = operations
        self.timeout = timeout
    }

    private var commandText: String { command.arguments.joined(separator: " ") }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        await answer(operation, arguments: arguments, call: 0).outcome
    }

    public func answer(_ operation: String, arguments: [String: Value], call _: Int) async -> ServiceAnswer {
        guard operations.contains(operation) else {
            return failure("unknown_operation", "`\(name)` has no operation `\(operation)`")
        }
        let process: ServiceProcess
        do {
            process = try start()
        } catch {
            return failure("process_failed", "cannot start `\(commandText)` for service `\(name)`: \(error)")
        }
        let id = nextRequest
        nextRequest += 1
        let request = Value.record(["id": .int(id), "op": .string(operation), "args": .record(arguments)])
        // A request the process no longer reads waits like any other: the end of its pipes answers it.
        let unread = !process.write(Self.json(request))
        sent.insert(id)
        let timeout = timeout
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let timer = Task {
                    try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                    guard !Task.isCancelled else { return }
                    self.expire(id)
                }
                sent.remove(id)
                if let answer = early.removeValue(forKey: id) {
                    timer.cancel()
                    return continuation.resume(returning: answer)
                }
                waiting[id] = Waiting(operation: operation, continuation: continuation, timer: timer, unread: unread)
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// Stops the process; calls still waiting end with `process_exited`.
    public func stop() async {
        let process = running
        running = nil
        failAll("process_exited", "service `\(name)` was stopped")
        await process?.stop()
    }

    // MARK: the process

    private func start() throws -> ServiceProcess {
        if let running, running.isRunning { return running }
        let process = try ServiceProcess(
            arguments: command.arguments, directory: command.directory,
            environment: ["SEGUE_SERVICE": name, "SEGUE_FLOW_DIRECTORY": command.directory])
        generation += 1
        running = process
        let current = generation
        // One reader for both pipes, in the order the process wrote them: what it said on stderr before an answer
        // is in the trace of that answer.
        Task {
            for await line in process.lines {
                switch line {
                case .answer(let text): self.received(text, from: current)
                case .said(let text): self.saidOnStderr(text, from: current)
                }
            }
            await self.endedAll(process, from: current)
        }
        return process
    }

    private func received(_ line: String, from source: Int) {
        guard source == generation, let process = running else { return }
        guard case .record(let fields)? = try? Value.parse(json: line),
            case .int(let id)? = fields["id"]
        else {
            // A line that is no response breaks the protocol: nothing it says can be matched to a call.
            running = nil
            Task { await process.stop() }
            return failAll(
                "bad_response", "service `\(name)` wrote a line that is not a JSON response: «\(Self.excerpt(line))»")
        }
        guard let call = waiting.removeValue(forKey: id) else {
            if sent.contains(id) { early[id] = answer(from: fields, of: "", line: line) }
            return  // else late: timed out or cancelled
        }
        call.timer.cancel()
        call.continuation.resume(returning: answer(from: fields, of: call.operation, line: line))
    }

    private func answer(from fields: [String: Value], of operation: String, line: String) -> ServiceAnswer {
        let delay = fields["after"]?.numberValue.map { ClockDuration(seconds: max(0, $0)) } ?? .zero
        let outcome: ServiceOutcome
        if let value = fields["ok"] {
            outcome = .ok(value)
        } else if case .record(let error)? = fields["error"], case .string(let code)? = error["code"] {
            let message = error["message"].map { $0.description } ?? code
            outcome = .error(ServiceError(service: name, code: code, message: message))
        } else if fields["cancelled"] == .bool(true) {
            outcome = .cancelled
        } else {
            outcome = .error(
                ServiceError(
                    service: name, code: "bad_response",
                    message:
                        "service `\(name)` answered `\(operation)` with neither `ok` nor `error`: «\(Self.excerpt(line))»"
                ))
        }
        return ServiceAnswer(outcome, delay: delay, log: takeSaid())
    }

    private func saidOnStderr(_ line: String, from source: Int) {
        guard source == generation else { return }
        let kept = Self.excerpt(line)
        lastSaid = kept
        if said.count < 100 { said.append(kept) }
    }

    private func takeSaid() -> [String] {
        defer { said = [] }
        return said
    }

    /// Both pipes closed: the process is gone (or no longer speaks); every waiting call fails with what it said
    /// last, which came before the end.
    private func endedAll(_ process: ServiceProcess, from source: Int) async {
        let status = await process.stop()
        guard source == generation else { return }
        if running === process { running = nil }
        let how = "exited with status \(status)"
        let last = lastSaid.map { ": \($0)" } ?? ""
        for (_, call) in waiting {
            call.timer.cancel()
            let before = call.unread ? "reading the request" : "answering"
            call.continuation.resume(
                returning: failure(
                    "process_exited", "service `\(name)` (`\(commandText)`) \(how) before \(before)\(last)"))
        }
        waiting = [:]
    }

    // MARK: calls that end without an answer

    private func expire(_ id: Int) {
        guard let call = waiting.removeValue(forKey: id) else { return }
        _ = running?.write(Self.json(.record(["id": .int(id), "cancel": .bool(true)])))
        let seconds = ClockDuration(seconds: timeout)
        call.continuation.resume(
            returning: failure(
                "timeout", "service `\(name)` did not answer `\(call.operation)` within \(seconds)"))
    }

    private func cancel(_ id: Int) {
        guard let call = waiting.removeValue(forKey: id) else { return }
        call.timer.cancel()
        _ = running?.write(Self.json(.record(["id": .int(id), "cancel": .bool(true)])))
        call.continuation.resume(returning: ServiceAnswer(.cancelled, log: takeSaid()))
    }

    private func failAll(_ code: String, _ message: String) {
        let answer = failure(code, message)
        for (_, call) in waiting {
            call.timer.cancel()
            call.continuation.resume(returning: answer)
        }
        waiting = [:]
    }

    private func failure(_ code: String, _ message: String) -> ServiceAnswer {
        ServiceAnswer(.error(ServiceError(service: name, code: code, message: message)), log: takeSaid())
    }

    // MARK: text

    static func json(_ value: Value) -> String { value.json }

    /// A line as shown in messages and the trace: at most 200 characters, then control and bidi characters
    /// escaped (`\u{1B}`, the one rule: `TerminalText`).
    static func excerpt(_ line: String) -> String {
        let short = line.count <= 200 ? line : String(line.prefix(199)) + "…"
        return TerminalText.escaped(short, lineBreaks: false)
    }
}
