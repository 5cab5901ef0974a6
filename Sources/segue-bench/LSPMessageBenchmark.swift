import Foundation
import SegueJSON
import SegueLanguageServer

/// `segue-bench lsp`'s message codec: the share of an edit spent reading the `didChange` body (the whole flow's text,
/// escaped, as an editor sends it) and writing a `publishDiagnostics` back, each timed `rounds` times on its own.
enum LSPMessageBenchmark {
    struct Result {
        var bodyBytes: Int
        var readMicroseconds: Double
        var writeMicroseconds: Double
    }

    /// Medians in µs of reading `body` and of writing `published` (one message), over `rounds` rounds of 20 each.
    static func measure(body: Data, published: JSON, rounds: Int = 200) -> Result? {
        guard (try? JSON.parse(body)) != nil else { return nil }
        var reads: [Double] = []
        var writes: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            reads.append(
                time {
                    for _ in 0..<20 { if case .object(let members)? = try? JSON.parse(body) { sink &+= members.count } }
                } / 20 * 1e6)
            writes.append(time { for _ in 0..<20 { sink &+= published.encoded().count } } / 20 * 1e6)
        }
        guard sink != 0 else { return nil }
        return Result(
            bodyBytes: body.count, readMicroseconds: StartupBenchmark.median(reads),
            writeMicroseconds: StartupBenchmark.median(writes))
    }
}
