import Foundation
import SegueDiagnostics
import SegueJSON

/// Runs a `LanguageServer` over a pair of file descriptors (standard input and output for `segue lsp`).
///
/// A reader thread frames messages as they arrive; the serving loop handles them in order, answers a request
/// already cancelled when its turn comes with `RequestCancelled`, and publishes diagnostics once an edit has been
/// quiet for the debounce interval, and the findings of the exploration that follows when it finishes.
public final class StdioServer: @unchecked Sendable {
    private let input: Int32
    private let output: FileHandle
    private let server: LanguageServer
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var queue: [Data] = []
    private var endOfInput = false

    public init(
        input: Int32 = 0, output: FileHandle = .standardOutput, debounce: Double = 0.15,
        check: BackgroundCheckSettings? = BackgroundCheckSettings(),
        log: @escaping @Sendable (String) -> Void = StdioServer.logToStandardError
    ) {
        self.input = input
        self.output = output
        self.log = log
        let condition = self.condition
        self.server = LanguageServer(
            debounce: debounce, check: check,
            checkFinished: {
                condition.lock()
                condition.signal()
                condition.unlock()
            }, log: log)
    }

    /// The log on standard error, which editors show: method names, ids and errors come from the editor's messages,
    /// so control and bidi characters are shown escaped (`TerminalText`).
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((TerminalText.escaped(line, lineBreaks: false) + "\n").utf8))
    }

    /// Serves until `exit` or the end of input; returns the process's exit status.
    public func run() -> Int32 {
        let reader = Thread { [self] in readLoop() }
        reader.start()
        while true {
            condition.lock()
            // A finished exploration signals too: its findings are published by `due` below.
            while queue.isEmpty && !endOfInput && !server.hasFinishedChecks {
                if let deadline = server.nextDeadline {
                    let wait = deadline - Self.now()
                    if wait <= 0 { break }
                    _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
                } else {
                    condition.wait()
                }
            }
            let batch = queue
            queue.removeAll()
            let ended = endOfInput
            condition.unlock()
            handle(batch)
            if let code = server.exitCode { return code }
            send(server.due(now: Self.now()))
            if ended && batch.isEmpty {
                log("segue lsp: input closed without `exit`")
                return 1
            }
        }
    }

    /// Handles a batch in order; cancellations in the batch apply to the requests they name.
    private func handle(_ batch: [Data]) {
        let messages: [JSON?] = batch.map { try? JSON.parse($0) }
        var cancelled: Set<JSON> = []
        for case let message? in messages where message["method"]?.string == "$/cancelRequest" {
            if let id = message["params"]?["id"] { cancelled.insert(id) }
        }
        for index in messages.indices {
            guard let message = messages[index] else {
                send(server.receive(body: batch[index], now: Self.now()))
                continue
            }
            if let id = message["id"], message["method"] != nil, cancelled.contains(id) {
                send([server.cancelled(message)])
                continue
            }
            send(server.receive(message, now: Self.now()))
            if server.exitCode != nil { return }
        }
    }

    private func send(_ messages: [JSON]) {
        for message in messages { output.write(MessageFramer.frame(message.encoded())) }
    }

    private func readLoop() {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            framer.append(chunk[0..<count])
            var bodies: [Data] = []
            while true {
                do {
                    guard let body = try framer.next() else { break }
                    bodies.append(body)
                } catch {
                    log("segue lsp: \(error)")
                }
            }
            guard !bodies.isEmpty else { continue }
            condition.lock()
            queue += bodies
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        endOfInput = true
        condition.signal()
        condition.unlock()
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
