/// ECMAScript's `Math.*` functions as Segue's: `Math.floor`, `ceil`, `abs`, `min` and `max` are Segue's functions of
/// those names, and `Math.round(x)` is `floor((x) + 0.5)` (ECMAScript rounds halves up, `Math.round(-2.5)` is
/// `-2`; Segue's `round` rounds them away from zero). Segue has no power function: `Math.pow` and every other
/// member of `Math` stay refused (I006), with what to write instead.
enum ECMAMath {
    static let sameName: Set<String> = ["floor", "ceil", "abs", "min", "max"]

    enum Mapping {
        /// The Segue function's name, then the call's own `(`…`)` as written.
        case function(String)
        /// `floor((` … `) + 0.5)`: parts before the arguments and before the call's closing parenthesis.
        case wrapped(open: [String], close: [String])
        case refused(String)
    }

    /// `Math.<member>(…)` starting at `index` (the `Math` token); nil when the tokens there are not such a call.
    static func mapping(_ tokens: [ECMAToken], at index: Int) -> Mapping? {
        guard tokens[index].text == "Math", index + 2 < tokens.count, tokens[index + 1].text == ".",
            tokens[index + 2].kind == .identifier
        else { return nil }
        let member = tokens[index + 2].text
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
            return .refused("`Math.pow(…)` has no Segue function; write the product (`x * x`) instead")
        }
        return .refused(
            "`Math.\(member)(…)` has no Segue function; only `Math.floor`, `ceil`, `round`, `abs`, `min` and `max` are mapped"
        )
    }

    /// The index of the `)` closing the `(` at `open`, or nil.
    static func closing(_ tokens: [ECMAToken], from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
