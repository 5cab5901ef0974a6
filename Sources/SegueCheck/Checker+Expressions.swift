import SegueDiagnostics
import SegueExpression
import SegueModel

extension CheckRun {
    /// Parses and type-checks an expression or template; returns its type, or nil when it has errors.
    ///
    /// With `expecting`, a type that does not fit is reported with `code` as "`role` must be `T`, found `U`".
    /// A value that may be null fits a non-null type unless `strict` (a null there is a run-time error outcome,
    /// and the language has no way to narrow `T?` to `T`); assignments and defaults are strict.
    /// The text's syntax is kept at its number for the compiler (`lowered`); a text checked again where it reads no
    /// computed field keeps the lowering an earlier check made.
    @discardableResult
    mutating func check(
        _ text: ExpressionText, in scope: Scope, expecting expected: ValueType? = nil, role: String,
        code: String = CheckCode.typeMismatch, strict: Bool = false
    ) -> ValueType? {
        let checked = parseAndType(text, in: scope, expecting: expected, role: role, code: code, strict: strict)
        if let syntax = checked.syntax, checked.readsComputedField || lowered[text.id] == nil {
            lowered[text.id] = syntax
        }
        return checked.type
    }

    /// `check(_:in:expecting:role:code:strict:)` for a text the checker made (a position inside a `set:` key), which
    /// has no number: its syntax comes back to the caller (nil when it does not parse).
    mutating func parseAndType(
        _ text: ExpressionText, in scope: Scope, expecting expected: ValueType? = nil, role: String,
        code: String = CheckCode.typeMismatch, strict: Bool = false
    ) -> (type: ValueType?, syntax: LoweredExpression?, readsComputedField: Bool) {
        let checker = TypeChecker(scope: scope.typeScope, knownNonNull: scope.nonNull)
        var found: ValueType?
        defer { sites?.append(ExpressionSite(text: text, scope: checker.scope, type: found)) }
        let analysis: TypeChecker.Analysis
        let syntax: () -> LoweredExpression
        let expressions: [Expression]
        switch text.kind {
        case .expression:
            do throws(ExpressionDiagnostic) {
                let parsed = try Expression.parse(text.text)
                if !RepeatedExpressions.isTrivial(parsed), !checkingRecordType {
                    noteWritten(text, as: text.text, reading: parsed.referencedNames, in: scope)
                }
                analysis = checker.analyze(parsed)
                expressions = [parsed]
                syntax = { [types] in
                    .expression(
                        analysis.computedReads.isEmpty
                            ? parsed : parsed.lowering(analysis.computedReads, fields: types.computedFields))
                }
            } catch {
                report(Self.hintingText(place(error, in: text), for: text))
                return (nil, nil, false)
            }
        case .template:
            do throws(ExpressionDiagnostic) {
                let parsed = try Template.parse(text.text)
                if !RepeatedExpressions.isTrivial(parsed), !checkingRecordType {
                    let names = parsed.expressions.reduce(into: Set<String>()) { $0.formUnion($1.referencedNames) }
                    noteWritten(text, as: RepeatedExpressions.compared(parsed, text.text), reading: names, in: scope)
                }
                analysis = checker.analyze(parsed)
                expressions = parsed.expressions
                syntax = { [types] in
                    .template(
                        analysis.computedReads.isEmpty
                            ? parsed : parsed.lowering(analysis.computedReads, fields: types.computedFields))
                }
            } catch {
                report(place(error, in: text))
                return (nil, nil, false)
            }
        }
        let lowered = syntax()
        let readsComputedField = !analysis.computedReads.isEmpty
        referNames(in: expressions, of: text, in: scope, computedReads: analysis.computedReads)
        for warning in analysis.warnings { report(place(warning, in: text)) }
        switch analysis.type {
        case .failure(let problems):
            for problem in problems.items { report(place(problem, in: text)) }
            return (nil, lowered, readsComputedField)
        case .success(let type):
            found = type
            if let expected {
                reportComputedFieldSet(
                    by: type, into: expected,
                    at: text.sourceRange(ofTextOffset: 0, length: text.text.utf8.count, in: file(text.range)))
            }
            if let expected, !type.isAssignable(to: expected), strict || !type.unwrapped.isAssignable(to: expected) {
                let nullable = type.unwrapped.isAssignable(to: expected) && type != .null
                let found = nullable ? "`\(type)`, which may be null" : "`\(type)`"
                let whole = text.sourceRange(ofTextOffset: 0, length: text.text.utf8.count, in: file(text.range))
                report(.error(code, "\(role) must be `\(expected)`, found \(found)", at: whole))
            }
            return (type, lowered, readsComputedField)
        }
    }

    /// An expression warning at its exact place in the file, with the check stage's code for its kind.
    func place(_ warning: ExpressionWarning, in text: ExpressionText) -> Diagnostic {
        let code =
            switch warning.kind {
            case .optionalInText: CheckCode.optionalInText
            case .optionalOperand: CheckCode.optionalOperand
            }
        let range = text.sourceRange(
            ofTextOffset: warning.range.start, length: warning.range.length, in: file(text.range))
        return .warning(code, warning.message, at: range)
    }

    /// A syntax error in what reads as plain text (`default: one-way flight`, `initial: 27.03.2014`): a note that an
    /// expression position needs text in inner quotes, and the fix-it that adds them.
    static func hintingText(_ diagnostic: Diagnostic, for text: ExpressionText) -> Diagnostic {
        let words = text.text
        guard !words.isEmpty, !words.contains("'"), !words.contains("\""), !words.contains("${"),
            words.contains(where: { $0 == " " || $0 == "." || $0 == "-" || $0 == ":" || $0 == "/" }),
            words.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil
                    || " .-:/,!?".unicodeScalars.contains($0)
            }),
            (try? Expression.parse("'\(words)'")) != nil
        else { return diagnostic }
        var hinted = diagnostic
        let quoted = "\"'\(words)'\""
        hinted.notes.append(
            DiagnosticNote("an expression goes here: text needs inner quotes, as in `\(quoted)`", at: text.range))
        hinted.fixIts.append(FixIt(range: text.range, replacement: quoted))
        return hinted
    }

    /// An expression problem at its exact place in the file.
    func place(_ problem: ExpressionDiagnostic, in text: ExpressionText) -> Diagnostic {
        problem.diagnostic { range in
            text.sourceRange(ofTextOffset: range.start, length: range.length, in: file(text.range))
        }
    }

    /// Resolves a type annotation, reporting an unknown type at the name inside the annotation.
    @discardableResult
    mutating func resolve(_ type: TypeText) -> ValueType {
        referTypes(in: type)
        switch types.resolve(type.text) {
        case .success(let resolved):
            return resolved
        case .failure(let problem):
            let range = annotationRange(type, problem.range)
            let code = problem.code == "X050" ? CheckCode.unknownType : problem.code
            report(
                .error(
                    code, problem.message, at: range,
                    fixIts: problem.replacement.map { [FixIt(range: range, replacement: $0)] } ?? []))
            return .any
        }
    }

    /// The file range of part of a type annotation: plain or quoted scalars on one line map byte for byte.
    func annotationRange(_ type: TypeText, _ part: TextRange) -> SourceRange {
        guard let file = file(type.range), type.range.start.line == type.range.end.line else { return type.range }
        var base = type.range.start.offset
        if base < file.bytes.count, file.bytes[base] == UInt8(ascii: "\"") || file.bytes[base] == UInt8(ascii: "'") {
            base += 1
        }
        let start = file.location(ofOffset: base + part.start)
        let end = file.location(ofOffset: base + part.end)
        guard end.offset <= type.range.end.offset else { return type.range }
        return SourceRange(path: type.range.path, start: start, end: end)
    }
}
