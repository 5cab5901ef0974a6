import SegueDiagnostics
import SegueExpression
import SegueModel

/// Results handed back: `dismiss: { result: … }` and `pop: { result: … }` fit the sending screen's `returns:`, and
/// an `on_result:` reads `result` as the opened screen's `returns:` type.
extension CheckRun {
    /// The type a screen hands back, or nil when it declares no `returns:`.
    func returnType(of screen: Screen) -> ValueType? {
        screen.returns.map { types.lenient($0.text) }
    }

    /// A navigation's result (`dismiss`, `pop`) or its `on_result` (`present`, `show`).
    mutating func checkResult(_ navigation: Navigation, at range: SourceRange, in scope: Scope) {
        if let result = navigation.result { checkHandedResult(result, kind: navigation.kind, in: scope) }
        guard let onResult = navigation.onResult else { return }
        guard let target = navigation.target, let opened = screen(named: target.text) else {
            return checkActions(onResult, in: scope.binding(ImplicitName.result.rawValue, .any))
        }
        guard let type = returnType(of: opened) else {
            report(
                .error(
                    CheckCode.onResultWithoutReturns,
                    "`on_result` on `\(navigation.kind.rawValue): \(target.text)`, but screen `\(target.text)` returns nothing",
                    at: target.range,
                    notes: [
                        DiagnosticNote(
                            "declare `returns: TYPE` on the screen and hand the value back with `dismiss: { result: … }`",
                            at: opened.name.range)
                    ]))
            return checkActions(onResult, in: scope.binding(ImplicitName.result.rawValue, .any))
        }
        checkActions(onResult, in: scope.binding(ImplicitName.result.rawValue, type))
    }

    /// `result:` is typed by the `returns:` of every screen the action can run on.
    private mutating func checkHandedResult(_ result: ExpressionText, kind: TransitionKind, in scope: Scope) {
        let senders = scope.owner == .flow ? [] : screens(of: scope.owner)
        guard let sender = senders.first(where: { $0.returns == nil }) ?? senders.first else {
            check(result, in: scope, role: "the result")
            return
        }
        guard returnType(of: sender) != nil else {
            let whole = result.sourceRange(ofTextOffset: 0, length: result.text.utf8.count, in: file(result.range))
            report(
                .error(
                    CheckCode.resultWithoutReturns,
                    "`\(kind.rawValue)` hands a result back, but screen `\(sender.name.text)` declares no `returns`",
                    at: whole,
                    notes: [DiagnosticNote("declare what it hands back: `returns: TYPE`", at: sender.name.range)]))
            check(result, in: scope, role: "the result")
            return
        }
        for other in senders where other.returns != nil {
            check(
                result, in: scope, expecting: returnType(of: other),
                role: "the result of screen `\(other.name.text)`", strict: true)
        }
    }
}
