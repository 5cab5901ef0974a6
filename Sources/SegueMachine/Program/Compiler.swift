import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// Compiles a checked flow into a `Program`: names interned, action lists lowered, expressions taken as the checker
/// parsed them.
///
/// The checker has resolved every name, so the compiler only numbers them; the conveniences below run the front
/// end and the checker first, and their errors are the `CompileError`'s diagnostics.
///
///     let program = try Compiler.compile(path: "flows/donate.yaml")   // the checker's errors, if any
///     if let checked = FlowLoader().load(path: "flows/donate.yaml").checked { _ = Compiler.compile(checked) }
public enum Compiler {
    /// Lowers a checked flow: the checker resolved every name and parsed every expression, so nothing here fails.
    public static func compile(_ checked: CheckedFlow) -> Program {
        var builder = ProgramBuilder(checked: checked)
        builder.build()
        builder.program.bindNames()
        builder.program.compileExpressions()
        return builder.program
    }

    /// Checks a decoded flow (with what it imports), then compiles it.
    public static func compile(
        _ flow: Flow, imported: ImportedDefinitions = ImportedDefinitions(), sources: [SourceFile] = []
    ) throws(CompileError) -> Program {
        let (checked, diagnostics) = Checker(flow: flow, imported: imported, sources: sources).checkedFlow()
        guard let checked else { throw CompileError(diagnostics: diagnostics.filter { $0.severity == .error }) }
        return compile(checked)
    }

    /// Reads, checks and compiles the flow file at `path`, with its imports.
    public static func compile(path: String) throws(CompileError) -> Program {
        try compile(FlowLoader().load(path: path))
    }

    /// Checks and compiles a flow text already in memory (imports are read relative to its path).
    public static func compile(_ file: SourceFile) throws(CompileError) -> Program {
        try compile(FlowLoader().load(file))
    }

    /// Compiles what the loader checked, or throws its errors (a library, which has no screens to run, is one).
    public static func compile(_ loaded: FlowLoadResult) throws(CompileError) -> Program {
        guard let checked = loaded.checked else {
            let errors = loaded.diagnostics.filter { $0.severity == .error }
            guard errors.isEmpty, loaded.role == .library else { throw CompileError(diagnostics: errors) }
            let start = SourceRange(path: loaded.path, at: SourceLocation(line: 1, column: 1, offset: 0))
            throw CompileError(diagnostics: [
                .error(
                    CompileError.libraryCode,
                    "`\(loaded.path)` is a library of components, types and events (no `start`, no `screens`): "
                        + "import it from a flow", at: start)
            ])
        }
        return compile(checked)
    }
}
