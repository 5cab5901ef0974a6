import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files so that a crash leaves either the old contents or the new, never half of each.
///
/// The data goes to a new temporary file in the destination's directory, is flushed with `fsync`, and is renamed
/// over the destination (rename is atomic within one file system). A symlink is followed, so the link stays and
/// its target is replaced — but with `within:` (a data directory) never to a target outside that directory, which
/// is refused; a directory, FIFO, socket or device is refused before anything is written (a FIFO would otherwise be
/// silently swapped for a file, or block a writer that opened it). The file gets `mode` exactly (no umask): 0644
/// by default, 0600 for what only this user should read.
///
///     try AtomicFile.write(Data("{}\n".utf8), to: URL(fileURLWithPath: "DATA/flow-donate.json"), within: "DATA")
public enum AtomicFile {
    /// Why a file could not be written, for the person at the terminal.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces the file at `url` (or its symlink's target, when that lies inside `root`) with `data`, creating
    /// missing directories.
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o644, within root: String? = nil)
        throws(WriteError)
    {
        let destination = try resolve(url.path)
        let folder = PathName.directory(of: destination)
        let outside = WriteError(
            path: url.path,
            reason:
                "it leads to \(destination), outside \(root ?? ""): Segue does not follow links out of its data directory"
        )
        // Checked before any directory is made, so a symlinked parent never gets folders created through it.
        if let root {
            guard let planned = resolvedPath(folder), let base = resolvedPath(root),
                planned == base || planned.hasPrefix(base.hasSuffix("/") ? base : base + "/")
            else { throw outside }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: url.path, reason: "cannot create the directory \(folder)")
        }
        if let root, !isInside(folder, root) { throw outside }
        let temporary =
            folder
            + "/.\(PathName.lastComponent(of: destination)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil {
            failure = writeAll(data, to: descriptor)
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, destination) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: url.path, reason: failure)
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(folder, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Writes every byte, retrying interrupted writes; the error text, or nil.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// Whether directory `folder` is `root` or inside it, both with every symlink resolved.
    static func isInside(_ folder: String, _ root: String) -> Bool {
        guard let real = realPath(folder), let base = realPath(root) else { return false }
        return real == base || real.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// Where `path` is or would be once made: its nearest existing parent with every symlink resolved, and the
    /// missing rest (which cannot hold a link yet).
    private static func resolvedPath(_ path: String) -> String? {
        var existing = path
        var missing: [String] = []
        while existing != "/", existing != ".", access(existing, F_OK) != 0 {
            missing.insert(PathName.lastComponent(of: existing), at: 0)
            existing = PathName.directory(of: existing)
        }
        guard !missing.contains(".."), let real = realPath(existing) else { return nil }
        return missing.reduce(real) { PathName.appending($1, to: $0) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path to replace: `path` itself, or the file its chain of symlinks ends at; only a regular file or nothing.
    static func resolve(_ path: String) throws(WriteError) -> String {
        var current = path
        for _ in 0..<32 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return current }
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return current
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(current, &buffer, buffer.count - 1)
                guard length >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current =
                    target.hasPrefix("/") ? target : PathName.appending(target, to: PathName.directory(of: current))
            case S_IFDIR:
                throw WriteError(path: path, reason: "it is a directory")
            case S_IFIFO:
                throw WriteError(path: path, reason: "it is a FIFO, not a regular file")
            default:
                throw WriteError(path: path, reason: "it is not a regular file")
            }
        }
        throw WriteError(path: path, reason: "too many levels of symbolic links")
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, bytes, count)
        #else
            return Darwin.write(descriptor, bytes, count)
        #endif
    }
}
