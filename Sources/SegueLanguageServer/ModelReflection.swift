import SegueDiagnostics
import SegueExpression
import SegueModel

/// Finds every value of one type inside a part of the model, by reflection, so a key or element kind added to the
/// model later is searched without a change here.
enum ModelReflection {
    static func all<T>(_ type: T.Type, in value: Any) -> [T] {
        var found: [T] = []
        collect(value, into: &found, depth: 0)
        return found
    }

    private static func collect<T>(_ value: Any, into found: inout [T], depth: Int) {
        if let match = value as? T {
            found.append(match)
            return
        }
        // Leaves that hold neither expressions nor types (and the YAML nodes inside expressions and ranges).
        if depth > 40 || value is String || value is Name || value is SourceRange || value is Value
            || value is ExpressionText || value is TypeText
        {
            return
        }
        for child in Mirror(reflecting: value).children { collect(child.value, into: &found, depth: depth + 1) }
    }
}
