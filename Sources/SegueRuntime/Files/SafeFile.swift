import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file someone else named (a photo to upload, a picture to crop) without being led astray: a symlink at
/// the end of the path is not followed, anything but a regular file (a FIFO, `/dev/zero`, a socket) is refused at
/// once instead of hanging or streaming forever, and the size is capped and the read timed.
///
///     let data = try SafeFile.read("DATA/photos/me-1f2e.jpg", limit: 32 << 20)
public enum SafeFile {
    /// Why a file was not read, for the person at the terminal.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// The most a file given to upload may hold (16 MiB): a cropped photo is far smaller.
    public static let uploadLimit = 16 << 20

    /// Why `path` cannot be read as a regular file, or nil when it can: checked without opening it, so a FIFO or
    /// a device is refused before anything waits on it.
    public static func problem(_ path: String, limit: Int) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return Int(info.st_size) <= limit ? nil : "it is \(info.st_size) bytes, more than the \(limit) allowed"
        case S_IFLNK: return "it is a symbolic link (links are not followed)"
        case S_IFIFO: return "it is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a regular file"
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
    }

    /// The whole file at `path`: a regular file of at most `limit` bytes, read within `timeout`.
    public static func read(_ path: String, limit: Int, timeout: Duration = .seconds(10)) throws(ReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                errno == ELOOP
                ? "it is a symbolic link (links are not followed)" : String(cString: strerror(errno))
            throw ReadError(path: path, reason: reason)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ReadError(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: throw ReadError(path: path, reason: "it is a FIFO, not a regular file")
        case S_IFCHR, S_IFBLK: throw ReadError(path: path, reason: "it is a device, not a regular file")
        case S_IFDIR: throw ReadError(path: path, reason: "it is a directory")
        default: throw ReadError(path: path, reason: "it is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw ReadError(path: path, reason: "it is \(info.st_size) bytes, more than the \(limit) allowed")
        }
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
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
