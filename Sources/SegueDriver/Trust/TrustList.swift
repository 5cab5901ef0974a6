import Foundation
import SegueDiagnostics

/// The folders whose flows may start processes (a custom service's `command:`), kept one real path a line in
/// `$XDG_CONFIG_HOME/segue/trusted` (or `~/.config/segue/trusted`): the one place that decides whether a flow is
/// trusted (docs/security.md). A folder on the list trusts the flows in it and in every folder below it.
///
///     let list = TrustList(file: TrustList.defaultFile()!)
///     try list.trust("examples/library")                  // "/home/ann/segue/examples/library"
///     try list.trusts(folder: "examples/library/sub")     // true
public struct TrustList: Sendable {
    /// The list's file.
    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// The largest list read; a bigger file is not a list anyone wrote by hand or with `segue trust`.
    static let maximumBytes = 1 << 20

    /// Why the list cannot be read or changed, or why a folder cannot go on it.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// `$XDG_CONFIG_HOME/segue/trusted` when `XDG_CONFIG_HOME` is an absolute path (the XDG rule: a relative one is
    /// ignored), else `$HOME/.config/segue/trusted`; nil with neither.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/segue/trusted" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/segue/trusted"
    }

    /// The folders on the list (real paths, in the order trusted); none when the file does not exist. A file
    /// another user could have written (not owned by this user, or writable by its group or others) is refused
    /// whole: it could trust anything.
    public func folders() throws(Problem) -> [String] {
        var info = stat()
        guard stat(file, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw Problem("the trust list \(file) cannot be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Problem("the trust list \(file) is not a regular file") }
        guard info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw Problem(
                "the trust list \(file) is ignored: another user could have written it (it must be yours and "
                    + "writable only by you: chmod go-w)")
        }
        guard info.st_size <= Self.maximumBytes, let data = FileManager.default.contents(atPath: file) else {
            throw Problem("the trust list \(file) cannot be read (over 1 MiB, or unreadable)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("/")
        }
    }

    /// Whether the flows in `folder` may start their commands: its real path is on the list or below a folder
    /// that is. A folder that does not exist is not trusted.
    public func trusts(folder: String) throws(Problem) -> Bool {
        guard let real = Self.realPath(folder) else { return false }
        return try folders().contains { Self.isInside(real, $0) }
    }

    /// Puts `folder`'s real path on the list and returns it; `false` when it was there already. `/`, the home
    /// folder and any folder above it are refused (they would trust every project), and so is a path with a line
    /// break or a control character (it could not be one line of the list).
    @discardableResult
    public func trust(_ folder: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) throws(Problem)
        -> (folder: String, added: Bool)
    {
        var isDirectory: ObjCBool = false
        guard let real = Self.realPath(folder),
            FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw Problem("\(TerminalText.escaped(folder)) is not a folder") }
        guard !real.unicodeScalars.contains(where: { $0 == "\n" || TerminalText.mustEscape($0) }) else {
            throw Problem("\(TerminalText.escaped(real)) has a line break or a control character in its path")
        }
        if real == "/" || home.flatMap(Self.realPath).map({ Self.isInside($0, real) }) == true {
            throw Problem(
                "\(real) holds every project below it; trust the project's own folder (the one with its flows)")
        }
        var folders = try folders()
        guard !folders.contains(real) else { return (real, false) }
        folders.append(real)
        try write(folders)
        return (real, true)
    }

    /// Takes `folder` (its real path, or the path as given when it no longer exists) off the list; returns the
    /// entry removed, nil when it was not on it.
    public func revoke(_ folder: String) throws(Problem) -> String? {
        let real = Self.realPath(folder) ?? URL(fileURLWithPath: folder).standardizedFileURL.path
        var folders = try folders()
        guard let index = folders.firstIndex(of: real) else { return nil }
        folders.remove(at: index)
        try write(folders)
        return real
    }

    /// The trusted folder `folder` is on the list through (itself or the nearest folder above it), if any.
    public func entry(covering folder: String) throws(Problem) -> String? {
        guard let real = Self.realPath(folder) else { return nil }
        return try folders().filter { Self.isInside(real, $0) }.max { $0.count < $1.count }
    }

    private func write(_ folders: [String]) throws(Problem) {
        let directory = PathName.directory(of: file)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let text = "# Folders whose flows may start their services' commands (segue trust; docs/security.md)\n"
            try AtomicFile.write(
                Data((text + folders.map { $0 + "\n" }.joined()).utf8), to: URL(fileURLWithPath: file), mode: 0o600)
        } catch {
            throw Problem("cannot write the trust list \(file): \(error)")
        }
    }

    /// `path` with every symlink resolved, as `realpath(3)` has it; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `folder` or below it (both real paths).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
