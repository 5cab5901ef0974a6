import Testing

@testable import SegueExpression

/// `??`, `null` in text, and the warnings where a value that may be null is used where one is needed.
@Suite struct NullSafetyTests {
    let scope = TypeBindings([
        "name": .optional(.string), "countdown": .optional(.int), "wall": .list(.string),
        "result": .optional(.list(.string)), "count": .int, "ok": .optional(.bool),
        "user": .optional(.record(RecordType(name: "User", fields: [.init(name: "name", type: .string)]))),
    ])
    let values = ValueBindings([
        "name": .null, "countdown": .int(3), "wall": .list([.string("a")]), "result": .null, "count": .int(2),
        "user": .null,
    ])

    func warnings(_ source: String) throws -> [String] {
        TypeChecker(scope: scope).analyze(try parsed(source)).warnings.map(\.message)
    }

    func templateWarnings(_ source: String) throws -> [ExpressionWarning] {
        TypeChecker(scope: scope).analyze(try Template.parse(source)).warnings
    }

    @Test(arguments: [
        ("a ?? b ?? c", "(a ?? (b ?? c))"),
        ("a ?? 0 + 1", "(a ?? (0 + 1))"),
        ("a ?? '' == ''", "((a ?? \"\") == \"\")"),
        ("a ?? 1 < 2 && b", "(((a ?? 1) < 2) && b)"),
        ("c ? a ?? 1 : 2", "(c ? (a ?? 1) : 2)"),
    ])
    func coalescingGroupsBetweenComparisonAndArithmetic(source: String, grouped: String) throws {
        #expect(try parsed(source).description == grouped)
    }

    @Test func coalescingTakesTheFallbackOnlyForNull() throws {
        #expect(try parsed("name ?? 'гость'").evaluate(in: values) == .success(.string("гость")))
        #expect(try parsed("countdown ?? 0").evaluate(in: values) == .success(.int(3)))
        // The fallback is not evaluated when the value is there: a division by zero there never happens.
        #expect(try parsed("countdown ?? 1 / 0").evaluate(in: values) == .success(.int(3)))
        #expect(try parsed("null ?? null ?? 'x'").evaluate(in: values) == .success(.string("x")))
    }

    @Test func anOptionalWithAFallbackIsNotOptional() throws {
        let checker = TypeChecker(scope: scope)
        #expect(checker.check(try parsed("name ?? ''")) == .success(.string))
        #expect(checker.check(try parsed("countdown ?? 0"), expecting: .int) == .success(.int))
        #expect(checker.check(try parsed("countdown ?? 0.5")) == .success(.number))
        #expect(checker.check(try parsed("name ?? name")) == .success(.optional(.string)))
        #expect(checker.check(try parsed("null ?? count")) == .success(.int))
        let mismatch = try typeErrors("count ?? 'x'")
        #expect(mismatch.map(\.code) == ["X111"])
        #expect(mismatch.first?.message == "the sides of `??` have different types: `int` and `string`")
    }

    @Test func nullInterpolatesAsNothing() throws {
        let text = try Template.parse("Hello, ${name}!").evaluate(in: values)
        #expect(text == .success("Hello, !"))
        #expect(try Template.parse("${name ?? 'гость'}").evaluate(in: values) == .success("гость"))
    }

    @Test func anOptionalInsideOtherTextIsAWarningButAloneItIsNot() throws {
        let found = try templateWarnings("Hello, ${name}")
        #expect(found.map(\.kind) == [.optionalInText])
        #expect(found.first?.range == TextRange(9, 13))
        #expect(
            found.first?.message
                == "`name` may be null (it is `string?`) and would show as nothing in this text; "
                + "give a fallback with `??`, e.g. `${name ?? '…'}`")
        #expect(try templateWarnings("${name}").isEmpty)
        #expect(try templateWarnings("Hello, ${name ?? 'гость'}").isEmpty)
        #expect(try templateWarnings("${count} left").isEmpty)
    }

    @Test func anOptionalWhereAValueIsNeededIsAWarning() throws {
        #expect(
            try warnings("countdown - 1")
                == [
                    "`countdown` may be null (it is `int?`), but `-` needs a value; give a fallback with "
                        + "`countdown ?? …` or check it first"
                ])
        #expect(try warnings("wall + result").count == 1)
        #expect(try warnings("len(name) > 0").count == 1)
        #expect(try warnings("user.name").count == 1)
        #expect(try warnings("!ok").count == 1)
        #expect(try warnings("-countdown").count == 1)
        #expect(try warnings("countdown > 0").count == 1)
    }

    @Test func aCheckedOrDefaultedOptionalIsNotAWarning() throws {
        #expect(try warnings("(countdown ?? 0) - 1").isEmpty)
        #expect(try warnings("countdown != null && countdown > 0").isEmpty)
        #expect(try warnings("countdown == null || countdown > 0").isEmpty)
        #expect(try warnings("countdown == null ? 0 : countdown - 1").isEmpty)
        #expect(try warnings("null != countdown ? countdown - 1 : 0").isEmpty)
        #expect(try warnings("user != null ? user.name : ''").isEmpty)
        #expect(try warnings("!empty(name) && len(name) > 2").isEmpty)
        #expect(try warnings("empty(name) ? 0 : len(name)").isEmpty)
        #expect(try warnings("empty(name)").isEmpty)
        #expect(try warnings("name == null").isEmpty)
        // A check proves nothing on the other branch, or about another name.
        #expect(try warnings("countdown != null ? 0 : countdown - 1").count == 1)
        #expect(try warnings("name != null && countdown > 0").count == 1)
    }
}
