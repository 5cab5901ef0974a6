/// ECMAScript's `+` concatenates when either operand is a string (`'count ' + 3` is `'count 3'`); Segue's `+` adds
/// numbers or joins two strings, and a string with a number is an error. Over the translated tokens of one
/// expression, each chain of `+` and `-` (the operands between operators that bind less tightly: comparisons,
/// `&&`, `||`, `?:`, `,`, `in`, `??`, brackets) is read left to right as ECMAScript does; from the first `+` with a
/// string literal on either side, the chain is a string and every operand that is not one becomes `string(…)`:
///
///     'count ' + n          →  'count ' + string(n)
///     a + b + ' items'      →  string(a + b) + ' items'     (a + b is added first, as in ECMAScript)
///     'x' + (n + 'y')       →  'x' + (string(n) + 'y')      (the group is known to be a string)
///
/// A `+` whose operands are both unknown stays `+`: it concatenates two strings and adds two numbers, and a string
/// with a number there is still an error when it runs (the importer does not know the types of data).
enum ECMAConcatenation {
    static func rewrite(_ parts: [String]) -> [String] {
        var position = 0
        return rewrite(level: parts, from: &position, until: nil).parts
    }

    private static let opening: [String: String] = ["(": ")", "[": "]", "{": "}"]

    /// Operators and words that end an additive chain (they bind less tightly than `+`).
    private static let separators: Set<String> = [
        "==", "!=", "<", "<=", ">", ">=", "&&", "||", "?", ":", ",", "in", "??",
    ]

    /// One operand: its translated parts, and whether it is known to be a string.
    private struct Operand {
        var parts: [String] = []
        var isString = false
    }

    /// Rewrites parts up to the closing bracket `until` (consumed by the caller); says whether the whole level is
    /// one chain known to be a string (so a parenthesized group can be an operand known to be a string).
    private static func rewrite(level parts: [String], from position: inout Int, until close: String?)
        -> (parts: [String], isString: Bool)
    {
        var out: [String] = []
        var chain: [(op: String?, operand: Operand)] = []
        var current = Operand()
        var segments = 0
        var chainIsString = false

        func finishChain() {
            if !current.parts.isEmpty || chain.isEmpty { chain.append((nil, current)) }
            let (joined, isString) = concatenate(chain)
            out += joined
            chainIsString = isString
            segments += 1
            chain = []
            current = Operand()
        }

        while position < parts.count {
            let part = parts[position]
            if part == close { break }
            position += 1
            if let closing = opening[part] {
                let inner = rewrite(level: parts, from: &position, until: closing)
                let closed = position < parts.count
                if closed { position += 1 }
                let group = [part] + inner.parts + (closed ? [closing] : [])
                // A lone group (`(…)`) is a string when its chain is, and so is a call of `json` or `string`
                // (`JSON.stringify`, a concatenation already made); other calls, `a[…]` and `{…}` are not known.
                let lone = current.parts.isEmpty && part == "("
                let textCall = part == "(" && (current.parts == ["json"] || current.parts == ["string"])
                current.parts += group
                current.isString = lone && inner.isString || textCall
            } else if separators.contains(part) {
                finishChain()
                out.append(part)
            } else if (part == "+" || part == "-"), !current.parts.isEmpty, endsOperand(current.parts.last!) {
                chain.append((nil, current))
                current = Operand()
                chain[chain.count - 1].op = part
            } else {
                current.isString = current.parts.isEmpty && isStringLiteral(part)
                current.parts.append(part)
            }
        }
        finishChain()
        return (out, segments == 1 && chainIsString)
    }

    /// Joins one chain's operands; `chain[i].op` is the operator after operand i.
    private static func concatenate(_ chain: [(op: String?, operand: Operand)]) -> ([String], Bool) {
        guard var accumulated = chain.first?.operand.parts else { return ([], false) }
        var isString = chain[0].operand.isString
        for index in 1..<max(1, chain.count) {
            let op = chain[index - 1].op ?? "+"
            let operand = chain[index].operand
            if op == "+", isString || operand.isString {
                if !isString { accumulated = ["string", "("] + accumulated + [")"] }
                accumulated += ["+"] + (operand.isString ? operand.parts : ["string", "("] + operand.parts + [")"])
                isString = true
            } else {
                accumulated += [op] + operand.parts
                isString = false
            }
        }
        return (accumulated, isString)
    }

    private static func isStringLiteral(_ part: String) -> Bool { part.hasPrefix("'") && part.count >= 2 }

    /// Whether a `+` or `-` after this part is binary: it follows a name, a literal or a closing bracket.
    private static func endsOperand(_ part: String) -> Bool {
        guard let first = part.first else { return false }
        return first.isLetter || first.isNumber || first == "_" || first == "$" || first == "'"
            || [")", "]", "}"].contains(part.last.map(String.init) ?? "")
    }
}
