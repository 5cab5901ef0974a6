import Foundation

/// What is being written inside an expression just before the cursor: `entry.te|` is the member `te…` of
/// `entry`, `le|` a name; read from the line's text so it holds while the expression does not parse yet.
///
///     ExpressionFragment(before: "text: \"${entry.au")   // base "entry", prefix "au", inTemplate true
struct ExpressionFragment: Equatable {
    /// The expression whose field is being written (`entry` in `entry.te`, `items[0]` in `items[0].`); nil for a name.
    var base: String?
    /// The part of the name typed so far.
    var prefix: String
    /// Whether the cursor is inside a `${…}` still open on its line.
    var inTemplate: Bool

    init(before text: String) {
        let scalars = Array(text.unicodeScalars)
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        var index = scalars.count
        while index > 0, isWord(scalars[index - 1]) { index -= 1 }
        prefix = String(String.UnicodeScalarView(scalars[index...]))
        base = nil
        if index > 0, scalars[index - 1] == "." {
            let end = index - 1
            var start = end
            var depth = 0
            scan: while start > 0 {
                let scalar = scalars[start - 1]
                switch scalar {
                case "]", ")": depth += 1
                case "[", "(":
                    guard depth > 0 else { break scan }
                    depth -= 1
                case ".": break
                default:
                    if depth == 0, !isWord(scalar) { break scan }
                }
                start -= 1
            }
            let written = String(String.UnicodeScalarView(scalars[start..<end]))
            if !written.isEmpty, depth == 0 { base = written }
        }
        if let open = text.range(of: "${", options: .backwards) {
            inTemplate = !text[open.upperBound...].contains("}")
        } else {
            inTemplate = false
        }
    }

    /// Whether a name or field is being written (not a number such as `1.5`).
    var isName: Bool { !(prefix.first?.isNumber ?? false) && !(base?.first?.isNumber ?? false) }
}
