import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueYAML

/// The handover to the compiler: every expression text the compiler may be handed (the flow's own, numbered
/// `flow.expressionIDs`, and those of the components it may show, imported ones included) has its syntax at its
/// number, and every `set:` key with steps its steps. The checker makes sure of it before a `CheckedFlow` is made:
/// one it missed is a bug in segue, reported as C900 at the text, so the compiler has nothing that can fail.
extension CheckRun {
    /// The numbers the compiler may ask for with no syntax, in order.
    var uncheckedExpressions: [Int32] {
        var missing = lowered.missing(in: flow.expressionIDs)
        for component in components.values where !localComponentNames.contains(component.name.text) {
            missing += lowered.missing(in: component.expressionIDs)
        }
        return missing.sorted()
    }

    /// C900 for each text and `set:` key the checks passed over, once the flow has no other error (a flow with one
    /// is not compiled, and its checks may stop early; a part the decoder refused took its texts with it).
    mutating func reportUncheckedExpressions() {
        guard !diagnostics.hasErrors, flow.keepsEveryText, components.values.allSatisfy(\.keepsEveryText) else {
            return
        }
        let note = DiagnosticNote(
            "the checker accepted the rest of this flow; this is a bug in segue, please report it")
        for name in unparsedWrites {
            report(
                .error(
                    CheckCode.uncheckedExpression, "the checker did not type the steps of `\(name.text)`",
                    at: name.range, notes: [note]))
        }
        let missing = uncheckedExpressions
        guard !missing.isEmpty else { return }
        var found: [Int32: ExpressionText] = [:]
        Self.collectTexts(numbered: Set(missing), in: flow, into: &found)
        for component in components.values where !localComponentNames.contains(component.name.text) {
            Self.collectTexts(numbered: Set(missing), in: component, into: &found)
        }
        for id in missing {
            let text = found[id]
            report(
                .error(
                    CheckCode.uncheckedExpression,
                    "the checker did not check the expression `\(text?.text ?? "#\(id)")`",
                    at: text?.range ?? flow.range, notes: [note]))
        }
    }

    /// The texts numbered `ids` in `value`, found by walking it (only on the way to C900, which should never be
    /// reported): an invoked chart is passed over, its numbers being its own.
    private static func collectTexts(numbered ids: Set<Int32>, in value: Any, into found: inout [Int32: ExpressionText])
    {
        for child in Mirror(reflecting: value).children {
            if let text = child.value as? ExpressionText {
                if ids.contains(text.id.index), found[text.id.index] == nil { found[text.id.index] = text }
            } else if !(child.value is Flow), !(child.value is Node) {
                collectTexts(numbered: ids, in: child.value, into: &found)
            }
        }
    }

    /// The syntax of every number below the highest the flow and its components use, for `CheckedFlow`; nil when
    /// one they use has none (C900 was reported, or the flow has errors). A number neither uses (an imported file's
    /// text outside its components, which the compiler is never handed) holds `null`.
    var handedOverExpressions: [LoweredExpression]? {
        guard uncheckedExpressions.isEmpty, unparsedWrites.isEmpty else { return nil }
        let unused = LoweredExpression.expression(Expression(.literal(.null), at: TextRange(0, 0)))
        return lowered.entries.map { $0 ?? unused }
    }
}
