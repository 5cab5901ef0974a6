/// One lexical unit of an expression, with its place in the source.
struct Token: Sendable, Hashable {
    var kind: Kind
    var range: TextRange

    /// What a token is; literals carry their decoded value.
    enum Kind: Sendable, Hashable {
        case int(Int)
        case number(Double)
        case string(String)
        case identifier(String)
        case trueKeyword, falseKeyword, nullKeyword, inKeyword
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case comma, dot, colon, question, questionQuestion
        case bang, minus, plus, star, slash, percent
        case less, lessEqual, greater, greaterEqual, equalEqual, bangEqual
        case andAnd, orOr
        /// `=>`, between a function argument's parameter and its body: `p => p.done`.
        case arrow
        case end
    }
}

extension Token.Kind {
    /// How the token is written, for messages: "expected `)`".
    var spelling: String {
        switch self {
        case .int(let value): return String(value)
        case .number(let value): return String(value)
        case .string: return "string"
        case .identifier(let name): return name
        case .trueKeyword: return "true"
        case .falseKeyword: return "false"
        case .nullKeyword: return "null"
        case .inKeyword: return "in"
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .comma: return ","
        case .dot: return "."
        case .colon: return ":"
        case .question: return "?"
        case .questionQuestion: return "??"
        case .bang: return "!"
        case .minus: return "-"
        case .plus: return "+"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .equalEqual: return "=="
        case .bangEqual: return "!="
        case .andAnd: return "&&"
        case .orOr: return "||"
        case .arrow: return "=>"
        case .end: return "end of expression"
        }
    }

    /// "`)`" for punctuation, "end of expression" bare.
    var quoted: String {
        switch self {
        case .end: return spelling
        case .string: return "a string"
        default: return "`\(spelling)`"
        }
    }
}
