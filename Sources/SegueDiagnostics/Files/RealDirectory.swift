import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a directory inside a data directory without following a symlink out of it: cleaning a symlinked
/// `takes/` would otherwise delete files in whatever the link points at.
///
///     try RealDirectory.create("DATA/recordings/takes", below: "DATA")
public enum RealDirectory {
    /// Why a directory inside the data directory cannot be used, for the person at the terminal.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "\(path) \(reason)" }
    }

    /// Creates `path` (and `root` when missing) so that no component from `root` down to `path` is a symlink;
    /// `root` itself may be one (the user chose it). A symlink or non-directory on the way is refused.
    public static func create(_ path: String, below root: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: root, reason: "cannot be created: \(error.localizedDescription)")
        }
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard path.hasPrefix(base + "/") else { return }
        var current = base
        for component in path.dropFirst(base.count + 1).split(separator: "/") where component != "." {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw Failure(path: current, reason: String(cString: strerror(errno))) }
                guard mkdir(current, 0o755) == 0 || errno == EEXIST else {
                    throw Failure(path: current, reason: "cannot be created: \(String(cString: strerror(errno)))")
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                continue
            case S_IFLNK:
                throw Failure(
                    path: current,
                    reason:
                        "is a symbolic link: Segue does not follow links out of its data directory (make it a real directory)"
                )
            default:
                throw Failure(path: current, reason: "is not a directory")
            }
        }
    }
}
