import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file someone else named (a flow, an import, a scenario, a chart, a photo to upload) without being led
/// astray: it is opened without blocking and checked with `fstat` before a byte is read, so a FIFO, a device or a
/// socket is refused at once instead of hanging or streaming forever; the size is capped before reading and the read
/// timed. A symlink at the end of the path is refused unless the caller follows links (a flow or scenario named on
/// the command line may be one; a photo to upload may not).
///
///     let data = try SafeFile.read("DATA/photos/me-1f2e.jpg", limit: 32 << 20)
///     let flow = try SafeFile.read("flows/donate.yaml", limit: 8 << 20, links: .followed)
public enum SafeFile {
    /// Why a file was not read, for the person at the terminal.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// The file's size when it was refused for being larger than the limit (before anything was read).
        public var size: Int?

        public init(path: String, reason: String, size: Int? = nil) {
            self.path = path
            self.reason = reason
            self.size = size
        }

        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// Whether a symlink at the end of the path is followed or refused.
    public enum Links: Sendable {
        case refused, followed
    }

    /// The reason given for a directory (a scan walks into one instead of passing it over).
    public static let directoryReason = "it is a directory"

    /// The most a file given to upload may hold (16 MiB): a cropped photo is far smaller.
    public static let uploadLimit = 16 << 20

    /// Why `path` cannot be read as a regular file, or nil when it can: checked without opening it, so a FIFO or
    /// a device is refused before anything waits on it.
    public static func problem(_ path: String, limit: Int = .max, links: Links = .refused) -> String? {
        var info = stat()
        guard (links == .refused ? lstat(path, &info) : stat(path, &info)) == 0 else {
            return errno == ENOENT ? "no such file" : String(cString: strerror(errno))
        }
        if let kind = notRegular(info.st_mode) { return kind }
        return Int(info.st_size) <= limit ? nil : tooLarge(Int(info.st_size), limit)
    }

    /// The whole file at `path`: a regular file of at most `limit` bytes, read within `timeout`.
    public static func read(
        _ path: String, limit: Int, timeout: Duration = .seconds(10), links: Links = .refused
    ) throws(ReadError) -> Data {
        try read(path, limit: limit, timeout: timeout, links: links, verify: nil)
    }

    /// `read`, with `verify` asked about the open descriptor before a byte is read: a reason refuses the file
    /// (`ProjectRoot` checks where the opened file really is).
    static func read(
        _ path: String, limit: Int, timeout: Duration, links: Links, verify: ((Int32) -> String?)?
    ) throws(ReadError) -> Data {
        let (descriptor, size) = try openRegular(path, links: links)
        defer { close(descriptor) }
        if let reason = verify?(descriptor) { throw ReadError(path: path, reason: reason) }
        guard size <= limit else { throw ReadError(path: path, reason: tooLarge(size, limit), size: size) }
        return try readAll(descriptor, path: path, limit: limit, timeout: timeout, stopAt: nil)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), for telling what kind of
    /// file it is (a flow, a scenario) without reading it whole.
    public static func head(
        _ path: String, count: Int, timeout: Duration = .seconds(10), links: Links = .refused
    ) throws(ReadError) -> Data {
        let (descriptor, _) = try openRegular(path, links: links)
        defer { close(descriptor) }
        return try readAll(descriptor, path: path, limit: .max, timeout: timeout, stopAt: count)
    }

    /// Why a file of mode `mode` is not a regular file, or nil when it is.
    private static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "it is a symbolic link (links are not followed)"
        case S_IFIFO: "it is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
        case S_IFSOCK: "it is a socket, not a regular file"
        case S_IFDIR: directoryReason
        default: "it is not a regular file"
        }
    }

    private static func tooLarge(_ size: Int, _ limit: Int) -> String {
        "it is \(size) bytes, more than the \(limit) allowed"
    }

    /// A descriptor open on the regular file at `path` and its size; opening never waits (`O_NONBLOCK`) and
    /// nothing is read before `fstat` says what the file is.
    private static func openRegular(_ path: String, links: Links) throws(ReadError) -> (Int32, Int) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == .refused ? O_NOFOLLOW : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let reason =
                switch errno {
                case ELOOP where links == .refused: "it is a symbolic link (links are not followed)"
                case ENOENT: "no such file"
                case ENXIO: "it is a socket or a device without a reader, not a regular file"
                default: String(cString: strerror(errno))
                }
            throw ReadError(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ReadError(path: path, reason: reason)
        }
        if let kind = notRegular(info.st_mode) {
            close(descriptor)
            throw ReadError(path: path, reason: kind)
        }
        return (descriptor, Int(info.st_size))
    }

    /// Reads `descriptor` to its end (or to `stopAt` bytes), failing past `limit` bytes or after `timeout`.
    private static func readAll(
        _ descriptor: Int32, path: String, limit: Int, timeout: Duration, stopAt: Int?
    ) throws(ReadError) -> Data {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, max(stopAt ?? .max, 1)))
        while true {
            let wanted = min(buffer.count, (stopAt ?? .max) - data.count)
            if wanted == 0 { return data }
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN {
                    guard ContinuousClock.now < deadline else { break }
                    continue
                }
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            data.append(contentsOf: buffer[0..<count])
            // It may grow while it is read.
            guard data.count <= limit else {
                throw ReadError(path: path, reason: "it grew past the \(limit) bytes allowed while it was read")
            }
            guard ContinuousClock.now < deadline else { break }
        }
        throw ReadError(path: path, reason: "reading it took longer than \(timeout)")
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.read(descriptor, buffer, count)
        #else
            return Darwin.read(descriptor, buffer, count)
        #endif
    }
}
