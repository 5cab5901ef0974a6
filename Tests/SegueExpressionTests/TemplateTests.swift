import Testing

@testable import SegueExpression

@Suite struct TemplateTests {
    @Test func splitsTextAndExpressionsWithRanges() throws {
        let template = try Template.parse("Hi, ${user.name}!")
        #expect(template.segments.count == 3)
        #expect(template.segments.first == .text("Hi, ", TextRange(0, 4)))
        #expect(template.segments.last == .text("!", TextRange(16, 17)))
        guard case .expression(let expression, let range) = template.segments[1] else {
            Issue.record("expected an expression segment")
            return
        }
        #expect(range == TextRange(4, 16))
        #expect(expression.range == TextRange(6, 15))
        #expect(expression.description == "user.name")
        #expect(template.literalText == nil)
    }

    @Test func plainStringIsOneLiteral() throws {
        let template = try Template.parse("Donate {now} for $5 or $$")
        #expect(template.segments == [.text("Donate {now} for $5 or $$", TextRange(0, 25))])
        #expect(template.literalText == "Donate {now} for $5 or $$")
        #expect(try Template.parse("").segments == [])
        #expect(try Template.parse("").literalText == "")
    }

    @Test func doubleDollarEscapesInterpolation() throws {
        let template = try Template.parse("cost: $${price} is ${price}")
        #expect(template.segments.first == .text("cost: ${price} is ", TextRange(0, 19)))
        #expect(template.expressions.map(\.description) == ["price"])
        #expect(try Template.parse("$${").literalText == "${")
    }

    @Test func nonASCIIRangesAreBytes() throws {
        let template = try Template.parse("Привет, ${name}! Ёж")
        #expect(template.segments[0] == .text("Привет, ", TextRange(0, 14)))
        guard case .expression(let expression, let range) = template.segments[1] else {
            Issue.record("expected an expression segment")
            return
        }
        #expect(range == TextRange(14, 21))
        #expect(expression.range == TextRange(16, 20))
        #expect(template.segments[2] == .text("! Ёж", TextRange(21, 27)))
    }

    @Test func bracesInsideTheExpressionDoNotCloseIt() throws {
        let template = try Template.parse("${ {a: '}'}.a } and ${'{' + \"}\"} don't")
        #expect(template.expressions.map(\.description) == [#"{a: "}"}.a"#, #"("{" + "}")"#])
        #expect(template.segments.last == .text(" don't", TextRange(32, 38)))
    }

    @Test(arguments: [
        ("Hi ${name", "X010", "unclosed `${`; add `}` after the expression, or write `$${` for a literal `${`", 3, 5),
        ("${", "X010", "unclosed `${`; add `}` after the expression, or write `$${` for a literal `${`", 0, 2),
        ("ok ${}", "X011", "empty `${}`; put an expression inside, or write `$${` for a literal `${`", 3, 6),
        ("${a b}", "X006", "expected `}` to close `${` at 1, found `b`", 4, 5),
        ("ё ${1 +}", "X005", "unexpected `}`; expected an expression", 8, 9),
        ("${a} ${'x}", "X002", "unterminated string; add a closing `'`", 7, 8),
    ])
    func errors(source: String, code: String, message: String, start: Int, end: Int) {
        let error = templateError(source)
        #expect(error?.code == code)
        #expect(error?.message == message)
        #expect(error?.range == TextRange(start, end))
    }

    @Test func evaluatesToText() throws {
        let template = try Template.parse(
            "${title}, ${user.name}! ${count} × ${price} = ${count * price}; ${user.tags} ${maybe}")
        #expect(template.evaluate(in: Fixture.values) == .success("Привет, Анна! 3 × 2.5 = 7.5; [\"a\", \"b\"] "))
        #expect(try Template.parse("plain").evaluate(in: Fixture.values) == .success("plain"))
    }

    @Test func evaluationErrorsKeepTheirRange() throws {
        let template = try Template.parse("Ёж ${count / 0}")
        #expect(
            template.evaluate(in: Fixture.values)
                == .failure(EvaluationError(.divisionByZero, "division by zero", at: TextRange(15, 16))))
    }
}
