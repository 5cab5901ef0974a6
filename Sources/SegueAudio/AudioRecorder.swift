import Foundation
import SegueRuntime

/// Records from a `RecordingInput` into a WAV file, block by block, with live levels.
///
/// Samples reach the file as they arrive; the header's sizes are written only when the recording stops, so a
/// killed process leaves a file `WAVRepair` can recover.
///
///     let recorder = AudioRecorder(input: .signal(.sine(frequency: 440, amplitude: 0.5), format), clock: VirtualAudioClock())
///     let levels = try await recorder.start(path: "take.wav", maxDuration: 2)
///     let result = try await recorder.stop()
public actor AudioRecorder {
    /// What a finished recording produced.
    public struct Result: Sendable, Hashable {
        public var path: String
        public var format: AudioFormat
        public var frames: Int
        public var duration: Double { format.seconds(frames: frames) }
    }

    public let input: RecordingInput
    public let clock: any AudioClock
    /// Frames per block: ~50 ms, one level-meter window.
    public let blockSeconds: Double

    private var task: Task<Result, any Error>?
    private var job: RecordingJob?

    public init(input: RecordingInput, clock: any AudioClock = RealTimeAudioClock(), blockSeconds: Double = 0.05) {
        self.input = input
        self.clock = clock
        self.blockSeconds = blockSeconds
    }

    public var isRecording: Bool { task != nil }

    /// The level of the latest block written, once the recording has caught up with its clock (so a virtual
    /// `tick` has been recorded before its level is read); nil when not recording.
    public func currentLevel() async -> AudioLevel? {
        guard let job else { return nil }
        _ = await job.progress.wait(until: { job.caughtUp }, timeout: .milliseconds(500))
        return job.latestLevel
    }

    /// Opens the input and the file and starts recording; the stream yields one level per block and ends with
    /// the recording. `maxDuration` (seconds) stops it by itself.
    public func start(path: String, maxDuration: Double? = nil) throws(AudioError) -> AsyncStream<AudioLevel> {
        guard task == nil else { throw .invalidState("a recording is already in progress") }
        let source = try input.open()
        let writer = try WAVWriter(path: path, format: source.format)
        let (levels, continuation) = AsyncStream<AudioLevel>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let job = RecordingJob(
            source: source, writer: writer, continuation: continuation, clock: clock,
            paced: !input.pacesItself, blockSeconds: blockSeconds,
            maxFrames: maxDuration.map { source.format.frames(seconds: $0) }, start: clock.now())
        self.job = job
        task = Task.detached { try await job.run() }
        return levels
    }

    /// Waits until the input ends (or `maxDuration` passes) and returns the finished recording.
    public func finish() async throws(AudioError) -> Result {
        guard let task else { throw .invalidState("no recording is in progress") }
        self.task = nil
        job = nil
        do {
            return try await task.value
        } catch let error as AudioError {
            throw error
        } catch {
            throw .invalidState("recording failed: \(error)")
        }
    }

    /// Asks the recording to stop after the block in progress, without waiting; `finish()` returns it.
    public func cancel() {
        task?.cancel()
    }

    /// Stops recording now, finishes the file's header and returns the recording.
    ///
    /// A clock-paced take holds exactly the clock's time since `start`: a recording that lags catches up first, so
    /// a take stopped after a virtual `tick: 2s` lasts 2 s however the threads were scheduled.
    public func stop() async throws(AudioError) -> Result {
        guard let task else { throw .invalidState("no recording is in progress") }
        job?.requestStop()
        task.cancel()
        return try await finish()
    }
}

/// The state of one recording, owned by its task, except the stop request `stop()` makes.
private final class RecordingJob: @unchecked Sendable {
    var source: any AudioSource
    /// The source's format, read once: `source` itself belongs to the recording task.
    let format: AudioFormat
    let writer: WAVWriter
    let continuation: AsyncStream<AudioLevel>.Continuation
    let clock: any AudioClock
    let paced: Bool
    let blockFrames: Int
    let maxFrames: Int?
    /// The clock's time when recording started.
    let start: Double
    private let lock = NSLock()
    /// Told after every block written and at the end, for `caughtUp`'s readers.
    let progress = AsyncCondition()
    /// Set by `requestStop()`: the frames the take ends at (the clock's time since `start`), or 0 unpaced.
    private var stopFrames: Int?
    private var latest: AudioLevel?

    private var written = 0
    private var finished = false

    /// The level of the latest block written.
    var latestLevel: AudioLevel? { lock.withLock { latest } }

    /// Whether every block whose time has come on the clock is written (or the recording ended).
    var caughtUp: Bool {
        let elapsed = clock.now() - start
        return lock.withLock {
            finished || !paced || format.seconds(frames: written + blockFrames) > elapsed + 1e-9
                || (maxFrames.map { written >= $0 } ?? false)
        }
    }

    init(
        source: any AudioSource, writer: WAVWriter, continuation: AsyncStream<AudioLevel>.Continuation,
        clock: any AudioClock, paced: Bool, blockSeconds: Double, maxFrames: Int?, start: Double
    ) {
        self.source = source
        format = source.format
        self.writer = writer
        self.continuation = continuation
        self.clock = clock
        self.paced = paced
        blockFrames = max(1, source.format.frames(seconds: blockSeconds))
        self.maxFrames = maxFrames
        self.start = start
    }

    /// Ends the take at the clock's present (paced), or after the block in progress (unpaced).
    func requestStop() {
        let frames = paced ? format.frames(seconds: max(0, clock.now() - start)) : 0
        lock.withLock { stopFrames = frames }
    }

    private var limit: Int {
        let stop = lock.withLock { stopFrames }
        return min(stop ?? Int.max, maxFrames ?? Int.max)
    }

    private var stopping: Bool { lock.withLock { stopFrames != nil } }

    func run() async throws -> AudioRecorder.Result {
        defer {
            lock.withLock { finished = true }
            progress.broadcast()
            if paced { clock.sleeperFinished() }
            continuation.finish()
        }
        var meter = LevelMeter(format: format)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: blockFrames * format.bytesPerFrame, alignment: 16)
        let samples = UnsafeMutablePointer<Double>.allocate(capacity: blockFrames * format.channels)
        defer {
            raw.deallocate()
            samples.deallocate()
        }
        do {
            while true {
                var wanted = min(blockFrames, limit - writer.framesWritten)
                if wanted <= 0 { break }
                if paced {
                    // Wait for the block's end first, so the file never holds audio from the clock's future.
                    if !stopping {
                        await clock.sleep(until: start + format.seconds(frames: writer.framesWritten + wanted))
                    }
                    wanted = min(wanted, limit - writer.framesWritten)
                    if wanted <= 0 { break }
                } else if Task.isCancelled {
                    break
                }
                let count = try source.read(into: raw, frames: wanted)
                if count == 0 { break }
                try writer.writeStored(raw, byteCount: count * format.bytesPerFrame)
                SampleCodec.decode(raw, count: count * format.channels, encoding: format.encoding, into: samples)
                let levels = meter.process(samples, frames: count)
                let total = writer.framesWritten
                lock.withLock {
                    written = total
                    if let last = levels.last { latest = last }
                }
                progress.broadcast()
                for level in levels { continuation.yield(level) }
            }
            if let last = meter.finish() { continuation.yield(last) }
            try writer.finish(durable: true)
        } catch {
            try? writer.finish(durable: true)
            throw error
        }
        return AudioRecorder.Result(path: writer.path, format: format, frames: writer.framesWritten)
    }
}
