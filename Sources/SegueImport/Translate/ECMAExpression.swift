import SegueDiagnostics
import SegueExpression
import SegueModel

/// Translates an SCXML `cond`, `expr` or `location` written for the null or ECMAScript datamodel into Segue's
/// expression language, when it stays inside the subset the two share: literals, names, member access and
/// indexing, comparisons (`===` becomes `==`), arithmetic, `!`, `&&`, `||`, `?:`, array and object literals, and
/// `In('state')` (which becomes `state.<name>`), and the system variables (`_event` is `current_event`, its
/// `data` too, `_sessionid` and `_name` are `session.id` and `session.name`), `typeof` (`ECMATypeof`), the `Math`
/// and `JSON` calls `ECMAFunctions` maps and the string methods it names, and `+` of a string and a number (the
/// number written as text). Anything else — other function calls, assignment, bitwise operators, `new` — is an
/// I006 diagnostic at its position in the attribute.
///
///     ECMAExpression.translate("Var1 === 'a' && In('s0')", ...)  // "Var1 == 'a' && state.s0"
struct ECMAExpression {
    /// Where the attribute's value sits, for positions.
    var valueRange: SourceRange
    var file: SourceFile
    /// Maps an SCXML state id to its Segue name (nil when the document has no such state).
    var stateName: (String) -> String?
    /// Whether the document declares a name (a `<data>` id, a `<foreach>` item or index): `typeof` of one it does
    /// not is `'undefined'`, as in ECMAScript, where reading it would be a ReferenceError.
    var isDeclared: (String) -> Bool = { _ in true }
    /// Whether a name is declared but holds no value yet where the expression runs: a `<data>` initialised from
    /// one that comes after it (or from itself) reads ECMAScript's `undefined`, null in the flow.
    var isUnsetYet: (String) -> Bool = { _ in false }
    /// The type Segue's checker gives a translated expression, nil when unknown: `!` of a value it knows is no
    /// `bool` (a string, a number, null) becomes ECMAScript's truthiness test (`ECMATruthiness`).
    var typeOf: (String) -> ValueType? = { _ in nil }

    /// The Segue text, or the diagnostic for the first construct outside the subset.
    ///
    /// `asCondition`: a value Segue's checker knows is no `bool` becomes ECMAScript's truthiness test.
    func translate(_ source: String, construct: String, asCondition: Bool = false) -> Result<String, Diagnostic> {
        let tokens: [ECMAToken]
        switch ECMAToken.scan(source) {
        case .success(let scanned): tokens = scanned
        case .failure(let failure):
            return .failure(problem("\(construct): \(failure.message)", at: failure.offset, in: source))
        }
        guard !tokens.isEmpty else {
            return .failure(problem("\(construct) is empty", at: 0, in: source))
        }
        return parts(tokens, source: source, construct: construct).map { parts in
            let value = ECMAConcatenation.rewrite(parts)
            guard asCondition, let type = typeOf(Self.join(value)), let test = ECMATruthiness.truthy(value, type: type)
            else { return Self.join(value) }
            return Self.join(test)
        }
    }

    /// The Segue parts (tokens) of ECMAScript tokens, before `+` is read as concatenation and they are joined.
    private func parts(_ tokens: [ECMAToken], source: String, construct: String) -> Result<[String], Diagnostic> {
        var out: [String] = []
        var index = 0
        // Parts written before a closing parenthesis (by its token's index): `Math.round`'s `) + 0.5`.
        var beforeClosing: [Int: [String]] = [:]
        while index < tokens.count {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            if let parts = beforeClosing[index] { out += parts }
            switch token.kind {
            case .identifier:
                let previousIsDot = out.last == "."
                if !previousIsDot, let power = ECMAFunctions.power(tokens, at: index) {
                    // `Math.pow(x, 3)`: `((x) * (x) * (x))`; the exponent 0 is `1`.
                    switch parts(Array(tokens[power.base]), source: source, construct: construct) {
                    case .success(let base):
                        let factors = Array(repeating: ["("] + base + [")"], count: power.exponent)
                        out += power.exponent == 0 ? ["1"] : ["("] + Array(factors.joined(separator: ["*"])) + [")"]
                    case .failure(let problem): return .failure(problem)
                    }
                    index = power.end
                    continue
                }
                if !previousIsDot, let mapping = ECMAFunctions.mapping(tokens, at: index) {
                    switch mapping {
                    case .function(let name):
                        out.append(name)
                        index += 3
                    case .wrapped(let open, let close):
                        guard let end = ECMAFunctions.closing(tokens, from: index + 3) else {
                            return .failure(problem("\(construct): `(` is never closed", at: token.offset, in: source))
                        }
                        out += open
                        beforeClosing[end, default: []] += close
                        index += 4
                    case .refused(let message):
                        return .failure(problem("\(construct): \(message)", at: token.offset, in: source))
                    }
                    continue
                }
                if !previousIsDot, token.text == "typeof" {
                    let end = ECMATypeof.operandEnd(tokens, from: index + 1)
                    guard end > index + 1 else {
                        return .failure(
                            problem("\(construct): `typeof` needs an operand", at: token.offset, in: source))
                    }
                    let operand = Array(tokens[(index + 1)..<end])
                    if operand.count == 1, operand[0].kind == .identifier, !operand[0].text.hasPrefix("_"),
                        !isDeclared(operand[0].text), !Self.knownValues.contains(operand[0].text)
                    {
                        out.append("'undefined'")
                    } else {
                        switch parts(operand, source: source, construct: construct) {
                        case .success(let value): out += ECMATypeof.test(of: value)
                        case .failure(let problem): return .failure(problem)
                        }
                    }
                    index = end
                    continue
                }
                if previousIsDot {
                    if next?.text == "(", ECMAFunctions.methods[token.text] == nil {
                        return .failure(
                            problem(
                                "\(construct): the method call `.\(token.text)(…)` is ECMAScript, not in the shared subset "
                                    + "(only `startsWith`, `endsWith`, `includes`, `toUpperCase`, `toLowerCase` and `trim` are mapped)",
                                at: token.offset, in: source))
                    }
                    out.append(next?.text == "(" ? ECMAFunctions.methods[token.text] ?? token.text : token.text)
                } else if token.text == "In" {
                    guard next?.text == "(", index + 3 < tokens.count, tokens[index + 2].kind == .string,
                        tokens[index + 3].text == ")"
                    else {
                        return .failure(
                            problem(
                                "\(construct): `In` takes one quoted state id, `In('s1')`", at: token.offset,
                                in: source))
                    }
                    let id = tokens[index + 2].stringValue
                    guard let name = stateName(id) else {
                        return .failure(
                            problem(
                                "\(construct): `In('\(id)')` names no state of this document",
                                at: tokens[index + 2].offset, in: source, code: .missingState))
                    }
                    out.append("state")
                    out.append(".")
                    out.append(name)
                    index += 4
                    continue
                } else if token.text == "_event" {
                    // `_event` is `current_event`, its payload `current_event.data` (any) wherever it is read: in an
                    // `<onentry>` too, where no handler's `event` is bound, and a field no `<send>` of that event
                    // carries (`undefined` in ECMAScript) is null rather than refused by a payload's record type.
                    // `_event` has SCXML's fields only: any other is `undefined` in ECMAScript, and reading it
                    // further is an error at run time there, a type error in the flow here.
                    if next?.text == ".", index + 2 < tokens.count, tokens[index + 2].kind == .identifier,
                        CurrentEventField(rawValue: tokens[index + 2].text) == nil
                    {
                        let fields = CurrentEventField.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                        return .failure(
                            problem(
                                "\(construct): `_event` has no field `\(tokens[index + 2].text)` (its fields: \(fields))",
                                at: tokens[index + 2].offset, in: source))
                    }
                    out.append(ImplicitName.currentEvent.rawValue)
                } else if let system = Self.systemVariables[token.text] {
                    if token.text == "_ioprocessors", let (message, offset) = Self.unknownProcessor(tokens, at: index) {
                        return .failure(problem("\(construct): \(message)", at: offset, in: source))
                    }
                    out.append(system)
                } else if Self.unsupportedWords.contains(token.text) || token.text.hasPrefix("_") {
                    let what = token.text.hasPrefix("_") ? "the system variable" : "ECMAScript's"
                    return .failure(
                        problem(
                            "\(construct): \(what) `\(token.text)` is outside the shared subset",
                            at: token.offset, in: source))
                } else if next?.text == "(" {
                    return .failure(
                        problem(
                            "\(construct): calling `\(token.text)(…)` is ECMAScript; only `In(…)` is in the shared subset",
                            at: token.offset, in: source))
                } else if token.text == "undefined" || !previousIsDot && isUnsetYet(token.text) {
                    out.append("null")
                } else {
                    out.append(token.text)
                }
            case .number:
                out.append(token.text)
            case .string:
                out.append(token.segueString)
            case .punctuation where token.text == "!":
                let end = ECMATypeof.operandEnd(tokens, from: index + 1)
                guard end > index + 1 else {
                    out.append("!")  // no operand: the parser says so
                    break
                }
                switch parts(Array(tokens[(index + 1)..<end]), source: source, construct: construct) {
                case .success(let operand):
                    let value = ECMAConcatenation.rewrite(operand)
                    let falsy = typeOf(Self.join(value)).flatMap { ECMATruthiness.falsy(value, type: $0) }
                    out += falsy ?? ["!"] + operand
                case .failure(let problem): return .failure(problem)
                }
                index = end
                continue
            case .punctuation:
                switch token.text {
                case "===": out.append("==")
                case "!==": out.append("!=")
                case "=", "+=", "-=", "*=", "/=", "%=", "++", "--", ";", "=>", "&", "|", "^", "~", "<<", ">>", ">>>":
                    return .failure(
                        problem(
                            "\(construct): the operator `\(token.text)` is outside the shared subset",
                            at: token.offset, in: source))
                default: out.append(token.text)
                }
            }
            index += 1
        }
        return .success(out)
    }

    /// Words that are values, not names a document declares.
    static let knownValues: Set<String> = ["true", "false", "null", "undefined", "In", "Math", "JSON"]

    /// SCXML's system variables other than `_event`, as Segue names them: `session`'s fields, and for
    /// `_ioprocessors` a record naming SCXML's event I/O processor at the session's own address.
    static let systemVariables: [String: String] = {
        let location = "{location: '#_scxml_' + session.id}"
        return [
            "_sessionid": "session.id", "_name": "session.name",
            "_ioprocessors": "({'\(SCXMLTranslator.scxmlProcessor)': \(location), scxml: \(location)})",
        ]
    }()

    /// Why `_ioprocessors` at `index` reads what the record does not hold: a processor other than SCXML's (by its
    /// URI or `scxml`), or a field of one other than `location`; nil when it reads what is there. ECMAScript gives
    /// `undefined` for either (and an error for a field of that); the flow's record type would refuse the read.
    static func unknownProcessor(_ tokens: [ECMAToken], at index: Int) -> (String, Int)? {
        let processors = [SCXMLTranslator.scxmlProcessor, "scxml"]
        func text(_ offset: Int) -> String? { index + offset < tokens.count ? tokens[index + offset].text : nil }
        let fieldAt: Int
        if text(1) == "[", index + 3 < tokens.count, tokens[index + 2].kind == .string, text(3) == "]" {
            guard processors.contains(tokens[index + 2].stringValue) else {
                return ("`_ioprocessors` has no processor `\(tokens[index + 2].stringValue)`; it has SCXML's only "
                        + "(`_ioprocessors['\(SCXMLTranslator.scxmlProcessor)']`)", tokens[index + 2].offset)
            }
            fieldAt = 4
        } else if text(1) == ".", let name = text(2) {
            guard processors.contains(name) else {
                return ("`_ioprocessors` has no processor `\(name)`; it has SCXML's only (`_ioprocessors.scxml`)",
                        tokens[index + 2].offset)
            }
            fieldAt = 3
        } else {
            return nil
        }
        guard text(fieldAt) == ".", let field = text(fieldAt + 1), field != "location" else { return nil }
        return ("an event I/O processor has only a `location`, not `\(field)`", tokens[index + fieldAt + 1].offset)
    }

    static let unsupportedWords: Set<String> = [
        "return", "function", "new", "var", "let", "const", "delete", "void", "instanceof", "this",
        "NaN", "Infinity", "if", "else", "for", "while", "do", "switch", "case", "throw", "try", "catch",
        "class", "yield", "await", "with", "debugger",
    ]

    /// Tokens joined with the spaces a reader expects: none around `.`, inside brackets or before `,`.
    static func join(_ parts: [String]) -> String {
        var out = ""
        var previous = ""
        var beforePrevious = ""
        var open: [String] = []
        for part in parts {
            let unaryMinus = previous == "-" && (beforePrevious.isEmpty || !isOperand(beforePrevious))
            let recordColon = part == ":" && open.last == "{"
            let tight =
                out.isEmpty || previous == "." || previous == "(" || previous == "[" || part == "." || part == ")"
                || part == "]" || part == "," || (part == "(" || part == "[") && isOperand(previous)
                || previous == "!" && !isBinary(part) || unaryMinus || recordColon
            if ["(", "[", "{"].contains(part) { open.append(part) }
            if [")", "]", "}"].contains(part) { _ = open.popLast() }
            if !tight { out += " " }
            out += part
            beforePrevious = previous
            previous = part
        }
        return out
    }

    private static func isOperand(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return first.isLetter || first.isNumber || first == "_" || text == ")" || text == "]"
    }

    private static func isBinary(_ text: String) -> Bool { ["==", "!=", "&&", "||"].contains(text) }

    private func problem(_ message: String, at offset: Int, in source: String, code: ImportCode = .expression)
        -> Diagnostic
    {
        // The attribute value's bytes match the source's when no entity or character reference came before.
        let start = valueRange.start.offset + min(offset, max(0, valueRange.end.offset - valueRange.start.offset))
        return .error(
            code, message,
            at: SourceRange(path: file.path, start: file.location(ofOffset: start), end: valueRange.end))
    }
}
