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
        switch Self.readFile(path) {
        case .success(let file):
            return read(file)
        case .failure(let problem):
            let diagnostic = Diagnostic.error(
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
    }

    /// Whether `path` is a file that can be read, or why not: missing, a directory, not readable.
    public static func readableFile(_ path: String) -> Result<Void, ReadFailure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadFailure(reason: "no such file"))
        }
        if isDirectory.boolValue { return .failure(ReadFailure(reason: "it is a directory")) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failure(ReadFailure(reason: "permission denied"))
        }
        return .success(())
    }

    /// The file's bytes, or why not: missing, a directory, not readable.
    public static func readFile(_ path: String) -> Result<SourceFile, ReadFailure> {
        if case .failure(let failure) = readableFile(path) { return .failure(failure) }
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
}
