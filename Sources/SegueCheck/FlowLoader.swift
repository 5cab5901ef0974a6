import SegueDiagnostics
import SegueFrontEnd
import SegueModel
import SegueYAML

/// What loading one flow file produced: the decoded flow (nil when it could not be decoded), the checked flow (nil
/// when any error was found), every diagnostic in source order, and the files read, for rendering excerpts.
public struct FlowLoadResult: Sendable {
    /// The path as given.
    public var path: String
    public var flow: Flow?
    /// The flow with the names the checker resolved, when nothing is wrong with it: what the compiler takes.
    public var checked: CheckedFlow?
    /// Whether the file is a flow or a library of components, types and events (no `start`, no `screens`).
    public var role: Checker.Role
    /// Problems of the file and of the files it imports, sorted by file, then position.
    public var diagnostics: [Diagnostic]
    /// The file and every file it imports, as read.
    public var sources: [SourceFile]
    /// The names the checks bound in the file and the files it imports, as far as they got (empty when the file
    /// did not decode, or its YAML had errors).
    public var symbols: SymbolTable

    public init(
        path: String, flow: Flow?, checked: CheckedFlow? = nil, role: Checker.Role, diagnostics: [Diagnostic],
        sources: [SourceFile], symbols: SymbolTable = SymbolTable()
    ) {
        self.symbols = symbols
        self.path = path
        self.flow = flow
        self.checked = checked
        self.role = role
        self.diagnostics = diagnostics
        self.sources = sources
    }

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// True when the file itself could not be read (exit status 2), rather than containing mistakes (status 1).
    public var isUnreadable: Bool { diagnostics.contains { $0.code == CheckCode.unreadableFile } }
}

/// Runs the front end on a file (read → YAML → model → imports, `FrontEnd`), then the checks.
///
///     let result = FlowLoader().load(path: "flows/donate.yaml")
///     result.flow          // the decoded Flow, or nil
///     result.checked       // the CheckedFlow to compile, or nil when there are errors
///     result.diagnostics   // Y…, M…, X… and C… problems, in source order
public struct FlowLoader: Sendable {
    public var limits: YAMLLimits
    /// The folder imports and fixtures are read from (`ProjectRoot`); nil: `--root`, else the flow file's folder.
    public var root: ProjectRoot?

    public init(limits: YAMLLimits = .default, root: ProjectRoot? = nil) {
        self.limits = limits
        self.root = root
    }

    /// Whether `path` is a regular file whose first line of content is `segue:` (only its head is read, and
    /// nothing of it is shown: a scenario may name a flow outside its own project root, never another file).
    public static func isFlowFile(_ path: String) -> Bool {
        guard let head = try? SafeFile.head(path, count: 64 * 1024, links: .followed) else { return false }
        return FlowDirectory.isFlowText(String(decoding: head, as: UTF8.self))
    }

    /// Reads and checks the file at `path`; a file that cannot be read gives one `C003` diagnostic.
    public func load(path: String) -> FlowLoadResult {
        check(FrontEnd(limits: limits, root: root).read(path: path))
    }

    /// Checks a file already in memory; imports are read relative to its path.
    public func load(_ file: SourceFile) -> FlowLoadResult {
        check(FrontEnd(limits: limits, root: root).read(file))
    }

    /// Checks what the front end read: each imported library, then the flow itself.
    public func check(_ parsed: ParsedFlow) -> FlowLoadResult {
        var diagnostics = parsed.diagnostics
        guard let flow = parsed.flow else {
            return FlowLoadResult(
                path: parsed.path, flow: nil, role: parsed.role, diagnostics: diagnostics, sources: parsed.sources)
        }
        var libraries = SymbolTable()
        for library in parsed.libraries where !library.yamlHadErrors {
            let checker = Checker(
                flow: library.flow, imported: library.imported, role: .library, sources: parsed.sources)
            let outcome = checker.resolved()
            diagnostics += outcome.diagnostics
            libraries = libraries.merging(outcome.symbols)
        }
        var checked: CheckedFlow?
        var symbols = SymbolTable()
        // A tree with YAML errors is partial: checking it would report names it lost as unknown.
        if !parsed.yamlHadErrors {
            let checker = Checker(flow: flow, imported: parsed.imported, role: parsed.role, sources: parsed.sources)
            let outcome = checker.resolved()
            diagnostics += outcome.diagnostics
            checked = diagnostics.hasErrors ? nil : outcome.checked
            symbols = outcome.symbols.merging(libraries)
        }
        return FlowLoadResult(
            path: parsed.path, flow: flow, checked: checked, role: parsed.role,
            diagnostics: Self.unique(diagnostics).sortedBySource(), sources: parsed.sources, symbols: symbols)
    }

    /// Drops exact repeats (a library checked through two imports reports its problems once).
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
