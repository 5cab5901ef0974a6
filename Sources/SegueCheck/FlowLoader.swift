import Foundation
import SegueDiagnostics
import SegueModel
import SegueYAML

/// What loading one flow file produced: the checked flow (nil when it could not be decoded), every diagnostic in
/// source order, and the files read, for rendering excerpts.
public struct FlowLoadResult: Sendable {
    /// The path as given.
    public var path: String
    public var flow: Flow?
    /// Whether the file is a flow or a library of components, types and events (no `start`, no `screens`).
    public var role: Checker.Role
    /// Problems of the file and of the files it imports, sorted by file, then position.
    public var diagnostics: [Diagnostic]
    /// The file and every file it imports, as read.
    public var sources: [SourceFile]

    public init(path: String, flow: Flow?, role: Checker.Role, diagnostics: [Diagnostic], sources: [SourceFile]) {
        self.path = path
        self.flow = flow
        self.role = role
        self.diagnostics = diagnostics
        self.sources = sources
    }

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// True when the file itself could not be read (exit status 2), rather than containing mistakes (status 1).
    public var isUnreadable: Bool { diagnostics.contains { $0.code == CheckCode.unreadableFile } }
}

/// Runs the front end on a file: read → YAML → model → imports → checks.
///
///     let result = FlowLoader().load(path: "flows/donate.yaml")
///     result.flow          // the decoded Flow, or nil
///     result.diagnostics   // Y…, M…, X… and C… problems, in source order
public struct FlowLoader: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Reads and checks the file at `path`; a file that cannot be read gives one `C003` diagnostic.
    public func load(path: String) -> FlowLoadResult {
        switch Self.read(path) {
        case .success(let file):
            return load(file)
        case .failure(let problem):
            let diagnostic = Diagnostic.error(
                CheckCode.unreadableFile, "cannot read `\(path)`: \(problem.reason)",
                at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)))
            return FlowLoadResult(path: path, flow: nil, role: .flow, diagnostics: [diagnostic], sources: [])
        }
    }

    /// Checks a file already in memory; imports are read relative to its path.
    public func load(_ file: SourceFile) -> FlowLoadResult {
        var imports = ImportResolver(loader: self)
        let unit = imports.decode(file)
        var diagnostics = unit.diagnostics
        guard var flow = unit.flow else {
            return FlowLoadResult(
                path: file.path, flow: nil, role: unit.role, diagnostics: diagnostics.sortedBySource(), sources: [file])
        }
        let imported = imports.definitions(importedBy: flow, at: file.path, chain: [Self.canonical(file.path)])
        diagnostics += imports.diagnostics
        if unit.role == .library { flow.start = Name("", at: flow.range) }
        // A tree with YAML errors is partial: checking it would report names it lost as unknown.
        if !unit.yamlHadErrors {
            let checker = Checker(flow: flow, imported: imported, role: unit.role, sources: [file] + imports.sources)
            diagnostics += checker.check()
        }
        return FlowLoadResult(
            path: file.path, flow: flow, role: unit.role, diagnostics: Self.unique(diagnostics).sortedBySource(),
            sources: [file] + imports.sources)
    }

    /// Why a file could not be read.
    struct ReadFailure: Error {
        var reason: String
    }

    /// The file's bytes, or why not: missing, a directory, not readable.
    static func read(_ path: String) -> Result<SourceFile, ReadFailure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadFailure(reason: "no such file"))
        }
        if isDirectory.boolValue { return .failure(ReadFailure(reason: "it is a directory")) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failure(ReadFailure(reason: "permission denied"))
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return .success(SourceFile(path: path, bytes: Array(data)))
        } catch {
            return .failure(ReadFailure(reason: error.localizedDescription))
        }
    }

    /// An absolute, standardized path, so one file reached two ways is recognised (for import cycles).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Drops exact repeats (a library checked through two imports reports its problems once).
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
