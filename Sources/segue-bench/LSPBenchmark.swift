import Foundation
import SegueDiagnostics
import SegueJSON
import SegueLanguageServer

/// `segue-bench lsp`: how long an editor waits for diagnostics after an edit of flows/donate.yaml.
///
/// Replays `--edits` edits (100 by default) through the language server in process, as the editor would send them:
/// each is a `didChange` body (bytes, as read off the pipe) and the time runs from handing it to the server to the
/// framed `publishDiagnostics` bytes being ready. The debounce is not counted (the benchmark asks for the
/// diagnostics at once with `flush`); in an editor they arrive the debounce interval later (0.15 s by default).
/// The edits cycle through typing into a title, breaking a `present:` target, restoring it and adding an unknown
/// key; each publication is checked against what the edit must produce, so a server that stops reporting fails.
///
/// Then proof as you type: `--checks` times (5 by default) an edit that breaks one of the flow's invariants (a
/// purchase breaks it, some steps from launch) is handed to a server that explores in the background, and the time
/// runs to the publication that carries the invariant's S001.
enum LSPBenchmark {
    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        let edits: Int
        let checks: Int
        let flow: String
        do {
            let options = try BenchOptions(
                arguments, suite: "lsp", flags: ["--json"],
                values: ["--edits": "N", "--checks": "N", "--flow": "FILE"])
            json = options.has("--json")
            edits = try options.positiveInt("--edits", default: 100)
            checks = try options.positiveInt("--checks", default: 5)
            flow = options.text("--flow", default: "flows/donate.yaml")
        } catch {
            return error.report()
        }
        guard let original = try? String(contentsOfFile: flow, encoding: .utf8) else {
            return fail("cannot read \(flow) (run it from the repository's root)")
        }
        let path = PathName.absolute(flow)
        let uri = "file://" + path
        let server = LanguageServer()
        _ = server.receive(body: body(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]), now: 0)
        _ = server.receive(body: body(["jsonrpc": "2.0", "method": "initialized", "params": [:]]), now: 0)
        let open: JSON = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(original)]
            ],
        ]
        _ = server.receive(body: body(open), now: 0)
        guard let opened = diagnosticCount(server.flush(), uri: uri), opened == 0 else {
            return fail("\(flow) does not open without diagnostics; the benchmark edits a clean flow")
        }
        var timings: [Double] = []
        var cpuTimings: [Double] = []
        var codecSample: (body: Data, published: JSON)?
        for edit in 0..<edits {
            guard let (text, broken) = edited(original, edit) else {
                return fail("\(flow) lacks the lines the edits change (`title: Main`, `present: donate }`)")
            }
            let change: JSON = [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(uri), "version": JSON(edit + 2)],
                    "contentChanges": [["text": .string(text)]],
                ],
            ]
            let message = body(change)
            var published: [JSON] = []
            var wire = Data()
            let cpuStart = threadCPUSeconds()
            let elapsed = time {
                _ = server.receive(body: message, now: 0)
                published = server.flush()
                for notification in published { wire.append(MessageFramer.frame(notification.encoded())) }
            }
            cpuTimings.append((threadCPUSeconds() - cpuStart) * 1000)
            guard let count = diagnosticCount(published, uri: uri), (count > 0) == broken else {
                return fail("edit \(edit) published the wrong diagnostics: \(published)")
            }
            timings.append(elapsed * 1000)
            if broken, let diagnostics = published.first { codecSample = (message, diagnostics) }
        }
        guard let codecSample,
            let codec = LSPMessageBenchmark.measure(body: codecSample.body, published: codecSample.published)
        else { return fail("no edit published diagnostics to time the message codec on") }
        var checkTimings: [Double] = []
        for round in 0..<checks {
            switch checkTime(original, path: path, round: round) {
            case .success(let seconds): checkTimings.append(seconds * 1000)
            case .failure(let message): return fail(message.text)
            }
        }
        let sorted = timings.sorted()
        let p50 = StartupBenchmark.median(timings)
        let p95 = percentile95(timings)
        let cpuP50 = StartupBenchmark.median(cpuTimings)
        if json {
            let report: [String: Double] = [
                "edits": Double(edits), "edit_p50_ms": (p50 * 1000).rounded() / 1000,
                "edit_p95_ms": (p95 * 1000).rounded() / 1000,
                "edit_max_ms": ((sorted.last ?? 0) * 1000).rounded() / 1000,
                "flow_bytes": Double(original.utf8.count), "edit_cpu_p50_ms": (cpuP50 * 1000).rounded() / 1000,
                "edit_cpu_p95_ms": (percentile95(cpuTimings) * 1000).rounded() / 1000,
                "check_p50_ms": (StartupBenchmark.median(checkTimings) * 1000).rounded() / 1000,
                "check_p95_ms": (percentile95(checkTimings) * 1000).rounded() / 1000,
                "did_change_bytes": Double(codec.bodyBytes),
                "did_change_read_us": (codec.readMicroseconds * 10).rounded() / 10,
                "publish_write_us": (codec.writeMicroseconds * 10).rounded() / 10,
            ]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(report) else { return 2 }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(
                "lsp: \(edits) edits of \(flow): didChange → publishDiagnostics median \(fixed(p50, 2)) ms, "
                    + "p95 \(fixed(p95, 2)) ms, max \(fixed(sorted.last ?? 0, 2)) ms wall; CPU median "
                    + "\(fixed(cpuP50, 2)) ms (debounce not counted)")
            print(
                "lsp: \(checks) edits breaking an invariant: didChange → its S001 published median "
                    + "\(fixed(StartupBenchmark.median(checkTimings), 1)) ms, p95 \(fixed(percentile95(checkTimings), 1)) ms "
                    + "wall (background exploration)")
            print(
                "lsp: message codec: a didChange of \(codec.bodyBytes) bytes read in "
                    + "\(fixed(codec.readMicroseconds, 1)) µs, "
                    + "its publishDiagnostics written in \(fixed(codec.writeMicroseconds, 1)) µs (medians)")
            print("goal: edit_p95_ms ≤ 10")
        }
        return 0
    }

    /// The text after edit `number` and whether it must draw diagnostics: typing into a title (clean), a
    /// `present:` target broken by a dropped letter, restored, and an unknown key added to a screen.
    static func edited(_ original: String, _ number: Int) -> (text: String, broken: Bool)? {
        guard original.contains("    title: Main\n"), original.contains("{ present: donate }") else { return nil }
        let typed = String(repeating: "x", count: number / 4 + 1)
        switch number % 4 {
        case 0:
            return (original.replacingOccurrences(of: "    title: Main\n", with: "    title: Main \(typed)\n"), false)
        case 1: return (original.replacingOccurrences(of: "{ present: donate }", with: "{ present: donat }"), true)
        case 2: return (original, false)
        default:
            return (
                original.replacingOccurrences(of: "    title: Main\n", with: "    title: Main\n    titel: \(typed)\n"),
                true
            )
        }
    }

    struct Failure: Error { let text: String }

    /// Seconds from an edit that breaks an invariant to the publication carrying its S001, on a fresh server that
    /// explores in the background (the debounce not counted). The edit: a purchase breaks `entry_needs_purchase`.
    static func checkTime(_ original: String, path: String, round: Int) -> Result<Double, Failure> {
        let invariant = #"holds: "!has_entry || purchased != null""#
        guard original.contains(invariant) else {
            return .failure(Failure(text: "the flow lacks `\(invariant)`, which the check timing breaks"))
        }
        let uri = "file://" + path
        let server = LanguageServer(check: BackgroundCheckSettings(seconds: 60))
        _ = server.receive(body: body(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]), now: 0)
        // Opened with an error (nothing is explored), then edited into a flow whose invariant a purchase breaks.
        let open: JSON = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": .string(uri), "languageId": "yaml", "version": 1,
                    "text": .string(
                        original.replacingOccurrences(of: "{ present: donate }", with: "{ present: donat }")),
                ]
            ],
        ]
        _ = server.receive(body: body(open), now: 0)
        _ = server.flush()
        let change: JSON = [
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [
                    [
                        "text": .string(
                            original.replacingOccurrences(of: invariant, with: #"holds: "purchased == null""#))
                    ]
                ],
            ],
        ]
        var found = false
        let elapsed = time {
            _ = server.receive(body: body(change), now: 0)
            _ = server.flush()
            while !found, server.waitForChecks(timeout: 120) {
                let published = server.due(now: 0)
                found = published.contains { message in
                    message["params"]?["diagnostics"]?.array?.contains { $0["code"]?.string == "S001" } == true
                }
                if published.isEmpty { break }
            }
        }
        guard found else { return .failure(Failure(text: "check round \(round): no S001 was published")) }
        return .success(elapsed)
    }

    /// The 95th percentile (nearest rank) of `values`.
    static func percentile95(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    }

    /// This thread's CPU time: on a machine shared with builds, what an edit costs apart from waiting for a core.
    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// The number of diagnostics published for `uri`, nil when none was published for it.
    static func diagnosticCount(_ messages: [JSON], uri: String) -> Int? {
        for message in messages where message["method"]?.string == "textDocument/publishDiagnostics" {
            if message["params"]?["uri"]?.string == uri { return message["params"]?["diagnostics"]?.array?.count }
        }
        return nil
    }

    private static func body(_ message: JSON) -> Data { message.encoded() }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("segue-bench lsp: \(message)\n".utf8))
        return 2
    }
}
