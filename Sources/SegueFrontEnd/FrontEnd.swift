import Foundation
import SegueDiagnostics
import SegueModel
import SegueYAML

/// Runs the front end on a file: read → YAML → model → imports, with no checks (SegueCheck's `FlowLoader` adds them).
///
///     let parsed = FrontEnd().read(path: "flows/donate.yaml")
///     parsed.flow          // the decoded Flow, or nil
///     parsed.diagnostics   // Y… and M… problems, import cycles (C001), an unreadable file (C003)
public struct FrontEnd: Sendable {
    public var limits: YAMLLimits
    /// The folder imports and fixtures are read from (`ProjectRoot`); nil: the folder of the file read, or `--root`.
    public var root: ProjectRoot?

    public init(limits: YAMLLimits = .default, root: ProjectRoot? = nil) {
        self.limits = limits
        self.root = root
    }

    /// Reads and decodes the file at `path`; a file that cannot be read gives one `C003` diagnostic.
    ///
    /// With a root (given, or `--root`), the file itself must be inside it too: a flow found in a folder that is a
    /// link out of it is not read. Without one, the file is the one named, read where its links lead.
    public func read(path: String) -> ParsedFlow {
        let given = root ?? ProjectRoot.commandLine.map { ProjectRoot($0) }
        let found =
            given.map { Self.readFile(path, written: path, key: "", root: $0, limit: limits.maxFileBytes) }
            ?? Self.readFile(path, limit: limits.maxFileBytes)
        switch found {
        case .failure(let problem) where problem.outside:
            let diagnostic = Diagnostic.error(
                FrontEndCode.unreadableFile,
                "the flow file `\(path)` is outside the project root `\(given?.folder ?? "")`",
                at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)),
                notes: [DiagnosticNote(ProjectRoot.outsideNote)])
            return ParsedFlow(
                path: path, flow: nil, role: .flow, diagnostics: [diagnostic], sources: [],
                imported: ImportedDefinitions(), libraries: [], yamlHadErrors: false)
        case .success(let file):
            return read(file)
        case .failure(let problem):
            let diagnostic =
                problem.size.map { YAMLLoader.fileTooLarge(path: path, size: $0, limit: limits.maxFileBytes) }
                ?? Diagnostic.error(
                    FrontEndCode.unreadableFile, "cannot read `\(path)`: \(problem.reason)",
                    at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)))
            return ParsedFlow(
                path: path, flow: nil, role: .flow, diagnostics: [diagnostic], sources: [],
                imported: ImportedDefinitions(), libraries: [], yamlHadErrors: false)
        }
    }

    /// Decodes a file already in memory; imports are read relative to its path.
    public func read(_ file: SourceFile) -> ParsedFlow {
        let root = root ?? ProjectRoot.startedFrom(file.path)
        var imports = ImportResolver(limits: limits, root: root)
        let unit = imports.decode(file)
        guard var flow = unit.flow else {
            return ParsedFlow(
                path: file.path, flow: nil, role: unit.role, diagnostics: unit.diagnostics.sortedBySource(),
                sources: [file], imported: ImportedDefinitions(), libraries: [], yamlHadErrors: unit.yamlHadErrors)
        }
        let imported = imports.definitions(importedBy: flow, at: file.path, chain: [Self.canonical(file.path)])
        if unit.role == .library { flow.start = Name("", at: flow.range) }
        let fixtures = FixtureCheck.check(flow, root: root)
        return ParsedFlow(
            path: file.path, flow: flow, role: unit.role,
            diagnostics: (unit.diagnostics + imports.diagnostics + fixtures.diagnostics).sortedBySource(),
            sources: [file] + imports.sources + fixtures.sources,
            imported: imported, libraries: imports.libraries, yamlHadErrors: unit.yamlHadErrors)
    }

    /// Why a file could not be read.
    public struct ReadFailure: Error, Sendable {
        public var reason: String
        /// The file's size when it was refused for being over the limit, unread.
        public var size: Int?
        /// `reason` is the whole message: the path leads outside the project root.
        public var outside = false
    }

    /// Whether `path` is a regular file that can be read, or why not: missing, a directory, a FIFO or device,
    /// not readable. Nothing is opened.
    public static func readableFile(_ path: String) -> Result<Void, ReadFailure> {
        if let problem = SafeFile.problem(path, links: .followed) { return .failure(ReadFailure(reason: problem)) }
        guard access(path, R_OK) == 0 else { return .failure(ReadFailure(reason: "permission denied")) }
        return .success(())
    }

    /// The bytes of the regular file at `path` inside `root`, or why not: outside it, the one message naming
    /// `key` (whether or not anything is there); inside, the reason it cannot be read.
    static func readFile(_ path: String, written: String, key: String, root: ProjectRoot, limit: Int)
        -> Result<SourceFile, ReadFailure>
    {
        do {
            let data = try root.read(path, limit: limit)
            return .success(SourceFile(path: path, bytes: Array(data)))
        } catch {
            return .failure(failure(error, written: written, key: key, root: root))
        }
    }

    /// What a refusal of `root` says, for a path written at `key`.
    static func failure(_ refusal: ProjectRoot.Refusal, written: String, key: String, root: ProjectRoot)
        -> ReadFailure
    {
        switch refusal {
        case .outside:
            ReadFailure(reason: root.outsideMessage(key: key, written: written), outside: true)
        case .unreadable(let error):
            ReadFailure(
                reason: error.reason == "Permission denied" ? "permission denied" : error.reason, size: error.size)
        }
    }

    /// The bytes of the regular file at `path` (SafeFile: a FIFO or a device is refused before it is read, and
    /// a file over `limit` is refused by its size alone), or why not.
    public static func readFile(_ path: String, limit: Int = YAMLLimits.default.maxFileBytes)
        -> Result<SourceFile, ReadFailure>
    {
        do {
            let data = try SafeFile.read(path, limit: limit, links: .followed)
            return .success(SourceFile(path: path, bytes: Array(data)))
        } catch {
            let reason = error.reason == "Permission denied" ? "permission denied" : error.reason
            return .failure(ReadFailure(reason: reason, size: error.size))
        }
    }

    /// An absolute, standardized path, so one file reached two ways is recognised (for import cycles).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
