/// The statements of a `<script>` that are assignments, the one kind of ECMAScript statement the importer
/// translates (each becomes a `set:`, as an `<assign>` would): `x = e`, `a.b[0] = e`, `x += e` (and `-=`, `*=`,
/// `/=`, `%=`), `x++`, `--x`, `var x = e` and `var x`. Statements end at `;` or, as ECMAScript's automatic semicolon
/// insertion reads them, at a line break after a complete operand. Anything else (a call, a `function`, `if`, …)
/// is a refusal at its first token.
///
///     ECMAStatements.parse("x = 0;\ni++")
///     // [.assignment(location: "x", value: "0", …), .assignment(location: "i", value: "i + 1", …)]
enum ECMAStatement: Equatable {
    /// `location = value`; `declares` for `var`/`let`/`const`. Offsets are bytes into the script: the location's
    /// first token and the value's (the location's for `x += e` and `x++`, whose value is written here).
    case assignment(location: String, value: String, declares: Bool, locationOffset: Int, valueOffset: Int)
    /// `var x` without a value: ECMAScript leaves a variable that exists as it is.
    case declaration(name: String, offset: Int)
}

enum ECMAStatements {
    struct Refusal: Error, Equatable {
        var message: String
        var offset: Int
    }

    static let compoundOperators: [String: String] = ["+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%"]

    /// The script's statements, or the first one that is no assignment.
    static func parse(_ source: String) -> Result<[ECMAStatement], Refusal> {
        let tokens: [ECMAToken]
        switch ECMAToken.scan(source) {
        case .success(let scanned): tokens = scanned
        case .failure(let failure): return .failure(Refusal(message: failure.message, offset: failure.offset))
        }
        let bytes = Array(source.utf8)
        var statements: [ECMAStatement] = []
        for range in split(tokens, bytes: bytes) where !range.isEmpty {
            switch statement(Array(tokens[range]), bytes: bytes) {
            case .success(let parsed): statements.append(parsed)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(statements)
    }

    /// The names a script declares with `var`, `let` or `const` (none when it is not all assignments).
    static func declaredNames(_ source: String) -> [String] {
        guard case .success(let statements) = parse(source) else { return [] }
        return statements.compactMap {
            switch $0 {
            case .assignment(let location, _, true, _, _): location
            case .declaration(let name, _): name
            case .assignment: nil
            }
        }
    }

    /// Token ranges of the statements: split at `;` outside brackets, and at a line break between a token that
    /// ends an operand and one that can only start a statement.
    private static func split(_ tokens: [ECMAToken], bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var depth = 0
        for (index, token) in tokens.enumerated() {
            nest(token, &depth)
            if token.text == ";", depth == 0 {
                ranges.append(start..<index)
                start = index + 1
                continue
            }
            guard depth == 0, index > start else { continue }
            let previous = tokens[index - 1]
            let endsOperand =
                previous.kind == .identifier ? !keywords.contains(previous.text)
                : previous.kind != .punctuation || [")", "]", "}", "++", "--"].contains(previous.text)
            let startsStatement = token.kind == .identifier || token.text == "++" || token.text == "--"
            let between = bytes[previous.end..<token.offset]
            if endsOperand, startsStatement, between.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                ranges.append(start..<index)
                start = index
            }
        }
        ranges.append(start..<tokens.count)
        return ranges
    }

    /// Words after which a line break does not end a statement.
    private static let keywords: Set<String> = ["var", "let", "const", "typeof", "new", "return", "delete", "void"]

    private static func statement(_ tokens: [ECMAToken], bytes: [UInt8]) -> Result<ECMAStatement, Refusal> {
        func text(_ part: ArraySlice<ECMAToken>) -> String {
            guard let first = part.first, let last = part.last else { return "" }
            return String(decoding: bytes[first.offset..<last.end], as: UTF8.self)
        }
        let first = tokens[0]
        let refused = Refusal(
            message: "only assignments (`x = …`, `x += …`, `x++`, `var x = …`) are translated from a `<script>`; "
                + "this statement is ECMAScript code Segue's expressions do not run",
            offset: first.offset)
        if ["var", "let", "const"].contains(first.text) {
            guard tokens.count >= 2, tokens[1].kind == .identifier else { return .failure(refused) }
            if tokens.count == 2 { return .success(.declaration(name: tokens[1].text, offset: tokens[1].offset)) }
            guard tokens[2].text == "=", tokens.count > 3 else { return .failure(refused) }
            let value = tokens[3...]
            if hasTopLevelComma(value) {
                return .failure(
                    Refusal(message: "declare one name per `var` in a translated `<script>`", offset: first.offset))
            }
            return .success(
                .assignment(
                    location: tokens[1].text, value: text(value), declares: true, locationOffset: tokens[1].offset,
                    valueOffset: tokens[3].offset))
        }
        // `x++`, `x--`, `++x`, `--x`.
        if tokens.count >= 2, let step = ["++", "--"].first(where: { $0 == tokens.last?.text || $0 == first.text }) {
            let location = first.text == step ? tokens[1...] : tokens[..<(tokens.count - 1)]
            guard isLocation(location) else { return .failure(refused) }
            let name = text(location)
            return .success(
                .assignment(
                    location: name, value: "\(name) \(step.prefix(1)) 1", declares: false,
                    locationOffset: first.offset, valueOffset: first.offset))
        }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            nest(token, &depth)
            guard depth == 0, token.text == "=" || compoundOperators[token.text] != nil else { continue }
            let location = tokens[..<index]
            let value = tokens[(index + 1)...]
            guard isLocation(location), !value.isEmpty else { return .failure(refused) }
            let name = text(location)
            if let binary = compoundOperators[token.text] {
                return .success(
                    .assignment(
                        location: name, value: "\(name) \(binary) (\(text(value)))", declares: false,
                        locationOffset: first.offset, valueOffset: first.offset))
            }
            return .success(
                .assignment(
                    location: name, value: text(value), declares: false, locationOffset: first.offset,
                    valueOffset: value.first?.offset ?? first.offset))
        }
        return .failure(refused)
    }

    /// A name followed by members and indexes (`a`, `a.b`, `a[0].c`): what an assignment can change.
    private static func isLocation(_ tokens: ArraySlice<ECMAToken>) -> Bool {
        guard let first = tokens.first, first.kind == .identifier else { return false }
        var index = tokens.startIndex + 1
        while index < tokens.endIndex {
            if tokens[index].text == ".", index + 1 < tokens.endIndex, tokens[index + 1].kind == .identifier {
                index += 2
            } else if tokens[index].text == "[" {
                var depth = 0
                while index < tokens.endIndex {
                    if tokens[index].text == "[" { depth += 1 }
                    if tokens[index].text == "]" { depth -= 1 }
                    index += 1
                    if depth == 0 { break }
                }
                if depth != 0 { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Brackets opened and not yet closed, after `token`.
    private static func nest(_ token: ECMAToken, _ depth: inout Int) {
        switch token.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        default: break
        }
    }

    private static func hasTopLevelComma(_ tokens: ArraySlice<ECMAToken>) -> Bool {
        var depth = 0
        for token in tokens {
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0: return true
            default: break
            }
        }
        return false
    }
}
