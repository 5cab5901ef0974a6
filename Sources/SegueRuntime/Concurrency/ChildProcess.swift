import Foundation
import SegueDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started with its three pipes: the one way Segue runs another program (`dot`, `rsvg-convert`, a custom
/// service's command). What it writes arrives in `output`, read on a thread of its own that waits on both pipes at
/// once, standard error first when both have bytes, so a line written to stderr before one on stdout arrives before
/// it; its exit is awaited (`exitStatus()`), never polled.
///
///     let child = try ChildProcess(executable: URL(fileURLWithPath: "/usr/bin/dot"), arguments: ["-Tsvg"])
///     _ = child.write(Data(dot.utf8)); child.closeInput()
///     for await chunk in child.output { … }
///     let status = await child.exitStatus()
public final class ChildProcess: @unchecked Sendable {
    /// Bytes the program wrote, in the order it wrote them across the two pipes.
    public enum Output: Sendable, Equatable {
        case standardOutput(Data)
        case standardError(Data)
    }

    /// How long standard error may stay open after standard output closed before `output` ends anyway (a program
    /// that left a child of its own holding it).
    public static let errorsGrace: Duration = .milliseconds(500)

    /// Ends when both pipes are closed (or standard error outlived standard output by `errorsGrace`).
    public let output: AsyncStream<Output>
    private let process: Process
    private let input: FileHandle
    private let exit: ExitLatch

    /// Starts `executable` with `arguments` in `directory` (the current one when nil); `environment` is added to
    /// this process's own. With `mergingErrors`, standard error shares standard output's pipe, interleaved as a
    /// terminal shows them (all of it arrives as `standardOutput`).
    public init(
        executable: URL, arguments: [String], directory: String? = nil, environment: [String: String] = [:],
        mergingErrors: Bool = false
    ) throws {
        Self.ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = mergingErrors ? stdout : stderr
        if mergingErrors { try? stderr.fileHandleForWriting.close() }
        let exit = ExitLatch()
        self.exit = exit
        process.terminationHandler = {
            exit.exited($0.terminationStatus, signalled: $0.terminationReason == .uncaughtSignal)
        }
        try Self.spawn(process)
        self.process = process
        input = stdin.fileHandleForWriting
        let (stream, continuation) = AsyncStream<Output>.makeStream()
        output = stream
        let reader = Thread {
            Self.read(
                output: stdout.fileHandleForReading.fileDescriptor, errors: stderr.fileHandleForReading.fileDescriptor,
                into: continuation)
            // The handles own the descriptors: they close when the pipes go.
            withExtendedLifetime((stdout, stderr)) {}
        }
        reader.name = "segue-child-output"
        reader.start()
    }

    /// The program's process id.
    public var identifier: Int32 { process.processIdentifier }

    /// Whether it has not exited yet.
    public var isRunning: Bool { exit.status == nil }

    /// Writes to its standard input; false when it no longer reads (it exited or closed the pipe).
    public func write(_ data: Data) -> Bool {
        do {
            try input.write(contentsOf: data)
            return true
        } catch {
            return false
        }
    }

    /// Closes its standard input: the end of what it is given.
    public func closeInput() {
        try? input.close()
    }

    /// Sends `signal` (SIGTERM, SIGINT, SIGKILL…) if it is still running.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(process.processIdentifier, signal)
    }

    /// Its exit status (the signal's number when a signal ended it), once it has exited.
    public func exitStatus() async -> Int32 {
        await exit.wait(timeout: nil) ?? -1
    }

    /// Its exit status once it has exited, or nil when it is still running after `timeout`.
    public func exitStatus(within timeout: Duration) async -> Int32? {
        await exit.wait(timeout: timeout)
    }

    /// Whether a signal ended it (rather than its own exit); false while it runs.
    public var endedBySignal: Bool { exit.signalled }

    /// SIGTERM, then SIGKILL when it is still running `grace` later; returns once it has exited.
    @discardableResult
    public func stop(grace: Duration = .seconds(1)) async -> Int32 {
        send(SIGTERM)
        if let status = await exitStatus(within: grace) { return status }
        send(SIGKILL)
        return await exitStatus()
    }

    /// Runs `executable` with `input` on its standard input and returns its status and everything it wrote: the
    /// write and the reads each on a thread of their own, never the cooperative pool's, so a large output cannot
    /// fill a pipe and stall the program while the write waits.
    public static func run(
        _ executable: URL, arguments: [String], input: Data, directory: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: Data, errors: Data) {
        let child = try ChildProcess(
            executable: executable, arguments: arguments, directory: directory, environment: environment)
        async let written: Void = BlockingWork.run(named: "segue-child-input") {
            _ = child.write(input)
            child.closeInput()
        }
        let result = await child.collect()
        await written
        return result
    }

    /// A program by name in the `:`-separated `searchPath` (`PATH`; the usual folders when nil), or nil: how `dot`,
    /// `rsvg-convert` and Chromium are found.
    package static func executable(named name: String, searchPath: String?) -> URL? {
        for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: PathName.appending(name, to: String(directory)))
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Everything it writes until both pipes close, and its exit status.
    public func collect() async -> (status: Int32, output: Data, errors: Data) {
        var output = Data()
        var errors = Data()
        for await chunk in self.output {
            switch chunk {
            case .standardOutput(let bytes): output.append(bytes)
            case .standardError(let bytes): errors.append(bytes)
            }
        }
        return (await exitStatus(), output, errors)
    }

    /// Starts `process` from a thread of its own that blocks no signal: a child inherits the signal mask of the
    /// thread that spawns it, and the threads of Swift's pool block nearly every signal, so a child started from
    /// one ignored SIGTERM (`cat` had to be killed).
    private static func spawn(_ process: Process) throws {
        final class Outcome: @unchecked Sendable {
            var failure: (any Error)?
        }
        let outcome = Outcome()
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try process.run() } catch { outcome.failure = error }
            started.signal()
        }
        thread.name = "segue-child-spawn"
        thread.start()
        started.wait()
        if let failure = outcome.failure { throw failure }
    }

    /// A write to a pipe whose reader exited must fail, not kill Segue with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Reads both descriptors as they have bytes (`poll`, no timeout while stdout is open), standard error first
    /// whenever it has some, until both are closed.
    private static func read(output: Int32, errors: Int32, into continuation: AsyncStream<Output>.Continuation) {
        var open = (output: true, errors: true)
        var outputClosed: ContinuousClock.Instant?
        let size = 65_536
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while open.output || open.errors {
            var descriptors = [
                pollfd(fd: open.errors ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open.output ? output : -1, events: Int16(POLLIN), revents: 0),
            ]
            var wait: Int32 = -1
            if let outputClosed {
                let left = errorsGrace - (ContinuousClock.now - outputClosed)
                guard left > .zero else { break }
                let (seconds, attoseconds) = left.components
                wait = Int32(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            }
            let ready = poll(&descriptors, 2, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { break }
            // Standard error first, until it has nothing more: what it holds was written before what stdout holds.
            let index = descriptors[0].revents != 0 ? 0 : descriptors[1].revents != 0 ? 1 : -1
            guard index >= 0 else { continue }
            let count = systemRead(descriptors[index].fd, buffer, size)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                if index == 0 {
                    open.errors = false
                } else {
                    open.output = false
                    outputClosed = .now
                }
                continue
            }
            let bytes = Data(bytes: buffer, count: count)
            continuation.yield(index == 0 ? .standardError(bytes) : .standardOutput(bytes))
        }
        continuation.finish()
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// A process's exit, set once by its termination handler and awaited by any number of tasks.
private final class ExitLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var exit: (status: Int32, signalled: Bool)?
    private let changed = AsyncCondition()

    var status: Int32? { lock.withLock { exit?.status } }
    var signalled: Bool { lock.withLock { exit?.signalled ?? false } }

    func exited(_ status: Int32, signalled: Bool) {
        lock.withLock { exit = (status, signalled) }
        changed.broadcast()
    }

    func wait(timeout: Duration?) async -> Int32? {
        _ = await changed.wait(until: { status != nil }, timeout: timeout)
        return status
    }
}
