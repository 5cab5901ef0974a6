import Foundation
import SegueAudio

/// `segue-bench audio`: trims and gains a long 48 kHz stereo 16-bit WAV with Segue and with sox, best of N runs.
///
/// With `--json` the last line is one JSON object: `trim_ratio` and `gain_ratio` (Segue time / sox time, lower is
/// better), `peak_rss_mib`, and the timings behind them.
enum AudioBenchmark {
    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        let minutes: Double
        let runs: Int
        do {
            let options = try BenchOptions(
                arguments, suite: "audio", flags: ["--json"], values: ["--minutes": "N", "--runs": "N"])
            json = options.has("--json")
            minutes = try options.positiveNumber("--minutes", default: 10)
            runs = try options.positiveInt("--runs", default: 3)
        } catch {
            return error.report()
        }
        guard
            let sox = ["/usr/bin/sox", "/usr/local/bin/sox", "/opt/homebrew/bin/sox"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return fail("sox is not installed; the audio benchmark compares with it (apt-get install sox)") }
        do {
            return try run(sox: sox, minutes: minutes, runs: max(1, runs), json: json)
        } catch {
            return fail("\(error)")
        }
    }

    private static func run(sox: String, minutes: Double, runs: Int, json: Bool) throws -> Int32 {
        let directory = workingDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let format = AudioFormat(sampleRate: 48_000, channels: 2, encoding: .int16)
        let log: (String) -> Void = { line in if !json { print(line) } else { printError(line) } }

        // A short file first: if memory were proportional to length, the long file's peak would be far higher.
        let short = directory + "/short.wav"
        try SignalGenerator.writeFile(
            path: short, signal: .noise(amplitude: 0.8, seed: 1), format: format, frames: 48_000 * 30)
        try AudioEditor.trim(
            input: short, output: directory + "/short-trim.wav", range: .init(start: 5, end: 25, unit: .seconds))
        try AudioEditor.applyGain(input: short, output: directory + "/short-gain.wav", gain: 0.5)
        let shortRSS = peakRSSMiB()

        let input = directory + "/input.wav"
        let frames = Int(minutes * 60 * 48_000)
        let generation = try time {
            try SignalGenerator.writeFile(
                path: input, signal: .noise(amplitude: 0.8, seed: 2), format: format, frames: frames)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0
        log(
            String(
                format: "generated %.1f min, %.1f MiB in %.3f s: %@", minutes, Double(size) / 1_048_576, generation,
                input))

        let start = minutes * 60 * 0.1
        // Segue alone on the long file first, so the peak below is Segue's, not the benchmark's bookkeeping.
        try AudioEditor.trim(
            input: input, output: directory + "/warm-trim.wav", range: .init(start: start, end: nil, unit: .seconds))
        try AudioEditor.applyGain(input: input, output: directory + "/warm-gain.wav", gain: 0.5)
        let longRSS = peakRSSMiB()
        let end = minutes * 60 * 0.9
        let trimmed = (directory + "/segue-trim.wav", directory + "/sox-trim.wav")
        let gained = (directory + "/segue-gain.wav", directory + "/sox-gain.wav")
        var timings: [String: Double] = [:]
        for _ in 0..<runs {
            let segueTrim = try time {
                try AudioEditor.trim(
                    input: input, output: trimmed.0, range: .init(start: start, end: end, unit: .seconds))
            }
            let soxTrim = try time { try runTool(sox, ["-D", input, trimmed.1, "trim", "\(start)", "=\(end)"]) }
            let segueGain = try time { try AudioEditor.applyGain(input: input, output: gained.0, gain: 0.5) }
            let soxGain = try time { try runTool(sox, ["-D", input, gained.1, "vol", "0.5"]) }
            for (key, value) in [
                ("segue_trim_s", segueTrim), ("sox_trim_s", soxTrim), ("segue_gain_s", segueGain),
                ("sox_gain_s", soxGain),
            ] {
                timings[key] = min(timings[key] ?? .infinity, value)
            }
            log(
                String(
                    format: "run: trim segue %.3f s, sox %.3f s; gain segue %.3f s, sox %.3f s", segueTrim, soxTrim,
                    segueGain, soxGain))
        }
        let trimDifference = try largestDifference(trimmed.0, trimmed.1)
        let gainDifference = try largestDifference(gained.0, gained.1)
        let trimRatio = timings["segue_trim_s", default: 0] / timings["sox_trim_s", default: 1]
        let gainRatio = timings["segue_gain_s", default: 0] / timings["sox_gain_s", default: 1]
        log(String(format: "best of %d: trim ratio %.3f, gain ratio %.3f (Segue / sox)", runs, trimRatio, gainRatio))
        log("outputs agree with sox: trim max difference \(trimDifference) LSB, gain \(gainDifference) LSB")
        log(
            String(
                format: "peak RSS %.1f MiB after the %.0f-minute file (%.1f MiB after the 30 s one)", longRSS, minutes,
                shortRSS))
        let fields: [(String, String)] = [
            ("suite", "\"audio\""), ("minutes", "\(minutes)"), ("runs", "\(runs)"),
            ("file_mib", String(format: "%.1f", Double(size) / 1_048_576)),
            ("trim_ratio", String(format: "%.4f", trimRatio)), ("gain_ratio", String(format: "%.4f", gainRatio)),
            ("segue_trim_s", String(format: "%.4f", timings["segue_trim_s", default: 0])),
            ("sox_trim_s", String(format: "%.4f", timings["sox_trim_s", default: 0])),
            ("segue_gain_s", String(format: "%.4f", timings["segue_gain_s", default: 0])),
            ("sox_gain_s", String(format: "%.4f", timings["sox_gain_s", default: 0])),
            ("trim_max_lsb_difference", "\(trimDifference)"), ("gain_max_lsb_difference", "\(gainDifference)"),
            ("peak_rss_mib", String(format: "%.1f", longRSS)),
            ("peak_rss_mib_after_short_file", String(format: "%.1f", shortRSS)),
        ]
        if json { print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}") }
        return 0
    }

    /// The largest sample difference between two 16-bit files, in LSB, read block by block.
    private static func largestDifference(_ a: String, _ b: String) throws -> Int {
        let first = try WAVReader(path: a)
        let second = try WAVReader(path: b)
        guard first.frameCount == second.frameCount, first.format == second.format else {
            throw AudioError.incompatibleFormats(
                "\(a) and \(b) differ: \(first.frameCount) vs \(second.frameCount) frames")
        }
        let count = 65_536 * first.format.channels
        let x = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let y = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer {
            x.deallocate()
            y.deallocate()
        }
        var largest = 0.0
        while true {
            let n = try first.read(into: x, frames: 65_536)
            _ = try second.read(into: y, frames: 65_536)
            if n == 0 { break }
            for i in 0..<n * first.format.channels { largest = max(largest, abs(x[i] - y[i])) }
        }
        return Int((largest * 32768).rounded())
    }

    private static func runTool(_ path: String, _ arguments: [String]) throws {
        guard BenchCommand.output([path] + arguments) != nil else {
            throw AudioError.io(
                path: path, operation: "run \(arguments.joined(separator: " "))",
                reason: "it could not start or exited with a status other than 0")
        }
    }

    /// `.build/segue-bench-audio` when run from the package, else a temporary directory.
    private static func workingDirectory() -> String {
        let base = FileManager.default.fileExists(atPath: ".build") ? ".build" : NSTemporaryDirectory()
        let path = base + "/segue-bench-audio-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func fail(_ message: String) -> Int32 {
        printError("segue-bench audio: \(message)")
        return 2
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
