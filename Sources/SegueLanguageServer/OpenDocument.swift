import SegueCheck
import SegueDiagnostics
import SegueModel

/// A flow file the editor has open: its text as typed (not as saved) and what the front end made of it.
final class OpenDocument {
    let uri: String
    let path: String
    private(set) var version: Int
    private(set) var file: SourceFile
    private var cachedAnalysis: FlowLoadResult?
    /// The last flow that decoded, so names still complete while the text is half-typed.
    private var lastFlow: Flow?
    private var everAnalyzed = false
    /// The names the checker bound in the last text whose YAML read whole, so names still follow and complete
    /// while the text is half-typed.
    private var lastSymbols = SymbolTable()

    /// The folder its imports are read inside (`ProjectRoot`): `--root`, else the editor's workspace root when the
    /// file is in it, else the file's own folder.
    let root: ProjectRoot

    init(uri: String, text: String, version: Int, workspace: ProjectRoot? = nil) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.file = SourceFile(path: path, text: text)
        let wanted = ProjectRoot.commandLine.map { ProjectRoot($0) } ?? workspace
        if let wanted, wanted.locate(path) != .failure(.outside) {
            root = wanted
        } else {
            root = ProjectRoot(PathName.directory(of: path))
        }
    }

    /// Whether the server may speak of the file at `path`: this document, or a file inside its root (diagnostics
    /// and rename edits for anything else are never sent).
    func mayTouch(_ path: String) -> Bool {
        path == self.path || root.locate(path) != .failure(.outside)
    }

    var text: String { String(decoding: file.bytes, as: UTF8.self) }

    var positions: PositionMap { PositionMap(file: file) }

    func replace(text: String, version: Int) {
        // The text as opened is read once before the first edit, so its names outlive a half-typed edit.
        if !everAnalyzed { _ = analysis }
        self.version = version
        file = SourceFile(path: path, text: text)
        cachedAnalysis = nil
    }

    /// The front end's result for the text as it stands, computed once per change: imports are read from disk,
    /// relative to the file.
    var analysis: FlowLoadResult {
        if let cachedAnalysis { return cachedAnalysis }
        let result = FlowLoader(root: root).load(file)
        cachedAnalysis = result
        everAnalyzed = true
        if let flow = result.flow { lastFlow = flow }
        if !result.symbols.isEmpty { lastSymbols = result.symbols }
        return result
    }

    /// The flow as last decoded (nil when the text has never been a flow).
    var flow: Flow? {
        _ = analysis
        return lastFlow
    }

    /// The names the checker bound in this file and the files it imports (`FlowLoadResult.symbols`).
    var symbols: SymbolTable {
        _ = analysis
        return lastSymbols
    }

    var names: DocumentNames { DocumentNames(table: symbols, services: flow?.services ?? []) }

    /// The file a path names: this document's text for its own path, otherwise an imported file as read.
    func source(_ path: String) -> SourceFile? {
        path == self.path ? file : analysis.sources.first { $0.path == path }
    }
}
