import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// One expression or template the checker read, with the names visible there and the type it found: what an
/// editor completes and hovers inside expressions, from the same scopes the checks use.
///
///     let sites = FlowLoader().expressionSites(file)
///     sites.first?.scope.visibleNames   // ["device", "latest", "theme", …]
public struct ExpressionSite: Sendable {
    public let text: ExpressionText
    /// The names the expression may read there (data, parameters, `let:` values, `item`, `event`, …) and their types.
    public let scope: any TypeScope
    /// The expression's type; nil when it has errors.
    public let type: ValueType?
}

extension Checker {
    /// Every expression and template the checks read, in the order they were checked.
    public func expressionSites() -> [ExpressionSite] {
        var run = CheckRun(flow: flow, imported: imported, role: role, sources: sources)
        run.sites = []
        run.checkAll()
        return run.sites ?? []
    }
}

extension FlowLoader {
    /// The expression sites of a file in memory (imports read relative to its path); none when its YAML is broken.
    public func expressionSites(_ file: SourceFile) -> [ExpressionSite] {
        let parsed = FrontEnd(limits: limits).read(file)
        guard let flow = parsed.flow, !parsed.yamlHadErrors else { return [] }
        return Checker(flow: flow, imported: parsed.imported, role: parsed.role, sources: parsed.sources)
            .expressionSites()
    }
}
