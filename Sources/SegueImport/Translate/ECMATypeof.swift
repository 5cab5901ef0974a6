/// ECMAScript's `typeof x` in Segue's expressions, which have no type test of their own: a conditional that asks,
/// in order, whether the value is null (`'undefined'`: Segue has one null for ECMAScript's `null` and
/// `undefined`), a boolean, a string (the only values that are their own `string(…)`), a number (the only others
/// whose text starts with a digit or `-`), else `'object'` (a list or a record). `typeof` of a name the document
/// never declares is `'undefined'`, without the ReferenceError reading it would raise.
///
///     typeof x === 'string'   →  (x == null ? 'undefined' : x == true || x == false ? 'boolean' : …) == 'string'
enum ECMATypeof {
    /// The index just after the operand of a `typeof` whose operand starts at `start`: a name, literal or bracketed
    /// group, then any `.name`, `[…]` and `(…)` after it; `start` itself when there is none.
    static func operandEnd(_ tokens: [ECMAToken], from start: Int) -> Int {
        guard start < tokens.count else { return start }
        var index = start
        switch tokens[index].text {
        case "(", "[", "{":
            guard let end = ECMAFunctions.closing(tokens, from: index) else { return start }
            index = end + 1
        case "-", "!", "typeof":
            // A unary operand of its own: `typeof -x`, `typeof typeof x`.
            let end = operandEnd(tokens, from: index + 1)
            return end == index + 1 ? start : end
        default:
            guard tokens[index].kind != .punctuation else { return start }
            index += 1
        }
        while index < tokens.count {
            switch tokens[index].text {
            case "." where index + 1 < tokens.count && tokens[index + 1].kind == .identifier: index += 2
            case "[", "(":
                guard let end = ECMAFunctions.closing(tokens, from: index) else { return index }
                index = end + 1
            default: return index
            }
        }
        return index
    }

    /// The conditional over the operand's Segue parts, in parentheses.
    static func test(of operand: [String]) -> [String] {
        let value = ["("] + operand + [")"]
        let text = ["string", "("] + value + [")"]
        return ["("] + value + ["==", "null", "?", "'undefined'", ":"]
            + value + ["==", "true", "||"] + value + ["==", "false", "?", "'boolean'", ":"]
            + value + ["=="] + text + ["?", "'string'", ":"]
            + ["matches", "("] + text + [",", "'^-?[0-9]'", ")", "?", "'number'", ":", "'object'", ")"]
    }
}
