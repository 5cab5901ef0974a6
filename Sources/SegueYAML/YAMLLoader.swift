import SegueDiagnostics

/// What loading one YAML file produced: its tree, if any, and every problem found.
public struct YAMLLoadResult: Sendable {
    /// The document's root; nil for a file with no document, or when a problem stopped loading inside it.
    public var root: Node?
    /// Errors and warnings in file order, with codes `Y001`… (see docs/diagnostics.md).
    public var diagnostics: [Diagnostic]

    public init(root: Node?, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}

/// Loads one YAML file into a `Node` tree with source ranges, reporting problems as diagnostics.
///
///     let result = YAMLLoader().load(SourceFile(path: "flow.yaml", text: "start: main\n"))
///     result.root?["start"]?.value.scalar?.text  // "main"
///
/// A file holds exactly one document. Plain scalars resolve by the YAML 1.2 core schema (`on` and `yes`
/// stay strings); aliases are the same `Node` as their anchor; `<<` merge keys are applied.
public struct YAMLLoader: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// `Y001` for a file of `size` bytes over `limit`; the front end gives it for a file refused by its size before
    /// it was read.
    public static func fileTooLarge(path: String, size: Int, limit: Int) -> Diagnostic {
        Diagnostic.error(
            .fileTooLarge, "the file is \(size) bytes; the limit is \(limit) bytes",
            at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)))
    }

    public func load(_ file: SourceFile) -> YAMLLoadResult {
        guard file.bytes.count <= limits.maxFileBytes else {
            let diagnostic = Self.fileTooLarge(path: file.path, size: file.bytes.count, limit: limits.maxFileBytes)
            return YAMLLoadResult(root: nil, diagnostics: [diagnostic])
        }
        let check = InputCheck(file)
        guard check.diagnostics.isEmpty else { return YAMLLoadResult(root: nil, diagnostics: check.diagnostics) }
        var builder = TreeBuilder(file: file, isASCII: check.isASCII, limits: limits)
        file.bytes.withUnsafeBufferPointer { bytes in
            builder.run(YAMLEventReader(bytes, maxScalarBytes: limits.maxScalarBytes))
        }
        return YAMLLoadResult(root: builder.root, diagnostics: builder.diagnostics.sortedBySource())
    }

    /// Runs libyaml's event parser over the file without building anything and returns the number of events
    /// (nil after a syntax error): the baseline that `load` is measured against.
    public static func parseEventsOnly(_ file: SourceFile) -> Int? {
        file.bytes.withUnsafeBufferPointer { bytes in
            YAMLEventReader(bytes, maxScalarBytes: 0).countAll()
        }
    }
}
