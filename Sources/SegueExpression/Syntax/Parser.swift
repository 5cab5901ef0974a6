/// A Pratt parser from tokens to an `Expression`, stopping at the first syntax error.
struct Parser {
    private var lexer: Lexer
    private(set) var current: Token
    private var previous: Token?
    private var depth = 0

    /// How deeply groups and operators may nest before parsing stops, so no input can exhaust the stack.
    static let maximumDepth = 64
    /// The tallest tree accepted (`1 + 1 + …` grows the tree, not the parser's recursion), for the same reason.
    static let maximumHeight = 128

    init(bytes: [UInt8], offset: Int = 0) throws(ExpressionDiagnostic) {
        lexer = Lexer(bytes: bytes, offset: offset)
        current = try lexer.next()
    }

    /// Parses one whole source string; anything left over is an error.
    static func parse(_ source: String) throws(ExpressionDiagnostic) -> Expression {
        var parser = try Parser(bytes: Array(source.utf8))
        if parser.current.kind == .end {
            throw ExpressionDiagnostic(code: "X012", "empty expression", at: parser.current.range)
        }
        let expression = try parser.parseExpression()
        try parser.expectEnd()
        return expression
    }

    @discardableResult
    private mutating func advance() throws(ExpressionDiagnostic) -> Token {
        let token = current
        previous = token
        current = try lexer.next()
        return token
    }

    /// Parses operators binding at least as tightly as `minimumPrecedence` (1 takes everything).
    mutating func parseExpression(minimumPrecedence: Int = 1) throws(ExpressionDiagnostic) -> Expression {
        try enter()
        defer { depth -= 1 }
        var left = try parseUnary()
        while true {
            if current.kind == .question, minimumPrecedence <= 1 {
                let question = try advance()
                let then = try parseExpression()
                guard current.kind == .colon else {
                    throw ExpressionDiagnostic(
                        code: "X006",
                        "expected `:` to go with `?` at \(column(of: question.range.start)), found \(current.kind.quoted)",
                        at: current.range, notes: [.init("`?` is here", at: question.range)])
                }
                try advance()
                let otherwise = try parseExpression()
                left = try build(.conditional(left, then: then, else: otherwise), at: left.range.union(otherwise.range))
                continue
            }
            guard let op = Parser.binaryOperator(current.kind), op.precedence >= minimumPrecedence else { break }
            try advance()
            let right = try parseExpression(
                minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
            left = try build(.binary(op, left, right), at: left.range.union(right.range))
        }
        return left
    }

    private static func binaryOperator(_ kind: Token.Kind) -> BinaryOperator? {
        switch kind {
        case .star: .multiply
        case .slash: .divide
        case .percent: .remainder
        case .plus: .add
        case .minus: .subtract
        case .less: .less
        case .lessEqual: .lessOrEqual
        case .greater: .greater
        case .greaterEqual: .greaterOrEqual
        case .equalEqual: .equal
        case .bangEqual: .notEqual
        case .inKeyword: .contains
        case .questionQuestion: .coalesce
        case .andAnd: .and
        case .orOr: .or
        default: nil
        }
    }

    /// A new node, unless it makes the tree taller than `maximumHeight`.
    private func build(_ kind: Expression.Kind, at range: TextRange) throws(ExpressionDiagnostic) -> Expression {
        let node = Expression(kind, at: range)
        if node.height > Parser.maximumHeight {
            throw ExpressionDiagnostic(
                code: "X013",
                "expression is too long a chain of operations (more than \(Parser.maximumHeight) levels); split it up",
                at: range)
        }
        return node
    }

    private mutating func enter() throws(ExpressionDiagnostic) {
        depth += 1
        if depth > Parser.maximumDepth {
            throw ExpressionDiagnostic(
                code: "X013", "expression is nested too deeply (more than \(Parser.maximumDepth) levels of grouping)",
                at: current.range)
        }
    }

    private mutating func parseUnary() throws(ExpressionDiagnostic) -> Expression {
        let op: UnaryOperator
        switch current.kind {
        case .bang: op = .not
        case .minus: op = .negate
        default: return try parsePostfix()
        }
        try enter()
        defer { depth -= 1 }
        let token = try advance()
        let operand = try parseUnary()
        return try build(.unary(op, operand), at: token.range.union(operand.range))
    }

    private mutating func parsePostfix() throws(ExpressionDiagnostic) -> Expression {
        var base = try parsePrimary()
        while true {
            switch current.kind {
            case .dot:
                try advance()
                guard let name = Parser.fieldName(current.kind) else {
                    throw ExpressionDiagnostic(
                        code: "X009", "expected a field name after `.`, found \(current.kind.quoted)",
                        at: current.range)
                }
                let nameToken = try advance()
                if current.kind == .leftParen, case .identifier = nameToken.kind {
                    // `people.filter(p => …)` is `filter(people, p => …)`.
                    let open = try advance()
                    let arguments = try parseArguments(closing: open)
                    let close = try advance()
                    base = try build(
                        .call(function: name, functionRange: nameToken.range, arguments: [base] + arguments),
                        at: base.range.union(close.range))
                    continue
                }
                base = try build(
                    .member(base, name: name, nameRange: nameToken.range), at: base.range.union(nameToken.range))
            case .leftBracket:
                let open = try advance()
                let index = try parseExpression()
                let close = try expect(.rightBracket, closing: open)
                base = try build(.index(base, index), at: base.range.union(close.range))
            case .leftParen:
                guard case .name(let function) = base.kind else {
                    throw ExpressionDiagnostic(
                        code: "X008", "only functions such as `len(…)` can be called", at: current.range)
                }
                let open = try advance()
                let arguments = try parseArguments(closing: open)
                let close = try advance()
                base = try build(
                    .call(function: function, functionRange: base.range, arguments: arguments),
                    at: base.range.union(close.range))
            default:
                return base
            }
        }
    }

    private mutating func parsePrimary() throws(ExpressionDiagnostic) -> Expression {
        let token = current
        let literal: Value
        switch token.kind {
        case .int(let value): literal = .int(value)
        case .number(let value): literal = .number(value)
        case .string(let value): literal = .string(value)
        case .trueKeyword: literal = .bool(true)
        case .falseKeyword: literal = .bool(false)
        case .nullKeyword: literal = .null
        case .identifier(let name):
            try advance()
            return Expression(.name(name), at: token.range)
        case .leftParen:
            try advance()
            let inner = try parseExpression()
            let close = try expect(.rightParen, closing: token)
            // The group's range includes its parentheses, so errors point at what the author sees as one operand.
            return Expression(inner.kind, at: token.range.union(close.range))
        case .leftBracket:
            try advance()
            let items = try parseItems(closing: token, with: .rightBracket)
            let close = try advance()
            return try build(.list(items), at: token.range.union(close.range))
        case .leftBrace:
            return try parseRecord()
        case .end:
            let after = previous.map { " after \($0.kind.quoted)" } ?? ""
            throw ExpressionDiagnostic(code: "X005", "expected an expression\(after)", at: token.range)
        default:
            throw ExpressionDiagnostic(
                code: "X005", "unexpected \(token.kind.quoted); expected an expression", at: token.range)
        }
        try advance()
        return Expression(.literal(literal), at: token.range)
    }

    /// Comma-separated expressions up to `closer`, which is left as the current token.
    private mutating func parseItems(
        closing open: Token, with closer: Token.Kind
    ) throws(ExpressionDiagnostic) -> [Expression] {
        var items: [Expression] = []
        while current.kind != closer {
            items.append(try parseExpression())
            if current.kind == .comma {
                try advance()
            } else if current.kind != closer {
                throw unclosed(open, expecting: "`,` or `\(closer.spelling)`")
            }
        }
        return items
    }

    /// A call's arguments up to `)`, which is left as the current token: expressions, functions (`p => p.done`),
    /// and labeled arguments (`decimals: 1`) after the others.
    private mutating func parseArguments(closing open: Token) throws(ExpressionDiagnostic) -> [Expression] {
        var arguments: [Expression] = []
        while current.kind != .rightParen {
            let argument = try parseArgument()
            if let last = arguments.last, case .labeled(let label, _, _) = last.kind,
                !(argument.kind.isLabeled)
            {
                throw ExpressionDiagnostic(
                    code: "X009", "an argument without a label cannot follow `\(label):`; put labeled arguments last",
                    at: argument.range)
            }
            arguments.append(argument)
            if current.kind == .comma {
                try advance()
            } else if current.kind != .rightParen {
                throw unclosed(open, expecting: "`,` or `)`")
            }
        }
        return arguments
    }

    private mutating func parseArgument() throws(ExpressionDiagnostic) -> Expression {
        guard case .identifier(let name) = current.kind else { return try parseExpression() }
        var probe = lexer
        let following = try probe.next().kind
        switch following {
        case .arrow:
            let parameter = try advance()
            try advance()
            try enter()
            defer { depth -= 1 }
            let body = try parseExpression()
            return try build(
                .lambda(parameter: name, parameterRange: parameter.range, body: body),
                at: parameter.range.union(body.range))
        case .colon:
            let label = try advance()
            try advance()
            let value = try parseExpression()
            return try build(
                .labeled(label: name, labelRange: label.range, value: value), at: label.range.union(value.range))
        default:
            return try parseExpression()
        }
    }

    private mutating func parseRecord() throws(ExpressionDiagnostic) -> Expression {
        let open = try advance()
        var fields: [Expression.RecordField] = []
        while current.kind != .rightBrace {
            let name: String
            if case .string(let text) = current.kind {
                name = text
            } else if let field = Parser.fieldName(current.kind) {
                name = field
            } else {
                throw ExpressionDiagnostic(
                    code: "X009", "expected a field name or `}`, found \(current.kind.quoted)", at: current.range)
            }
            let nameToken = try advance()
            if fields.contains(where: { $0.name == name }) {
                throw ExpressionDiagnostic(code: "X014", "duplicate field `\(name)`", at: nameToken.range)
            }
            guard current.kind == .colon else {
                throw ExpressionDiagnostic(
                    code: "X009", "expected `:` after field name `\(name)`, found \(current.kind.quoted)",
                    at: current.range)
            }
            try advance()
            let value = try parseExpression()
            fields.append(Expression.RecordField(name: name, nameRange: nameToken.range, value: value))
            if current.kind == .comma {
                try advance()
            } else if current.kind != .rightBrace {
                throw unclosed(open, expecting: "`,` or `}`")
            }
        }
        let close = try advance()
        return try build(.record(fields), at: open.range.union(close.range))
    }

    /// Field names may be identifiers or keywords: `a.null`, `{in: 1}`.
    private static func fieldName(_ kind: Token.Kind) -> String? {
        switch kind {
        case .identifier(let name): name
        case .trueKeyword, .falseKeyword, .nullKeyword, .inKeyword: kind.spelling
        default: nil
        }
    }

    @discardableResult
    private mutating func expect(_ closer: Token.Kind, closing open: Token) throws(ExpressionDiagnostic) -> Token {
        guard current.kind == closer else { throw unclosed(open, expecting: "`\(closer.spelling)`") }
        return try advance()
    }

    private func unclosed(_ open: Token, expecting: String) -> ExpressionDiagnostic {
        let opener = open.kind.spelling
        return ExpressionDiagnostic(
            code: "X006",
            "expected \(expecting) to close `\(opener)` at \(column(of: open.range.start)), found \(current.kind.quoted)",
            at: current.range, notes: [.init("`\(opener)` opened here", at: open.range)])
    }

    /// Throws unless the whole input has been used.
    mutating func expectEnd() throws(ExpressionDiagnostic) {
        switch current.kind {
        case .end: return
        case .rightParen, .rightBracket, .rightBrace:
            throw ExpressionDiagnostic(
                code: "X007", "unexpected \(current.kind.quoted); nothing to close", at: current.range)
        case .arrow:
            throw ExpressionDiagnostic(
                code: "X007", "`=>` makes a function, which is only an argument of a call such as `filter(list, p => …)`",
                at: current.range)
        default:
            throw ExpressionDiagnostic(
                code: "X007", "unexpected \(current.kind.quoted) after the expression; is an operator missing?",
                at: current.range)
        }
    }

    /// The 1-based column (in Unicode scalars) of a byte offset of the source, for messages.
    func column(of offset: Int) -> Int {
        lexer.bytes[0..<min(offset, lexer.bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }
}

extension Expression {
    /// Parses an expression, or throws the first syntax error with its range.
    ///
    ///     try Expression.parse("a + b * 2").description  // "(a + (b * 2))"
    public static func parse(_ source: String) throws(ExpressionDiagnostic) -> Expression {
        try Parser.parse(source)
    }
}
