import Foundation

/// Where a recording's samples come from.
///
///     .signal(.sine(frequency: 440, amplitude: 0.5), AudioFormat(sampleRate: 48_000, channels: 1, encoding: .int16))
///     .stream(descriptor: 0, name: "stdin", format: format)   // e.g. `arecord -t raw -f S16_LE … | segue …`
public enum RecordingInput: Sendable, Hashable {
    /// A WAV file, played in as if it were the microphone; the recording ends at its end.
    case file(path: String)
    /// Raw interleaved little-endian PCM from an open descriptor (stdin, a pipe); ends at end of stream.
    /// The stream paces itself, so no clock pacing is applied.
    case stream(descriptor: Int32, name: String, format: AudioFormat)
    /// A generated signal, endless until stopped.
    case signal(TestSignal, AudioFormat)

    /// Raw PCM read from an open `FileHandle` (a pipe from `arecord`, say); the handle must stay open.
    public static func handle(_ handle: FileHandle, name: String = "pipe", format: AudioFormat) -> RecordingInput {
        .stream(descriptor: handle.fileDescriptor, name: name, format: format)
    }

    /// Raw PCM from this process's standard input.
    public static func standardInput(format: AudioFormat) -> RecordingInput {
        .stream(descriptor: 0, name: "stdin", format: format)
    }

    /// True when the source delivers samples at its own pace (a device or pipe).
    var pacesItself: Bool {
        if case .stream = self { return true }
        return false
    }

    /// Opens the source for one recording.
    func open() throws(AudioError) -> any AudioSource {
        switch self {
        case .file(let path): return FileSource(reader: try WAVReader(path: path))
        case .stream(let descriptor, let name, let format):
            try format.validate(context: name)
            return StreamSource(file: AudioFile(borrowing: descriptor, name: name), format: format)
        case .signal(let signal, let format):
            try format.validate(context: "test signal")
            return GeneratorSource(generator: SignalGenerator(signal: signal, format: format))
        }
    }
}
