import Foundation
import SegueDiagnostics
import SegueExpression

extension SCXMLTranslator {
    /// A `<transition>` as a Segue transition `{ when, goto, type, do }` (without its event, which is its key).
    mutating func transition(_ element: XMLElement) -> YAMLTree? {
        checkAttributes(element)
        var fields: [(String, YAMLTree)] = []
        if let cond = element.attribute("cond") {
            guard let when = condition(cond) else { return nil }
            fields.append(("when", .scalar(when)))
        }
        if let target = element.attribute("target") {
            let ids = target.value.split(whereSeparator: \.isWhitespace).map(String.init)
            var names: [String] = []
            for id in ids {
                guard let name = targetName(id, at: target.valueRange) else { return nil }
                names.append(name)
            }
            if names.count == 1 {
                fields.append(("goto", .scalar(names[0])))
            } else if !names.isEmpty {
                guard legalTargetSet(ids, at: target.valueRange) else { return nil }
                fields.append(("goto", .sequence(names.map { .scalar($0) })))
            }
        }
        if let type = element.attribute("type") {
            guard type.value == "internal" || type.value == "external" else {
                diagnostics.append(
                    .error(
                        .badAttribute, "a transition's `type` is `internal` or `external`, not `\(type.value)`",
                        at: type.valueRange))
                return nil
            }
            if type.value == "internal", fields.contains(where: { $0.0 == "goto" }) {
                fields.append(("type", .scalar("internal")))
            }
        }
        let body = block(element.children)
        if !body.isEmpty || !fields.contains(where: { $0.0 == "goto" }) { fields.append(("do", .sequence(body))) }
        return .map(fields)
    }

    /// One block of executable content (an `<onentry>`, `<onexit>` or transition).
    mutating func block(_ elements: [XMLElement]) -> [YAMLTree] {
        abandonsBlock = false
        defer { abandonsBlock = false }
        return actions(elements)
    }

    /// Executable content as Segue actions, in order; after one that is known to fail, the rest of the block would
    /// never run (SCXML stops a block at its first error), so it is left out.
    mutating func actions(_ elements: [XMLElement]) -> [YAMLTree] {
        var out: [YAMLTree] = []
        for element in elements {
            if abandonsBlock { break }
            guard element.namespace == ConformanceRewriter.scxml || element.namespace.isEmpty,
                SCXMLVocabulary.executable.contains(element.name), element.name != "elseif", element.name != "else"
            else {
                checkElement(element, expected: [])
                continue
            }
            checkAttributes(element)
            switch element.name {
            case "raise":
                guard let event = element["event"] else {
                    diagnostics.append(.error(.badAttribute, "`<raise>` needs an `event`", at: element.range))
                    continue
                }
                if let raised = raise(outline.events.event(event), at: element) { out.append(raised) }
            case "send": out += send(element)
            case "cancel": out += cancel(element)
            case "assign": out += assign(element)
            case "if": out += conditional(element)
            case "log": out += log(element)
            case "foreach": out += forEach(element)
            default: out += script(element)
            }
        }
        return out
    }

    /// `<foreach array item index>` as `foreach:` with its own names, each pass first copying them into the
    /// data model's `item` and `index` locations (declared when no `<data>` does), which keep the last values, as
    /// SCXML's do. A body known to raise an error runs once: the error ends the loop, as SCXML says; an `item` or
    /// `index` that is no legal name raises `error.execution` instead of the loop.
    private mutating func forEach(_ element: XMLElement) -> [YAMLTree] {
        guard let array = element.attribute("array"), let item = element.attribute("item") else {
            diagnostics.append(.error(.badAttribute, "`<foreach>` needs an `array` and an `item`", at: element.range))
            return []
        }
        guard var list = expression(array, construct: "`<foreach>`'s `array`") else { return [] }
        switch types.type(ofExpression: list) {
        case nil, .any?, .list?, .optional(.list)?, .optional(.any)?: break
        case let type?:
            // Known not to be a collection (a number, or `1 / 0` for a malformed one): SCXML raises error.execution
            // and runs no pass; the flow's `foreach:` takes only a list.
            return raise(
                "error.execution", at: element, because: "`<foreach>`'s `array` is no collection (its type is `\(type)`)"
            ).map { [$0] } ?? []
        }
        var copies: [(String, YAMLTree)] = []
        for (location, local) in [(item, "_item"), (element.attribute("index"), "_index")] {
            guard let location else { continue }
            let name = SCXMLNames.identifier(location.value)
            guard name == location.value else {
                // SCXML raises error.execution and runs no pass.
                return raise(
                    "error.execution", at: element,
                    because: "`\(location.value)` is not a name a data model location can have"
                ).map { [$0] } ?? []
            }
            if !outline.dataIDs.contains(name) { declare(name, .map([("type", .scalar("any"))])) }
            copies.append((name, .scalar(local)))
        }
        let body = actions(element.children)
        if abandonsBlock { list = "len((\(list))) > 0 ? [(\(list))[0]] : []" }
        return [
            .map([
                ("foreach", .scalar(list)), ("item", .scalar("_item")), ("index", .scalar("_index")),
                ("do", .sequence([.map([("set", .map(copies))])] + body)),
            ])
        ]
    }

    private mutating func assign(_ element: XMLElement) -> [YAMLTree] {
        guard let location = element.attribute("location") else {
            diagnostics.append(.error(.badAttribute, "`<assign>` needs a `location`", at: element.range))
            return []
        }
        let inline = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard element.attribute("expr") != nil || !inline.isEmpty && element.children.isEmpty else {
            unsupported(element, "`<assign>` with markup instead of `expr` or a value is not translated")
            return []
        }
        // Inline content is an expression too (`<assign location="x">[1, 2]</assign>`), as in `<data>`.
        let value =
            element.attribute("expr")
            ?? XMLAttribute(
                name: "expr", value: inline, range: element.range, valueRange: element.range)
        return assignment(
            location, value, construct: element.attribute("expr") == nil ? "`<assign>`'s inline value" : "`expr`",
            at: element)
    }

    /// `location = value` as a `set:`, for an `<assign>` and a `<script>`'s assignment. A location no `<data>`
    /// declares, or a value that reads a name none declares (ECMAScript's ReferenceError), fails: SCXML raises
    /// error.execution and abandons the block, and so does the flow.
    mutating func assignment(_ location: XMLAttribute, _ value: XMLAttribute, construct: String, at element: XMLElement)
        -> [YAMLTree]
    {
        let written = location.value.trimmingCharacters(in: .whitespaces)
        let root = String(written.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
        guard outline.dataIDs.contains(root) else {
            diagnostics.append(
                .warning(
                    .decidedStatically,
                    "no `<data>` declares `\(root)`; SCXML raises error.execution here, and so does the flow",
                    at: location.valueRange))
            abandonsBlock = true
            return raise("error.execution", at: element, platform: true).map { [$0] } ?? []
        }
        if let name = undeclaredName(in: value.value) {
            diagnostics.append(
                .warning(
                    .decidedStatically,
                    "no `<data>` declares `\(name)`; SCXML raises error.execution when this \(construct) is evaluated, and so does the flow",
                    at: value.valueRange))
            abandonsBlock = true
            return raise("error.execution", at: element, platform: true).map { [$0] } ?? []
        }
        guard let path = expression(location, construct: "`location`", whenMalformed: nil),
            let translated = expression(value, construct: construct)
        else { return [] }
        return [.map([("set", .map([(path, .scalar(translated))]))])]
    }

    /// `<if>`, `<elseif>` and `<else>` as nested `if:`/`then:`/`else:`.
    private mutating func conditional(_ element: XMLElement) -> [YAMLTree] {
        var branches: [(cond: XMLAttribute?, body: [XMLElement])] = [(element.attribute("cond"), [])]
        for child in element.children {
            if child.name == "elseif" || child.name == "else" {
                checkAttributes(child)
                branches.append((child.name == "elseif" ? child.attribute("cond") : nil, []))
                if child.name == "elseif", child.attribute("cond") == nil {
                    diagnostics.append(.error(.badAttribute, "`<elseif>` needs a `cond`", at: child.range))
                }
            } else {
                branches[branches.count - 1].body.append(child)
            }
        }
        guard branches[0].cond != nil else {
            diagnostics.append(.error(.badAttribute, "`<if>` needs a `cond`", at: element.range))
            return []
        }
        var result: [YAMLTree] = []
        defer { abandonsBlock = false }  // which branch runs, and so whether the block stops, is known only then
        for branch in branches.reversed() {
            abandonsBlock = false
            let body = actions(branch.body)
            guard let cond = branch.cond else {
                result = body
                continue
            }
            guard let test = condition(cond) else { return [] }
            var fields: [(String, YAMLTree)] = [("if", .scalar(test)), ("then", .sequence(body))]
            if !result.isEmpty { fields.append(("else", .sequence(result))) }
            result = [.map(fields)]
        }
        return result
    }

    /// `<log>` leaves the chart as the output event `log { label, value }` the host, the REPL and scenarios see.
    private mutating func log(_ element: XMLElement) -> [YAMLTree] {
        var payload: [(String, YAMLTree)] = []
        if let label = element["label"] { payload.append(("label", .scalar(Self.segueString(label)))) }
        if let expr = element.attribute("expr") {
            guard let value = expression(expr, construct: "`<log>`'s `expr`") else { return [] }
            payload.append(("value", .scalar(value)))
        }
        var fields: [(String, YAMLTree)] = [("emit", .scalar("log"))]
        if !payload.isEmpty { fields.append(("with", .map(payload))) }
        return [.map(fields)]
    }

    private mutating func cancel(_ element: XMLElement) -> [YAMLTree] {
        let id = element["sendid"] ?? element.attribute("sendidexpr").flatMap { Self.literal($0.value) }
        guard let id else {
            // Computed when it runs: the id is the value the expression has then.
            if let computed = element.attribute("sendidexpr") {
                guard let timer = expression(computed, construct: "`sendidexpr`") else { return [] }
                return [.map([("cancel_timer", .plain("~")), ("timer", .scalar(timer))])]
            }
            diagnostics.append(.error(.badAttribute, "`<cancel>` needs a `sendid`", at: element.range))
            return []
        }
        // The id as the `<send>` wrote it, as its `id:` keeps it (`current_event.sendid` reads it so); left out at
        // the end when no delayed send of the flow has it (`withoutUnknownCancels`).
        cancels.append((id, element.range))
        return [.map([("cancel_timer", .scalar(id))])]
    }

    // MARK: expressions

    mutating func expression(_ attribute: XMLAttribute, construct: String, whenMalformed: String? = "1 / 0")
        -> String?
    {
        expression(attribute.value, at: attribute.valueRange, construct: construct, whenMalformed: whenMalformed)
    }

    /// The Segue expression for an ECMAScript one, or nil after its diagnostic. One that is not well formed
    /// (`{p1: 'v1'`) is a syntax error SCXML raises as error.execution where it is evaluated: `whenMalformed`
    /// (`1 / 0`, which fails there too), with a warning; nil `whenMalformed` (a location) refuses it (I006), so a
    /// translated flow always parses. Reading a name no `<data>` declares is refused (I006) unless the caller
    /// translates what SCXML does then, error.execution where it is evaluated (`allowingUndeclared`: a `cond`; an
    /// `<assign>`'s `expr` is looked at before).
    ///
    /// ECMAScript converts between types where Segue's checker refuses the translation (`!` of a string and the
    /// truthiness of a `cond` are translated, `ECMATruthiness`; `+` of a number and a boolean, `-` of a string, `==`
    /// of a boolean and a string are not): that is I006 here, so a translated flow always type-checks.
    mutating func expression(
        _ text: String, at range: SourceRange, construct: String, whenMalformed: String? = "1 / 0",
        allowingUndeclared: Bool = false, asCondition: Bool = false,
        unsetYet: @escaping (String) -> Bool = { _ in false }
    ) -> String? {
        let outline = self.outline
        let types = self.types
        var translator = ECMAExpression(valueRange: range, file: file) { outline.name(ofID: $0) }
        translator.isDeclared = { outline.dataIDs.contains($0) || outline.loopNames.contains($0) }
        translator.isUnsetYet = unsetYet
        translator.typeOf = { types.type(ofExpression: $0) }
        switch translator.translate(text, construct: construct, asCondition: asCondition) {
        case .success(let translated):
            do {
                _ = try Expression.parse(translated)
                if case .failure(let problem)? = types.check(translated) {
                    diagnostics.append(
                        .error(
                            .expression,
                            "\(construct) converts between types as only ECMAScript does: in the flow, "
                                + "`\(translated)`, \(problem.message)", at: range))
                    return nil
                }
            } catch {
                guard let whenMalformed else {
                    diagnostics.append(
                        .error(.expression, "\(construct) is not a well-formed expression: \(error.message)", at: range)
                    )
                    return nil
                }
                diagnostics.append(
                    .warning(
                        .decidedStatically,
                        "\(construct) is not a well-formed expression (\(error.message)); SCXML raises error.execution where it is evaluated, and so does the flow",
                        at: range))
                return whenMalformed
            }
            guard !allowingUndeclared, let name = undeclaredName(in: text) else { return translated }
            diagnostics.append(
                .error(
                    .expression,
                    "\(construct) reads `\(name)`, which no `<data>` declares: SCXML raises error.execution when it "
                        + "is evaluated, which the importer translates only in a `cond` or an `<assign>`'s `expr`",
                    at: range))
            return nil
        case .failure(let problem):
            diagnostics.append(problem)
            return nil
        }
    }

    /// A `cond` in Segue; one that reads a name no `<data>` declares fails when evaluated, as ECMAScript's
    /// ReferenceError does: SCXML raises error.execution and takes the condition as false, and so does the flow.
    mutating func condition(_ attribute: XMLAttribute) -> String? {
        if attribute.value.allSatisfy(\.isWhitespace) {
            diagnostics.append(
                .warning(
                    .expression,
                    "the `cond` is empty; it is read as true, as YAKINDU writes it for a transition without a guard",
                    at: attribute.valueRange))
            return "true"
        }
        guard
            let translated = expression(
                attribute.value, at: attribute.valueRange, construct: "`cond`", whenMalformed: "1 / 0 == 0",
                allowingUndeclared: true, asCondition: true)
        else { return nil }
        guard let name = undeclaredName(in: attribute.value) else { return translated }
        diagnostics.append(
            .warning(
                .decidedStatically,
                "no `<data>` declares `\(name)`; SCXML raises error.execution when the condition is evaluated and takes it as false, and so does the flow",
                at: attribute.valueRange))
        return "1 / 0 == 0"
    }

    /// The first name an ECMAScript expression reads that the document never declares (a `<data>` id, a
    /// `<foreach>` item or index), or nil; keywords, system variables and member names do not count.
    func undeclaredName(in text: String) -> String? {
        guard case .success(let tokens) = ECMAToken.scan(text) else { return nil }
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let previous = index > 0 ? tokens[index - 1].text : nil
            let next = index + 1 < tokens.count ? tokens[index + 1].text : nil
            // A member (`a.b`), a call (`In(…)`, refused elsewhere) or an object literal's key (`{ k: 1 }`).
            if previous == "." || next == "(" || next == ":" && (previous == "{" || previous == ",") { continue }
            // `Math.floor(…)`, `JSON.stringify(…)`: mapped or refused on their own.
            if token.text == "Math" || token.text == "JSON", next == "." { continue }
            // `typeof x` of an undeclared `x` is 'undefined', no error; `typeof x.y` and `typeof x[0]` read `x`.
            if previous == "typeof", next != ".", next != "[" { continue }
            if Self.knownWords.contains(token.text) || token.text.hasPrefix("_") { continue }
            if !outline.dataIDs.contains(token.text), !outline.loopNames.contains(token.text) { return token.text }
        }
        return nil
    }

    static let knownWords: Set<String> = [
        "true", "false", "null", "undefined", "NaN", "Infinity", "In", "typeof", "in", "instanceof", "new", "void",
        "delete", "this",
    ]

    /// The value of an ECMAScript string literal (`'1s'`), or nil for anything computed.
    static func literal(_ text: String) -> String? {
        guard case .success(let tokens) = ECMAToken.scan(text), tokens.count == 1, let token = tokens.first,
            token.kind == .string
        else { return nil }
        return token.stringValue
    }

    /// A Segue string literal holding `text`.
    static func segueString(_ text: String) -> String {
        ECMAToken(
            kind: .string,
            text: "'"
                + text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "'", with: "\\'") + "'", offset: 0
        ).segueString
    }
}
