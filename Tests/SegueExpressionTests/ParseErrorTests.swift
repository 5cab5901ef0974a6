import Testing

@testable import SegueExpression

@Suite struct ParseErrorTests {
    /// (source, code, message, start, end)
    @Test(arguments: [
        ("a # b", "X001", "unexpected character `#`", 2, 3),
        ("a € b", "X001", "unexpected character `€`", 2, 5),
        ("a = b", "X001", "unexpected `=`; did you mean `==`?", 2, 3),
        ("a & b", "X001", "unexpected `&`; did you mean `&&`?", 2, 3),
        ("a | b", "X001", "unexpected `|`; did you mean `||`?", 2, 3),
        ("x + 'abc", "X002", "unterminated string; add a closing `'`", 4, 5),
        (#"""#, "X002", #"unterminated string; add a closing `"`"#, 0, 1),
        (
            #"'a\qb'"#, "X003",
            #"unknown escape `\q`; use `\\`, `\'`, `\"`, `\n`, `\r`, `\t` or `\u{…}`"#, 2, 4
        ),
        (#"'\u{zz}'"#, "X003", #"invalid Unicode escape; write `\u{` hex digits `}`, e.g. `\u{1F600}`"#, 1, 6),
        (#"'\u{D800}'"#, "X003", #"invalid Unicode escape; write `\u{` hex digits `}`, e.g. `\u{1F600}`"#, 1, 8),
        (#"'abc\"#, "X003", #"`\` at the end of a string"#, 4, 5),
        (
            "99999999999999999999", "X004",
            "integer `99999999999999999999` is too large (the largest is 9223372036854775807)", 0, 20
        ),
        ("1e999", "X004", "number `1e999` is too large", 0, 5),
        ("3abc + 1", "X004", "invalid number `3abc`", 0, 4),
        ("1 +", "X005", "expected an expression after `+`", 3, 3),
        ("]", "X005", "unexpected `]`; expected an expression", 0, 1),
        ("(1 + )", "X005", "unexpected `)`; expected an expression", 5, 6),
        ("a && || b", "X005", "unexpected `||`; expected an expression", 5, 7),
        ("(1 + 2", "X006", "expected `)` to close `(` at 1, found end of expression", 6, 6),
        ("x * (1 + 2", "X006", "expected `)` to close `(` at 5, found end of expression", 10, 10),
        ("f(1 2)", "X006", "expected `,` or `)` to close `(` at 2, found `2`", 4, 5),
        ("[1, 2", "X006", "expected `,` or `]` to close `[` at 1, found end of expression", 5, 5),
        ("a[1", "X006", "expected `]` to close `[` at 2, found end of expression", 3, 3),
        ("{a: 1 b: 2}", "X006", "expected `,` or `}` to close `{` at 1, found `b`", 6, 7),
        ("a ? b", "X006", "expected `:` to go with `?` at 3, found end of expression", 5, 5),
        ("'ё' + (1", "X006", "expected `)` to close `(` at 7, found end of expression", 9, 9),
        ("a b", "X007", "unexpected `b` after the expression; is an operator missing?", 2, 3),
        ("1)", "X007", "unexpected `)`; nothing to close", 1, 2),
        ("a]", "X007", "unexpected `]`; nothing to close", 1, 2),
        ("f(1)(2)", "X008", "only functions such as `len(…)` can be called", 4, 5),
        ("a[0](1)", "X008", "only functions such as `len(…)` can be called", 4, 5),
        ("a.", "X009", "expected a field name after `.`, found end of expression", 2, 2),
        ("a.1", "X009", "expected a field name after `.`, found `1`", 2, 3),
        ("{1: 2}", "X009", "expected a field name or `}`, found `1`", 1, 2),
        ("{a 1}", "X009", "expected `:` after field name `a`, found `1`", 3, 4),
        ("", "X012", "empty expression", 0, 0),
        ("   ", "X012", "empty expression", 3, 3),
        ("{a: 1, a: 2}", "X014", "duplicate field `a`", 7, 8),
    ])
    func reportsCodeMessageAndRange(source: String, code: String, message: String, start: Int, end: Int) {
        let error = syntaxError(source)
        #expect(error?.code == code)
        #expect(error?.message == message)
        #expect(error?.range == TextRange(start, end))
    }

    @Test func unclosedGroupNotesWhereItOpened() {
        let error = syntaxError("(1 + 2")
        #expect(error?.notes == [ExpressionDiagnostic.Note("`(` opened here", at: TextRange(0, 1))])
    }

    @Test func didYouMeanOperatorCarriesTheReplacement() {
        #expect(syntaxError("a = b")?.replacement == "==")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let source = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        let error = syntaxError(source)
        #expect(error?.code == "X013")
        #expect(error?.message == "expression is nested too deeply (more than 64 levels of grouping)")
        #expect(syntaxError(String(repeating: "!", count: 500) + "a")?.code == "X013")
        #expect(syntaxError(String(repeating: "(", count: 30) + "1" + String(repeating: ")", count: 30)) == nil)
    }

    @Test func longOperatorChainsAreBounded() throws {
        // 128 operands make a tree 128 levels tall: the most accepted.
        let longest = try parsed(Array(repeating: "1", count: 128).joined(separator: " + "))
        #expect(longest.height == 128)
        let tooLong = syntaxError(Array(repeating: "1", count: 129).joined(separator: " + "))
        #expect(tooLong?.code == "X013")
        #expect(tooLong?.message == "expression is too long a chain of operations (more than 128 levels); split it up")
        #expect(tooLong?.range == TextRange(0, 129 * 4 - 3))
    }

    @Test func tallestTreeChecksAndEvaluatesOnASmallStack() async throws {
        let longest = try parsed(Array(repeating: "count", count: 128).joined(separator: " + "))
        // Swift concurrency threads have small stacks; the runtime may evaluate there.
        let result = await Task.detached {
            (
                TypeChecker(scope: Fixture.types).check(longest), longest.evaluate(in: Fixture.values),
                longest.description.count
            )
        }.value
        #expect(result.0 == .success(.int))
        #expect(result.1 == .success(.int(384)))
        #expect(result.2 > 0)
    }
}
