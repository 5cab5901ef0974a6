import SegueMachine

/// Everything that can go wrong reading, writing, recording or editing audio; each case names what and where.
public enum AudioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed: the file, what Segue was doing, and the system's reason.
    case io(path: String, operation: String, reason: String)
    /// The file is not a WAV file or its header is broken; the text says which field is wrong.
    case malformedHeader(path: String, problem: String)
    /// The header is valid but describes audio Segue does not handle (e.g. ADPCM, 12-bit).
    case unsupportedFormat(path: String, problem: String)
    /// A format's values make no sense (zero channels, zero sample rate).
    case invalidFormat(String, String)
    /// The data chunk claims more bytes than the file holds.
    case truncatedData(path: String, declaredBytes: Int, availableBytes: Int)
    /// The header still has the placeholder sizes of a recording that never finished.
    case unfinishedRecording(path: String)
    /// A trim range, frame range or time outside the audio.
    case invalidRange(String)
    /// A gain outside 0…2 (linear) or not a number.
    case invalidGain(Double)
    /// Inputs whose formats cannot be combined.
    case incompatibleFormats(String)
    /// A take, line or recording the caller named does not exist.
    case notFound(String)
    /// The recordings store failed.
    case store(String)
    /// A call at the wrong moment: recording twice, stopping when nothing records.
    case invalidState(String)

    public var description: String {
        switch self {
        case .io(let path, let operation, let reason): "\(path): cannot \(operation): \(reason)"
        case .malformedHeader(let path, let problem): "\(path): malformed WAV header: \(problem)"
        case .unsupportedFormat(let path, let problem): "\(path): unsupported WAV format: \(problem)"
        case .invalidFormat(let context, let problem): "\(context): invalid audio format: \(problem)"
        case .truncatedData(let path, let declared, let available):
            "\(path): truncated data: the header declares \(declared) bytes of audio but only \(available) follow"
        case .unfinishedRecording(let path):
            "\(path): the header still has placeholder sizes (a recording was interrupted); repair it first"
        case .invalidRange(let problem): "invalid range: \(problem)"
        case .invalidGain(let gain): "invalid gain \(gain): expected 0…2 (linear)"
        case .incompatibleFormats(let problem): "incompatible formats: \(problem)"
        case .notFound(let what): "not found: \(what)"
        case .store(let problem): "recordings store: \(problem)"
        case .invalidState(let problem): problem
        }
    }

    /// A stable kind for flows to branch on.
    public var code: String {
        switch self {
        case .io: "io"
        case .malformedHeader: "malformed_header"
        case .unsupportedFormat: "unsupported_format"
        case .invalidFormat: "invalid_format"
        case .truncatedData: "truncated_data"
        case .unfinishedRecording: "unfinished_recording"
        case .invalidRange: "invalid_range"
        case .invalidGain: "invalid_gain"
        case .incompatibleFormats: "incompatible_formats"
        case .notFound: "not_found"
        case .store: "store"
        case .invalidState: "invalid_state"
        }
    }

    /// The same failure as the runtime sees it.
    public var serviceError: ServiceError {
        ServiceError(service: "audio", code: code, message: description)
    }
}
