import SegueDiagnostics
import SegueExpression
import SegueModel

/// What the checker needs to know of an operation, built-in or declared.
struct OperationInfo {
    var parameters: [(name: String, type: String, required: Bool)]
    var result: String?
    var cancellable: Bool
    var canFail: Bool
}

extension CheckRun {
    /// The operations of a service: the built-in kind's, or those the flow declares for `api` and `custom`.
    func operations(of service: ServiceDeclaration) -> [String: OperationInfo] {
        var table: [String: OperationInfo] = [:]
        for signature in BuiltinOperations.signatures(for: service.kind) {
            table[signature.name] = OperationInfo(
                parameters: signature.parameters.map { ($0.0, $0.1, $0.2) }, result: signature.result,
                cancellable: signature.cancellable, canFail: signature.canFail)
        }
        for operation in service.operations {
            table[operation.name.text] = OperationInfo(
                parameters: operation.parameters.map {
                    ($0.name.text, $0.type.text, $0.required && $0.defaultValue == nil)
                },
                result: operation.result?.text, cancellable: false, canFail: true)
        }
        return table
    }

    mutating func checkCall(_ call: Call, at range: SourceRange, in scope: Scope) {
        let callRange = call.service.range.union(call.operation.range)
        let operation = resolveOperation(call)
        if let operation {
            checkArguments(
                call.arguments, against: operation.parameters, in: scope,
                owner: "`\(call.service.text).\(call.operation.text)`", at: callRange,
                unknownCode: CheckCode.unknownCallArgument, missingCode: CheckCode.missingCallArgument)
        } else {
            for argument in call.arguments { check(argument.value, in: scope, role: "`\(argument.name.text)`") }
        }
        let result = operation?.result.map { types.lenient($0) } ?? .any
        if let variable = call.resultVariable { checkVariable(variable, in: scope, value: result) }

        // The branches run when the outcome arrives, after other inputs may have changed anything.
        var inner = scope.forgetting(nil)
        inner.errorHandled = scope.errorHandled || call.error != nil
        checkActions(call.ok ?? [], in: inner.binding(ImplicitName.result.rawValue, result))
        checkActions(call.cancelled ?? [], in: inner)
        let errorScope = scope.forgetting(nil).binding(ImplicitName.error.rawValue, Scope.error)
        checkActions(call.error ?? [], in: errorScope)
        checkCodes(call, in: inner.binding(ImplicitName.error.rawValue, Scope.error))

        guard let operation else { return }
        let name = "`\(call.service.text).\(call.operation.text)`"
        if operation.canFail, call.error == nil, !scope.errorHandled {
            report(
                .warning(
                    CheckCode.unhandledFailure,
                    "\(name) can fail, and nothing handles its failure (no `error` branch, no `on_error`)",
                    at: callRange, notes: [DiagnosticNote("add `error:` with an alert, or an `on_error` to the screen")]
                ))
        }
        if operation.cancellable, call.cancelled == nil {
            report(
                Diagnostic(
                    .note, code: CheckCode.unhandledCancel,
                    "the user can cancel \(name); add `cancelled: []` to say that nothing happens then",
                    at: callRange))
        }
    }

    /// The operation a call names, or nil after reporting an unknown service or operation.
    private mutating func resolveOperation(_ call: Call) -> OperationInfo? {
        refer(.service, call.service)
        guard let service = services[call.service.text] else {
            let suggestion = Suggestion.closest(to: call.service.text, in: services.keys)
            report(
                .error(
                    CheckCode.unknownService,
                    "unknown service `\(call.service.text)`"
                        + Suggestion.didYouMean(call.service.text, in: services.keys),
                    at: call.service.range, notes: [DiagnosticNote("declare it under `services:`")],
                    fixIts: suggestion.map { [FixIt(range: call.service.range, replacement: $0)] } ?? []))
            return nil
        }
        let table = operations(of: service)
        if let operation = table[call.operation.text] {
            if service.operations.contains(where: { $0.name.text == call.operation.text }) {
                refer(.operation, call.operation, in: .service(service.name.text))
            }
            return operation
        }
        let names = table.keys.sorted()
        let suggestion = Suggestion.closest(to: call.operation.text, in: names)
        report(
            .error(
                CheckCode.unknownOperation,
                "service `\(service.name.text)` (\(service.kind.rawValue)) has no operation `\(call.operation.text)`"
                    + Suggestion.didYouMean(call.operation.text, in: names),
                at: call.operation.range,
                notes: suggestion == nil && !names.isEmpty
                    ? [DiagnosticNote("operations: " + names.joined(separator: ", "))] : [],
                fixIts: suggestion.map { [FixIt(range: call.operation.range, replacement: $0)] } ?? []))
        return nil
    }

    /// `codes:` branches name codes of the API's code table.
    private mutating func checkCodes(_ call: Call, in scope: Scope) {
        for (code, actions) in call.codes {
            checkActions(actions, in: scope)
            guard let service = services[call.service.text] else { continue }
            if service.kind != .api {
                report(
                    .error(
                        CheckCode.unknownResponseCode,
                        "`codes` branches are for `api` services; `\(service.name.text)` is `\(service.kind.rawValue)`",
                        at: code.range))
                continue
            }
            let known = service.codes.map(\.code.text)
            guard !known.isEmpty, !known.contains(code.text) else { continue }
            let suggestion = Suggestion.closest(to: code.text, in: known)
            report(
                .error(
                    CheckCode.unknownResponseCode,
                    "service `\(service.name.text)` has no code `\(code.text)` in its `codes` table"
                        + Suggestion.didYouMean(code.text, in: known),
                    at: code.range, notes: [DiagnosticNote("codes: " + known.joined(separator: ", "))],
                    fixIts: suggestion.map { [FixIt(range: code.range, replacement: $0)] } ?? []))
        }
    }
}
