import SegueDiagnostics
import SegueModel

/// A flow has screens and a start; a library only lends components, types and events to the flows importing it.
public enum FlowRole: Sendable, Hashable {
    case flow
    case library
}

/// What the front end made of one file: the decoded flow and its imports, before any check.
///
///     let parsed = FrontEnd().read(path: "flows/donate.yaml")
///     parsed.flow        // the decoded Flow, or nil when the file could not be read or decoded
///     parsed.imported    // the components, types and events of every imported file
public struct ParsedFlow: Sendable {
    /// The path as given.
    public var path: String
    public var flow: Flow?
    public var role: FlowRole
    /// Y…, M… and file problems (C001, C003) of the file and of the files it imports, in source order.
    public var diagnostics: [Diagnostic]
    /// The file and every file it imports, as read.
    public var sources: [SourceFile]
    /// Definitions gathered from every imported file, transitively.
    public var imported: ImportedDefinitions
    /// Each imported file that decoded, with what it imports itself, so a checker can check it as a library.
    public var libraries: [ImportedLibrary]
    /// The YAML stage reported errors, so the flow may be missing parts (and checking it would mislead).
    public var yamlHadErrors: Bool

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// One imported file, decoded, with the definitions it imports in turn.
public struct ImportedLibrary: Sendable {
    public var flow: Flow
    public var imported: ImportedDefinitions
    public var yamlHadErrors: Bool
}
