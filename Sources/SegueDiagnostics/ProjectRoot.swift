import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one folder a flow may read files from: the folder of the file a command was started from (the folder itself
/// when a command is given a folder), or `--root DIR`. Every file a flow names (imports, fixtures, a scenario's
/// `flow:` and `files:`, an SCXML `<data src>`/`<invoke src>`, an image source) is resolved here: each component in
/// turn, links followed only while they stay inside, and the opened descriptor asked where it really is before a
/// byte is read. A path anywhere else gets one message, the same whether or not a file is there, and is never
/// opened, so nothing outside is quoted and nothing outside is answered.
///
///     let root = ProjectRoot.startedFrom("flows/donate.yaml")       // flows/, or --root
///     try root.read("flows/lib/cards.yaml", limit: 8 << 20)          // the bytes
///     try root.read("/proc/self/environ", limit: 8 << 20)            // throws .outside
///     root.outsideMessage(key: "imports:", written: "/proc/self/environ")
public struct ProjectRoot: Sendable, Hashable, CustomStringConvertible {
    /// The folder as shown in messages: absolute, standardized, links not resolved.
    public let folder: String
    /// The folder with every link resolved, what resolved paths are compared with.
    public let real: String

    /// `folder` (relative to the current directory) as the root.
    public init(_ folder: String) {
        let shown = PathName.absolute(folder)
        self.folder = shown
        switch Self.resolve(shown) {
        case .found(let real), .missing(let real): self.real = real
        case .tooManyLinks: self.real = shown
        }
    }

    public var description: String { folder }

    /// Why a path was not read.
    public enum Refusal: Error, Sendable, Hashable {
        /// The path leads outside the root (as written, or through a link); nothing about it is said.
        case outside
        /// It is inside, but cannot be read (missing, not a regular file, too large, …).
        case unreadable(SafeFile.ReadError)
    }

    // MARK: The command line's root

    nonisolated(unsafe) private static var given: String?
    private static let lock = NSLock()

    /// `--root DIR` of the command line, for every flow the command reads; nil until a command sets it.
    public static var commandLine: String? {
        get { lock.withLock { given } }
        set { lock.withLock { given = newValue } }
    }

    /// The root for a command started from `path`: `--root` when given, else the folder `path` names or the folder
    /// of the file it names.
    public static func startedFrom(_ path: String) -> ProjectRoot {
        if let given = commandLine { return ProjectRoot(given) }
        var info = stat()
        let isFolder = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        return ProjectRoot(isFolder ? path : PathName.directory(of: path))
    }

    // MARK: Resolving and reading

    /// Where a path leads, every link on the way resolved.
    enum Resolved: Equatable {
        /// Every component exists; the real path (links resolved).
        case found(String)
        /// A component does not exist; the path as far as it was resolved, the rest as written.
        case missing(String)
        /// More than 40 links were followed.
        case tooManyLinks
    }

    /// `path` (relative to the current directory) with every link resolved component by component, as the kernel
    /// would; past a missing component the rest is taken as written.
    static func resolve(_ path: String) -> Resolved {
        let absolute = path.hasPrefix("/") ? path : PathName.appending(path, to: PathName.absolute("."))
        var pending = Array(absolute.split(separator: "/").map(String.init).reversed())
        var resolved: [String] = []
        var links = 0
        var missing = false
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            resolved.append(part)
            if missing { continue }
            let current = "/" + resolved.joined(separator: "/")
            var info = stat()
            guard lstat(current, &info) == 0 else {
                missing = true
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            links += 1
            guard links <= 40, let target = linkTarget(current) else { return .tooManyLinks }
            resolved.removeLast()
            if target.hasPrefix("/") { resolved = [] }
            pending += target.split(separator: "/").map(String.init).reversed()
        }
        let text = "/" + resolved.joined(separator: "/")
        return missing ? .missing(text) : .found(text)
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a real path (links resolved) is the root or under it, on component boundaries.
    public func contains(real path: String) -> Bool {
        real == "/" || path == real || path.hasPrefix(real + "/")
    }

    /// The real path of the file `path` names when it is inside the root (it may not exist, then `.unreadable`
    /// says so), or `.outside`.
    public func locate(_ path: String) -> Result<String, Refusal> {
        switch Self.resolve(path) {
        case .found(let real) where contains(real: real): .success(real)
        case .missing(let real) where contains(real: real):
            .failure(.unreadable(SafeFile.ReadError(path: path, reason: "no such file")))
        case .found, .missing, .tooManyLinks: .failure(.outside)
        }
    }

    /// Why `path` cannot be read as a regular file inside the root, or its real path when it can; nothing is
    /// opened (for fixtures that are only looked at now and read when the flow runs).
    public func check(_ path: String, limit: Int = .max) -> Result<String, Refusal> {
        locate(path).flatMap { real in
            if let problem = SafeFile.problem(real, limit: limit, links: .refused) {
                return .failure(.unreadable(SafeFile.ReadError(path: path, reason: problem)))
            }
            guard access(real, R_OK) == 0 else {
                return .failure(.unreadable(SafeFile.ReadError(path: path, reason: "permission denied")))
            }
            return .success(real)
        }
    }

    /// The bytes of the regular file at `path`, inside the root: resolved component by component, opened by its
    /// real path without following a link, then the descriptor asked where it is (a folder swapped for a link in
    /// between is caught there).
    public func read(_ path: String, limit: Int, timeout: Duration = .seconds(10)) throws(Refusal) -> Data {
        let real: String
        switch locate(path) {
        case .success(let found): real = found
        case .failure(let refusal): throw refusal
        }
        var escaped = false
        do {
            return try SafeFile.read(real, limit: limit, timeout: timeout, links: .refused) { descriptor in
                guard let opened = Self.openedPath(descriptor), !contains(real: opened) else { return nil }
                escaped = true
                return "outside"
            }
        } catch {
            if escaped { throw .outside }
            throw .unreadable(SafeFile.ReadError(path: path, reason: error.reason, size: error.size))
        }
    }

    /// Where an open descriptor's file is, as the system says (nil where it cannot tell).
    static func openedPath(_ descriptor: Int32) -> String? {
        #if os(Linux)
            return linkTarget("/proc/self/fd/\(descriptor)")
        #elseif canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #else
            return nil
        #endif
    }

    // MARK: What people read

    /// The one message for a path outside the root, the same whether or not anything is there: it names the key
    /// and the path as the flow wrote it, never what the path leads to.
    ///
    ///     "`imports:` names `/proc/self/environ`, outside the project root `/x/y`"
    public func outsideMessage(key: String, written: String) -> String {
        "`\(key)` names `\(written)`, outside the project root `\(folder)`"
    }

    /// The note under `outsideMessage`.
    public static let outsideNote =
        "a flow reads files only inside the folder of the file a command was started from; "
        + "`--root DIR` names a wider folder (links may point anywhere inside it, never out of it)"
}
