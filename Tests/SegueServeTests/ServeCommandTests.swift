import Foundation
import SegueRuntime
import Testing

/// `segue serve` as a person starts it: the address printed, usage mistakes and flows with errors refused with
/// their exit status, the warning for a non-loopback host.
@Suite(
    .serialized, .enabled(if: ServeFixture.binary != nil, "build `segue` first (swift build) to run the binary tests"))
struct ServeCommandTests {
    /// Starts `segue serve`, reads until `stop` says enough (or 20 seconds pass), then stops it.
    static func run(
        _ arguments: [String], environment: [String: String] = [:],
        until stop: @escaping @Sendable (String) -> Bool = { _ in false }
    )
        async throws
        -> (status: Int32, output: String, errors: String)
    {
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: ServeFixture.binary ?? ""), arguments: ["serve"] + arguments,
            directory: ServeFixture.root, environment: environment)
        // Ctrl-C once `stop` says enough, or when it has not exited 20 s after starting.
        let deadline = Task {
            if await child.exitStatus(within: .seconds(20)) == nil, !Task.isCancelled { child.send(SIGINT) }
        }
        var output = Data()
        var errors = Data()
        var stopped = false
        for await chunk in child.output {
            switch chunk {
            case .standardOutput(let bytes): output.append(bytes)
            case .standardError(let bytes): errors.append(bytes)
            }
            if !stopped, stop(String(decoding: output, as: UTF8.self)) {
                stopped = true
                child.send(SIGINT)
            }
        }
        deadline.cancel()
        return (
            await child.exitStatus(), String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    @Test func printsTheAddressAndStopsOnInterrupt() async throws {
        let run = try await Self.run(["flows/donate.yaml", "--port", "0"]) { $0.contains("Ctrl-C stops") }
        #expect(run.output.hasPrefix("segue serve: flows/donate.yaml at http://127.0.0.1:"))
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
    }

    @Test func theAddressCarriesTheRunsTokenAndOnlyItOpensThePage() async throws {
        let answers = Answers()
        let run = try await Self.run(["flows/donate.yaml", "--port", "0"]) { output in
            // http://127.0.0.1:PORT/?token=HEX, asked while the server runs.
            guard let line = output.split(separator: "\n").first, line.contains("Ctrl-C stops"),
                let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
                let port = url.split(separator: ":").last?.split(separator: "/").first.flatMap({ UInt16($0) }),
                let token = url.components(separatedBy: "?token=").last
            else { return false }
            let host = "Host: 127.0.0.1:\(port)\r\n"
            answers.set(
                token: token,
                with: LoopbackClient.exchangeBlocking(port: port, "GET /?token=\(token) HTTP/1.1\r\n\(host)\r\n"),
                without: LoopbackClient.exchangeBlocking(port: port, "GET / HTTP/1.1\r\n\(host)\r\n"))
            return true
        }
        #expect(run.status == 0)
        let (token, with, without) = answers.get()
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(token)")
        #expect(LoopbackClient.status(of: with) == 303)
        #expect(LoopbackClient.header("Set-Cookie", in: with)?.contains("=\(token); HttpOnly; SameSite=Strict") == true)
        #expect(LoopbackClient.status(of: without) == 403)
    }

    @Test func namesTheServerItCalls() async throws {
        // Issue 16: SEGUE_API_URL sends the board's calls elsewhere; standard error says so before anything is
        // served (issue 31: one line per command and server, before they start).
        let run = try await Self.run(
            ["flows/donate.yaml", "--port", "0"], environment: ["SEGUE_API_URL": "http://127.0.0.1:9/api"]
        ) { $0.contains("Ctrl-C stops") }
        #expect(
            run.errors.split(separator: "\n").first
                == "segue serve: service board → http://127.0.0.1:9/api (from SEGUE_API_URL), not the local board")
        #expect(!run.output.contains("not the local board"))
        let local = try await Self.run(["flows/donate.yaml", "--port", "0"], environment: ["SEGUE_API_URL": ""]) {
            $0.contains("Ctrl-C stops")
        }
        #expect(!local.output.contains("not the local board") && !local.errors.contains("not the local board"))
    }

    @Test func warnsWhenListeningBeyondLoopback() async throws {
        let run = try await Self.run(["flows/donate.yaml", "--port", "0", "--host", "0.0.0.0"]) {
            $0.contains("Ctrl-C")
        }
        #expect(
            run.errors.contains(
                "warning: listening on 0.0.0.0: anyone who can reach this address and sees the token (sent unencrypted) can drive the flow"
            ))
    }

    @Test func refusesMistakesWithTheirStatus() async throws {
        let noFlow = try await Self.run([])
        #expect(noFlow.status == 2)
        #expect(noFlow.errors.contains("name one flow file"))
        let badPort = try await Self.run(["flows/donate.yaml", "--port", "http"])
        #expect(badPort.status == 2)
        #expect(badPort.errors.contains("--port takes a number from 0 to 65535, not `http`"))
        let badHost = try await Self.run(["flows/donate.yaml", "--host", "example.com"])
        #expect(badHost.status == 2)
        #expect(badHost.errors.contains("`example.com` is not an IPv4 address"))
        let missing = try await Self.run(["flows/nothing.yaml"])
        #expect(missing.status == 2)
        let path = try ServeFixture.helloCopy()
        try ServeFixture.edit(path) { $0.replacingOccurrences(of: "start: welcome", with: "start: nowhere") }
        let broken = try await Self.run([path])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("nowhere"))
    }
}

/// What the address test's server said, handed out of the output callback.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var values = ("", "", "")
    func set(token: String, with: String, without: String) { lock.withLock { values = (token, with, without) } }
    func get() -> (String, String, String) { lock.withLock { values } }
}
