/// Why a diagram could not be made, worded for the person at the terminal.
public enum DiagramError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--screen` names no screen of the flow.
    case unknownScreen(name: String, suggestion: String?)
    /// `--depth` below zero.
    case negativeDepth(Int)
    /// A trace or coverage file could not be read or is not the expected JSON.
    case invalidOverlay(path: String, message: String)
    /// SVG or PNG was asked for and Graphviz's `dot` is not installed.
    case graphvizMissing
    /// `dot` ran and failed.
    case graphvizFailed(status: Int32, message: String)

    public var description: String {
        switch self {
        case .unknownScreen(let name, let suggestion):
            "no screen named `\(name)` in the flow" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
        case .negativeDepth(let depth):
            "the depth must be 0 or more, found \(depth)"
        case .invalidOverlay(let path, let message):
            "\(path): \(message)"
        case .graphvizMissing:
            "SVG and PNG need Graphviz's `dot`, which is not installed; install the Debian package `graphviz` "
                + "(apt-get install graphviz), or use --format dot, mermaid or plantuml"
        case .graphvizFailed(let status, let message):
            "dot failed with exit status \(status)" + (message.isEmpty ? "" : ": \(message)")
        }
    }
}
