import Foundation
import SegueCheck
import SegueDiagnostics
import SegueModel
import SegueYAML

/// `segue-bench load`: the raw libyaml event parse of generated ring flows against Segue's whole front end
/// (load + decode + check) on the same bytes, in one process, best of several runs.
///
/// `load --stage libyaml|yaml|decode|all [--screens N] [--runs N]` runs one stage on one ring instead, for profilers
/// (`perf`, `heaptrack`; valgrind gives up on the release binary's DWARF 5 debug info) and for the peak memory of that
/// stage alone.
enum LoadBenchmark {
    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        let runs: Int
        do throws(BenchOptions.Misuse) {
            let options = try BenchOptions(
                arguments, suite: "load", flags: ["--json"],
                values: ["--runs": "N", "--stage": "NAME", "--screens": "N"])
            json = options.has("--json")
            runs = try options.positiveInt("--runs", default: 5)
            if let stage = options.text("--stage") {
                return try profile(stage: stage, screens: options.positiveInt("--screens", default: 10_000), runs: runs)
            }
            if options.text("--screens") != nil { throw options.misuse("--screens goes with --stage") }
        } catch {
            return error.report()
        }
        var rows: [(screens: Int, bytes: Int, libyaml: Double, segue: Double)] = []
        for screens in [1_000, 10_000] {
            // The generated text is dropped once its bytes are in the file: the harness holds one copy of the input.
            let file = SourceFile(path: "ring_\(screens).yaml", text: BenchFlows.ring(screens))
            // Check once that the front end accepts the file, so the timing is of a successful load.
            let problems = FrontEnd.load(file).filter { $0.severity == .error }
            guard problems.isEmpty else {
                FileHandle.standardError.write(
                    Data("segue-bench: the generated ring does not load: \(problems[0])\n".utf8))
                return 1
            }
            let libyaml = best(of: runs) { _ = YAMLLoader.parseEventsOnly(file) }
            let segue = best(of: runs) { _ = FrontEnd.load(file) }
            rows.append((screens, file.bytes.count, libyaml * 1000, segue * 1000))
            if !json {
                // Where the time goes: the YAML tree alone, then the tree and the model.
                let tree = best(of: runs) { _ = YAMLLoader().load(file) }
                let model = best(of: runs) {
                    // As the front end does: the decoder takes the tree and frees it screen by screen.
                    var root = YAMLLoader().load(file).root
                    var decoder = FlowDecoder(file: file)
                    _ = decoder.decodeFlow(taking: &root)
                }
                print(
                    "ring \(screens): yaml tree \(fixed(tree * 1000, 1)) ms, + decode \(fixed((model - tree) * 1000, 1)) ms, "
                        + "+ check \(fixed((segue - model) * 1000, 1)) ms")
                print(
                    "ring \(screens): \(file.bytes.count / 1024) KiB, libyaml \(fixed(libyaml * 1000, 1)) ms, "
                        + "segue \(fixed(segue * 1000, 1)) ms, ratio \(fixed(segue / libyaml, 2))")
            }
        }
        let large = rows[rows.count - 1]
        let rss = peakRSSMiB()
        if !json {
            print("peak RSS \(fixed(rss, 1)) MiB; goals (issue 26): ratio ≤ 3.0, peak RSS ≤ 40 MiB")
            return 0
        }
        let object: [String: Any] = [
            "suite": "load", "stages": FrontEnd.stages, "runs": runs,
            "screens": large.screens, "bytes": large.bytes,
            "libyaml_ms": round3(large.libyaml), "segue_ms": round3(large.segue),
            "ratio": round3(large.segue / large.libyaml), "peak_rss_mib": round3(rss),
            "ring1k_libyaml_ms": round3(rows[0].libyaml), "ring1k_segue_ms": round3(rows[0].segue),
            "ring1k_ratio": round3(rows[0].segue / rows[0].libyaml),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        print(String(decoding: data, as: UTF8.self))
        return 0
    }

    /// `--stage yaml|decode|all [--screens N]`: runs one stage of the front end on one ring, for profilers
    /// (perf, heaptrack) and for the peak memory of that stage alone.
    private static func profile(stage: String, screens: Int, runs: Int) -> Int32 {
        let file = SourceFile(path: "ring_\(screens).yaml", text: BenchFlows.ring(screens))
        let body: () -> Void
        switch stage {
        case "libyaml": body = { _ = YAMLLoader.parseEventsOnly(file) }
        case "yaml": body = { _ = YAMLLoader().load(file) }
        case "decode":
            body = {
                var root = YAMLLoader().load(file).root
                var decoder = FlowDecoder(file: file)
                _ = decoder.decodeFlow(taking: &root)
            }
        case "all": body = { _ = FrontEnd.load(file) }
        default:
            let message = "segue-bench: unknown stage `\(stage)` (libyaml, yaml, decode, all)\n"
            FileHandle.standardError.write(Data(message.utf8))
            return 2
        }
        let elapsed = best(of: runs, body)
        print("ring \(screens), \(stage): \(fixed(elapsed * 1000, 1)) ms, peak RSS \(fixed(peakRSSMiB(), 1)) MiB")
        return 0
    }

    private static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// Segue's whole front end on one file: YAML → nodes → model → checks, returning every diagnostic.
enum FrontEnd {
    static let stages = "yaml+decode+check"

    static func load(_ file: SourceFile) -> [Diagnostic] {
        FlowLoader().load(file).diagnostics
    }
}
