/// A `format(…)` template such as `"{0} of {1}"`, split into text and argument positions.
///
/// `{{` and `}}` write literal braces.
struct FormatString: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case text(String)
        case argument(Int)
    }

    var parts: [Part]

    /// Why a template cannot be used.
    struct Problem: Error, Sendable, Hashable {
        var message: String
    }

    init(_ template: String) throws(Problem) {
        var parts: [Part] = []
        var text = ""
        var characters = template[...]
        while let character = characters.popFirst() {
            if character == "{", characters.first == "{" {
                characters.removeFirst()
                text.append("{")
            } else if character == "}", characters.first == "}" {
                characters.removeFirst()
                text.append("}")
            } else if character == "{" {
                guard let close = characters.firstIndex(of: "}") else {
                    throw Problem(message: "`{` without a closing `}` in the format; write `{{` for a literal `{`")
                }
                let digits = characters[..<close]
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits) else {
                    throw Problem(message: "`{\(digits)}` is not a placeholder; write `{0}`, `{1}`, …")
                }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.argument(index))
                characters = characters[characters.index(after: close)...]
            } else if character == "}" {
                throw Problem(message: "`}` without an opening `{` in the format; write `}}` for a literal `}`")
            } else {
                text.append(character)
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The message for a placeholder beyond the arguments given.
    static func missingArgument(_ index: Int, given count: Int) -> String {
        let given = count == 1 ? "1 argument follows" : "\(count) arguments follow"
        return "the format uses `{\(index)}`, but only \(given) it"
    }

    /// The largest argument index used, or nil.
    var highestArgument: Int? {
        parts.compactMap {
            if case .argument(let index) = $0 { return index }
            return nil
        }.max()
    }
}
