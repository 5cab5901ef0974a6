/// ECMAScript's `Math.*` and `JSON.*` functions as Segue's: `Math.floor`, `ceil`, `abs`, `min` and `max` are Segue's
/// functions of those names, `Math.round(x)` is `floor((x) + 0.5)` (ECMAScript rounds halves up, `Math.round(-2.5)`
/// is `-2`; Segue's `round` rounds them away from zero), `Math.pow(x, n)` with a whole `n` from 0 to `maxPower` written
/// as a number is the product `x * … * x` (Segue has no power function), and `JSON.stringify(x)` is `json(x)`. Every
/// other member of `Math` or `JSON` stays refused (I006), with what is mapped.
enum ECMAFunctions {
    static let sameName: Set<String> = ["floor", "ceil", "abs", "min", "max"]

    /// String methods as Segue's (a method call `x.f(a)` is `f(x, a)` there too), the same result for a string:
    /// `s.startsWith(p)` is `s.starts_with(p)`. Others (`indexOf`, whose -1 Segue's `index_of` writes as null,
    /// `slice`, `split`, …) stay refused.
    static let methods: [String: String] = [
        "startsWith": "starts_with", "endsWith": "ends_with", "includes": "contains", "toUpperCase": "upper",
        "toLowerCase": "lower", "trim": "trim",
    ]

    enum Mapping {
        /// The Segue function's name, then the call's own `(`…`)` as written.
        case function(String)
        /// `floor((` … `) + 0.5)`: parts before the arguments and before the call's closing parenthesis.
        case wrapped(open: [String], close: [String])
        case refused(String)
    }

    /// `Math.<member>(…)` or `JSON.<member>(…)` starting at `index` (the `Math` or `JSON` token); nil when the
    /// tokens there are not such a call.
    static func mapping(_ tokens: [ECMAToken], at index: Int) -> Mapping? {
        guard ["Math", "JSON"].contains(tokens[index].text), index + 2 < tokens.count, tokens[index + 1].text == ".",
            tokens[index + 2].kind == .identifier
        else { return nil }
        let member = tokens[index + 2].text
        if tokens[index].text == "JSON" { return json(member, tokens, at: index) }
        guard index + 3 < tokens.count, tokens[index + 3].text == "(" else {
            return .refused(
                "`Math.\(member)` is not mapped to Segue; only the calls `Math.floor`, `ceil`, `round`, `abs`, `min` and `max` are"
            )
        }
        let empty = index + 4 < tokens.count && tokens[index + 4].text == ")"
        if sameName.contains(member) {
            return empty
                ? .refused("`Math.\(member)()` has no argument; Segue's `\(member)` needs one") : .function(member)
        }
        if member == "round" { return .wrapped(open: ["floor", "(", "("], close: [")", "+", "0.5"]) }
        if member == "pow" {
            return .refused(
                "`Math.pow(…)` has no Segue function; only a whole exponent from 0 to \(maxPower) written as a number is mapped (to the product `x * x`)"
            )
        }
        return .refused(
            "`Math.\(member)(…)` has no Segue function; only `Math.floor`, `ceil`, `round`, `abs`, `min` and `max` are mapped"
        )
    }

    /// `JSON.stringify(x)` with one argument: Segue's `json(x)`, the same text for what Segue's values hold (a
    /// record's keys sorted). A replacer or indent, `JSON.parse` (Segue reads no JSON text) and the rest are refused.
    private static func json(_ member: String, _ tokens: [ECMAToken], at index: Int) -> Mapping {
        guard member == "stringify", index + 3 < tokens.count, tokens[index + 3].text == "(",
            let end = closing(tokens, from: index + 3)
        else {
            return .refused("`JSON.\(member)` is not mapped to Segue; only `JSON.stringify(value)` is")
        }
        var depth = 0
        for token in tokens[(index + 4)..<end] {
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                return .refused(
                    "`JSON.stringify` with a replacer or an indent is not mapped; Segue's `json(value)` takes the value alone"
                )
            default: break
            }
        }
        guard end > index + 4 else { return .refused("`JSON.stringify()` has no argument; Segue's `json` needs one") }
        return .function("json")
    }

    /// The largest exponent `Math.pow(x, n)` is written out for.
    static let maxPower = 16

    /// `Math.pow(<base>, <n>)` at `index` (the `Math` token) with `n` a whole number from 0 to `maxPower`: the
    /// base's tokens, `n`, and the index after the call's `)`; nil for any other call.
    static func power(_ tokens: [ECMAToken], at index: Int) -> (base: Range<Int>, exponent: Int, end: Int)? {
        guard index + 3 < tokens.count, tokens[index].text == "Math", tokens[index + 1].text == ".",
            tokens[index + 2].text == "pow", tokens[index + 3].text == "(", let close = closing(tokens, from: index + 3),
            close >= index + 7, tokens[close - 2].text == ",", tokens[close - 1].kind == .number,
            let exponent = Int(tokens[close - 1].text), (0...maxPower).contains(exponent)
        else { return nil }
        let base = (index + 4)..<(close - 2)
        // The comma must be the call's own, not one inside the base (`Math.pow(f(a, 2))` is no power).
        var depth = 0
        for token in tokens[base] {
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0: return nil
            default: break
            }
        }
        return (base, exponent, close + 1)
    }

    /// The index of the bracket closing the one at `open` (`(`, `[` or `{`), or nil.
    static func closing(_ tokens: [ECMAToken], from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
