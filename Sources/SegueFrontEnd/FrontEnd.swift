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

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Reads and decodes the file at `path`; a file that cannot be read gives one `C003` diagnostic.
    public func read(path: String) -> ParsedFlow {
        switch Self.readFile(path, limit: limits.maxFileBytes) {
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
        var imports = ImportResolver(limits: limits)
        let unit = imports.decode(file)
        guard var flow = unit.flow else {
            return ParsedFlow(
                path: file.path, flow: nil, role: unit.role, diagnostics: unit.diagnostics.sortedBySource(),
                sources: [file], imported: ImportedDefinitions(), libraries: [], yamlHadErrors: unit.yamlHadErrors)
        }
        let imported = imports.definitions(importedBy: flow, at: file.path, chain: [Self.canonical(file.path)])
        if unit.role == .library { flow.start = Name("", at: flow.range) }
        let fixtures = FixtureCheck.check(flow)
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
    }

    /// Whether `path` is a regular file that can be read, or why not: missing, a directory, a FIFO or device,
    /// not readable. Nothing is opened.
    public static func readableFile(_ path: String) -> Result<Void, ReadFailure> {
        if let problem = SafeFile.problem(path, links: .followed) { return .failure(ReadFailure(reason: problem)) }
        guard access(path, R_OK) == 0 else { return .failure(ReadFailure(reason: "permission denied")) }
        return .success(())
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
