import SegueDiagnostics
import SegueYAML

/// Loads `text` as `test.yaml`.
func load(_ text: String, limits: YAMLLimits = .default) -> YAMLLoadResult {
    YAMLLoader(limits: limits).load(SourceFile(path: "test.yaml", text: text))
}

func load(bytes: [UInt8], limits: YAMLLimits = .default) -> YAMLLoadResult {
    YAMLLoader(limits: limits).load(SourceFile(path: "test.yaml", bytes: bytes))
}

extension YAMLLoadResult {
    /// Each diagnostic as `CODE@line:column`, in order.
    var summary: [String] {
        diagnostics.map { "\($0.code)@\($0.range.start.line):\($0.range.start.column)" }
    }
}

extension SourceRange {
    /// `line:column-line:column`, for compact assertions.
    var span: String { "\(start.line):\(start.column)-\(end.line):\(end.column)" }
}

extension Node {
    /// The value under a chain of mapping keys.
    func at(_ keys: String...) -> Node? {
        var node: Node? = self
        for key in keys { node = node?[key]?.value }
        return node
    }
}
