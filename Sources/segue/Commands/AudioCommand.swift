import Foundation
import SegueAudio
import SegueDiagnostics
import SegueJSON
import SegueRuntime

/// `segue audio …`: inspect, trim, gain, convert, mix, meter, record and repair WAV files.
enum AudioCommand: SegueCommand {
    static let name = "audio"
    static let summary = "Inspect, trim, gain, mix, meter and record WAV audio"
    static let synopsis = [
        "info FILE... [--json]", "trim IN OUT --start T [--end T] [--frames] [--preview]",
        "gain IN OUT (--linear G | --db D)", "convert IN OUT --encoding E",
        "mix OUT IN[@GAIN]... [--rate HZ] [--channels N] [--encoding E]", "meter FILE [--window S] [--json]",
        "record OUT (--from FILE | --stdin | --sine HZ | --noise SEED | --voice SEED) [--rate HZ] [--channels N] "
            + "[--encoding E] [--duration S] [--virtual] [--meter]",
        "repair FILE",
    ]
    static let about = """
          info     format, length and chunks of WAV files
          trim     keep [start, end) in seconds (frames with --frames); --preview prints the result's length
                   and writes nothing
          gain     multiply every sample, clipping at full scale
          convert  re-encode: u8, s16, s24, s32, f32, f64 (no dither)
          mix      render inputs one after another into OUT; formats are converted to the first input's
                   unless given
          meter    RMS and peak per window (0.05 s), linear and dBFS
          record   record until the input ends, --duration passes or Ctrl-C; --stdin reads raw little-endian
                   PCM (e.g. `arecord -t raw -f S16_LE -r 48000 -c 1 |`)
          repair   fix the header of an interrupted recording
        """
    static let options = [
        CommandOption("--json", help: "info, meter: print JSON"),
        CommandOption("--start", value: "T", help: "trim: the first second (or frame) kept", completion: .text),
        CommandOption("--end", value: "T", help: "trim: the first second (or frame) dropped again", completion: .text),
        CommandOption("--frames", help: "trim: --start and --end count frames"),
        CommandOption("--preview", help: "trim: print the result's length and write nothing"),
        CommandOption("--linear", value: "G", help: "gain: multiply by G", completion: .text),
        CommandOption("--db", value: "D", help: "gain: by D decibels", completion: .text),
        CommandOption(
            "--encoding", value: "E", help: "convert, mix, record: the sample encoding",
            completion: .words(["u8", "s16", "s24", "s32", "f32", "f64"])),
        CommandOption("--rate", value: "HZ", help: "mix, record: the sample rate (record: 48000)", completion: .text),
        CommandOption("--channels", value: "N", help: "mix, record: the channels (record: 1)", completion: .text),
        CommandOption("--window", value: "S", help: "meter: the window in seconds (0.05)", completion: .text),
        CommandOption("--from", value: "FILE", help: "record: from a WAV file"),
        CommandOption("--stdin", help: "record: raw little-endian PCM from standard input"),
        CommandOption("--sine", value: "HZ", help: "record: a sine tone", completion: .text),
        CommandOption("--noise", value: "SEED", help: "record: seeded noise", completion: .text),
        CommandOption("--voice", value: "SEED", help: "record: a seeded generated voice", completion: .text),
        CommandOption("--duration", value: "S", help: "record: stop after S seconds", completion: .text),
        CommandOption("--virtual", help: "record: on a virtual clock, as fast as it goes"),
        CommandOption("--meter", help: "record: print the level as it records"),
    ]
    static let notes = "Exit status: 0 done, 1 the audio or a range is wrong, 2 usage or I/O trouble."

    /// The subcommands, for completion.
    static let subcommands = ["info", "trim", "gain", "convert", "mix", "meter", "record", "repair"]

    static func run(_ arguments: [String]) async -> Int32 {
        guard let subcommand = arguments.first else {
            printError(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch subcommand {
            case "info": return try info(rest)
            case "trim": return try trim(rest)
            case "gain": return try gain(rest)
            case "convert": return try convert(rest)
            case "mix": return try mix(rest)
            case "meter": return try meter(rest)
            case "record": return try await record(rest)
            case "repair": return try repair(rest)
            default: throw UsageError("unknown subcommand `\(subcommand)`")
            }
        } catch let error as UsageError {
            printError("segue audio: \(error)\n\n\(usage)")
            return 2
        } catch let error as AudioError {
            printError("segue audio \(subcommand): \(error)")
            if case .io = error { return 2 }
            return 1
        } catch {
            printError("segue audio \(subcommand): \(error)")
            return 2
        }
    }

    /// `arguments` with the declared options named in `only`, and `count` files.
    private static func parse(_ arguments: [String], only: Set<String> = [], count: Int) throws -> ParsedArguments {
        let parsed = try ParsedArguments(arguments, options: options.filter { only.contains($0.name) })
        guard parsed.positional.count == count else {
            throw UsageError("expected \(Plural.english(count, "file argument")), got \(parsed.positional.count)")
        }
        return parsed
    }

    private static func number(_ parsed: ParsedArguments, _ option: String) throws -> Double? {
        guard let text = parsed.options[option] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError("\(option) needs a number, got `\(text)`")
        }
        return value
    }

    private static func integer(_ parsed: ParsedArguments, _ option: String, default fallback: Int) throws -> Int {
        guard let text = parsed.options[option] else { return fallback }
        guard let value = Int(text), value > 0 else {
            throw UsageError("\(option) needs a positive integer, got `\(text)`")
        }
        return value
    }

    private static func encoding(_ parsed: ParsedArguments) throws -> SampleEncoding? {
        guard let text = parsed.options["--encoding"] else { return nil }
        guard let encoding = SampleEncoding(name: text) else {
            throw UsageError("unknown encoding `\(text)` (u8, s16, s24, s32, f32, f64)")
        }
        return encoding
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    private static func info(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, options: options.filter { $0.name == "--json" })
        guard !parsed.positional.isEmpty else { throw UsageError("info needs at least one FILE") }
        var status: Int32 = 0
        var objects: [String] = []
        for path in parsed.positional {
            do {
                let reader = try WAVReader(path: path)
                let header = reader.header
                if parsed.switches.contains("--json") {
                    objects.append(
                        """
                        {"path":\(JSONWriter.quoted(path)),"sample_rate":\(reader.format.sampleRate),\
                        "channels":\(reader.format.channels),"encoding":"\(reader.format.encoding.shortName)",\
                        "extensible":\(header.isExtensible),"frames":\(reader.frameCount),"duration":\(reader.duration)}
                        """)
                } else {
                    let kind = header.isExtensible ? "extensible" : (reader.format.encoding.isFloat ? "float" : "PCM")
                    var line =
                        "\(path): \(reader.format) (\(kind)), \(reader.frameCount) frames, \(seconds(reader.duration))"
                    if !header.skippedChunks.isEmpty {
                        line += ", skipped chunks: \(header.skippedChunks)"
                    }
                    print(line)
                }
            } catch {
                printError("segue audio info: \(error)")
                if case .io = error { status = 2 } else { status = max(status, 1) }
            }
        }
        if parsed.switches.contains("--json") { print("[" + objects.joined(separator: ",") + "]") }
        return status
    }

    private static func trim(_ arguments: [String]) throws -> Int32 {
        let parsed = try parse(arguments, only: ["--start", "--end", "--frames", "--preview"], count: 2)
        guard let start = try number(parsed, "--start") else { throw UsageError("trim needs --start") }
        let range = AudioTrimRange(
            start: start, end: try number(parsed, "--end"),
            unit: parsed.switches.contains("--frames") ? .frames : .seconds)
        let (input, output) = (parsed.positional[0], parsed.positional[1])
        if parsed.switches.contains("--preview") {
            let preview = try AudioEditor.previewTrim(path: input, range: range)
            print(
                "would keep frames \(preview.startFrame)..<\(preview.endFrame): \(preview.frames) frames, \(seconds(preview.duration))"
            )
            return 0
        }
        let summary = try AudioEditor.trim(input: input, output: output, range: range)
        print("\(output): \(summary.frames) frames, \(seconds(summary.duration))")
        return 0
    }

    private static func gain(_ arguments: [String]) throws -> Int32 {
        let parsed = try parse(arguments, only: ["--linear", "--db"], count: 2)
        let linear: Double
        switch (try number(parsed, "--linear"), try number(parsed, "--db")) {
        case (let value?, nil): linear = value
        case (nil, let decibels?): linear = pow(10, decibels / 20)
        default: throw UsageError("gain needs exactly one of --linear G or --db D")
        }
        let summary = try AudioEditor.applyGain(input: parsed.positional[0], output: parsed.positional[1], gain: linear)
        print("\(summary.path): gain \(String(format: "%.4f", linear)), \(Plural.english(summary.frames, "frame"))")
        return 0
    }

    private static func convert(_ arguments: [String]) throws -> Int32 {
        let parsed = try parse(arguments, only: ["--encoding"], count: 2)
        guard let encoding = try encoding(parsed) else { throw UsageError("convert needs --encoding") }
        let summary = try AudioEditor.convert(
            input: parsed.positional[0], output: parsed.positional[1], encoding: encoding)
        print("\(summary.path): \(encoding.shortName), \(Plural.english(summary.frames, "frame"))")
        return 0
    }

    private static func mix(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, options: options.filter { ["--rate", "--channels", "--encoding"].contains($0.name) })
        guard parsed.positional.count >= 2 else { throw UsageError("mix needs OUT and at least one IN") }
        let items = try parsed.positional.dropFirst().map { (argument: String) throws -> Mixdown.Item in
            guard let at = argument.lastIndex(of: "@") else { return Mixdown.Item(path: argument) }
            let text = argument[argument.index(after: at)...]
            guard let gain = Double(text) else { throw UsageError("`\(argument)`: the gain after @ must be a number") }
            return Mixdown.Item(path: String(argument[..<at]), gain: gain)
        }
        var format: AudioFormat?
        if parsed.options["--rate"] != nil || parsed.options["--channels"] != nil || parsed.options["--encoding"] != nil
        {
            let first = try WAVReader(path: items[0].path).format
            format = AudioFormat(
                sampleRate: try integer(parsed, "--rate", default: first.sampleRate),
                channels: try integer(parsed, "--channels", default: first.channels),
                encoding: try encoding(parsed) ?? first.encoding)
        }
        let summary = try Mixdown.render(items, to: parsed.positional[0], format: format)
        print("\(summary.path): \(items.count) clips, \(summary.frames) frames, \(seconds(summary.duration))")
        return 0
    }

    private static func meter(_ arguments: [String]) throws -> Int32 {
        let parsed = try parse(arguments, only: ["--window", "--json"], count: 1)
        let window = try number(parsed, "--window") ?? 0.05
        guard window > 0 else { throw UsageError("--window must be positive") }
        let levels = try LevelMeter.levels(ofFile: parsed.positional[0], windowSeconds: window)
        if parsed.switches.contains("--json") {
            print(
                "["
                    + levels.map { "{\"time\":\($0.time),\"rms\":\($0.rms),\"peak\":\($0.peak)}" }.joined(
                        separator: ",") + "]")
        } else {
            for level in levels { print(meterLine(level)) }
        }
        return 0
    }

    /// One level as text: time, dBFS values and a bar that grows with the RMS level.
    static func meterLine(_ level: AudioLevel) -> String {
        let bar = String(repeating: "#", count: max(0, Int(((level.rmsDBFS + 60) / 60 * 40).rounded())))
        return String(format: "%8.3f s  rms %7.2f dBFS  peak %7.2f dBFS  ", level.time, level.rmsDBFS, level.peakDBFS)
            + bar
    }

    private static func record(_ arguments: [String]) async throws -> Int32 {
        let parsed = try parse(
            arguments,
            only: [
                "--from", "--sine", "--noise", "--voice", "--rate", "--channels", "--encoding", "--duration", "--stdin",
                "--virtual", "--meter",
            ], count: 1)
        let format = AudioFormat(
            sampleRate: try integer(parsed, "--rate", default: 48_000),
            channels: try integer(parsed, "--channels", default: 1),
            encoding: try encoding(parsed) ?? .int16)
        let sources =
            ["--from", "--sine", "--noise", "--voice"].filter { parsed.options[$0] != nil }
            + (parsed.switches.contains("--stdin") ? ["--stdin"] : [])
        guard sources.count == 1 else {
            throw UsageError("record needs exactly one of --from, --stdin, --sine, --noise, --voice")
        }
        let input: RecordingInput
        if let path = parsed.options["--from"] {
            input = .file(path: path)
        } else if let frequency = try number(parsed, "--sine") {
            input = .signal(.sine(frequency: frequency, amplitude: 0.5), format)
        } else if let text = parsed.options["--noise"] ?? parsed.options["--voice"] {
            let option = parsed.options["--noise"] != nil ? "--noise" : "--voice"
            guard let seed = UInt64(text) else {
                throw UsageError("\(option) needs a seed (a whole number), got `\(text)`")
            }
            input = .signal(
                option == "--noise" ? .noise(amplitude: 0.5, seed: seed) : .voice(amplitude: 0.8, seed: seed), format)
        } else {
            input = .stream(descriptor: 0, name: "stdin", format: format)
        }
        let duration = try number(parsed, "--duration")
        if let duration, duration <= 0 { throw UsageError("--duration must be positive, got \(duration)") }
        if case .signal = input, duration == nil, parsed.switches.contains("--virtual") {
            throw UsageError("a generated signal in virtual time needs --duration")
        }
        let clock: any AudioClock = parsed.switches.contains("--virtual") ? VirtualAudioClock() : RealTimeAudioClock()
        let recorder = AudioRecorder(input: input, clock: clock)
        let levels = try await recorder.start(path: parsed.positional[0], maxDuration: duration)
        // Ctrl-C stops the take cleanly: the header is finished, nothing is lost.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
        interrupt.setEventHandler { Task { await recorder.cancel() } }
        interrupt.resume()
        defer { interrupt.cancel() }
        let showMeter = parsed.switches.contains("--meter")
        for await level in levels where showMeter { printError(meterLine(level)) }
        let result = try await recorder.finish()
        print("\(result.path): \(result.frames) frames, \(seconds(result.duration)), \(result.format)")
        return 0
    }

    private static func repair(_ arguments: [String]) throws -> Int32 {
        let parsed = try parse(arguments, count: 1)
        let result = try WAVRepair.repair(path: parsed.positional[0])
        if result.changed {
            print(
                "\(parsed.positional[0]): repaired: \(result.frames) frames kept, \(result.droppedBytes) bytes of a partial frame dropped"
            )
        } else {
            print("\(parsed.positional[0]): header already correct (\(Plural.english(result.frames, "frame")))")
        }
        return 0
    }

}
