import Testing

@testable import SegueExpression

/// Functions over lists with a function of each item (`p => …`), over text, `format(x, decimals:)` and
/// `parse_number`: parsed, typed and evaluated.
@Suite struct ListAndTextFunctionTests {
    static let person = RecordType(
        name: "Person", fields: [.init(name: "name", type: .string), .init(name: "surname", type: .string)])
    static let types = TypeBindings([
        "people": .list(.record(person)), "prefix": .string, "numbers": .list(.int), "text": .string,
        "maybe": .optional(.string), "p": .int,
    ])
    static let values = ValueBindings([
        "people": .list([
            .record(["name": .string("Hans"), "surname": .string("Emil")]),
            .record(["name": .string("Max"), "surname": .string("Mustermann")]),
            .record(["name": .string("Roman"), "surname": .string("Tisch")]),
        ]),
        "prefix": .string("M"), "numbers": .list([.int(3), .int(1), .int(2)]), "text": .string(" a,b ,c "),
        "maybe": .null, "p": .int(7),
    ])

    func value(_ source: String) throws -> Value {
        try Expression.parse(source).evaluate(in: Self.values).get()
    }

    func type(_ source: String) throws -> ValueType {
        try TypeChecker(scope: Self.types).check(Expression.parse(source)).get()
    }

    func errors(_ source: String) throws -> [String] {
        switch TypeChecker(scope: Self.types).check(try Expression.parse(source)) {
        case .success: return []
        case .failure(let diagnostics): return diagnostics.items.map { "\($0.code): \($0.message)" }
        }
    }

    /// Found by the `expression` fuzz target: unchecked text gave `format` a number and no `decimals:`, and the
    /// evaluator read past its arguments (a crash) instead of saying what is missing.
    /// `format(decimals: …)` with no number: the fuzzer's crash (an argument index past the end) is an X108.
    @Test func formatWithOnlyDecimalsIsATypeErrorNotACrash() throws {
        let checked = TypeChecker(scope: TypeBindings(["x": .string])).check(try Expression.parse("format(decimals: x)"))
        guard case .failure(let diagnostics) = checked else {
            Issue.record("`format(decimals: x)` type-checked as \(checked)")
            return
        }
        #expect(diagnostics.items.contains { $0.code == "X108" }, "\(diagnostics)")
    }

    @Test func formatWithoutDecimalsIsAnErrorNotACrash() throws {
        for source in ["format(xls: 1)", "format(2.5)"] {
            guard case .failure(let error) = try Expression.parse(source).evaluate(in: Self.values) else {
                Issue.record("`\(source)` evaluated")
                continue
            }
            #expect(source == "format(2.5)" || error.message.contains("decimals:"), "\(error.message)")
        }
    }

    @Test func aMethodCallIsTheFunctionWithTheReceiverFirst() throws {
        #expect(try Expression.parse("people.filter(p => p.done)").description == "filter(people, (p => p.done))")
        #expect(try Expression.parse("len(text.trim())").description == "len(trim(text))")
        #expect(try Expression.parse("format(x, decimals: 1)").description == "format(x, decimals: 1)")
        // The parameter is bound inside the body, so it is not a name the expression reads.
        #expect(try Expression.parse("people.filter(q => q.surname == prefix)").referencedNames == ["people", "prefix"])
    }

    @Test func filterMapAndFriendsOverAList() throws {
        #expect(
            try value("people.filter(p => p.surname.starts_with(prefix)).map(p => p.name)") == .list([.string("Max")]))
        #expect(try type("people.filter(p => p.surname.starts_with(prefix))") == .list(.record(Self.person)))
        #expect(try type("people.map(p => len(p.name))") == .list(.int))
        #expect(try value("people.any(p => p.name == 'Max')") == .bool(true))
        #expect(try value("people.all(p => len(p.name) > 3)") == .bool(false))
        #expect(try value("people.count(p => len(p.name) > 3)") == .int(2))
        #expect(try value("numbers.count()") == .int(3))
        #expect(try value("numbers.sum()") == .int(6))
        #expect(try value("people.sum(p => len(p.name) * 0.5)") == .number(6))
        #expect(try value("[].sum()") == .int(0))
        #expect(try value("people.min(p => len(p.name))") == .int(3))
        #expect(try value("people.sorted_by(p => p.surname).map(p => p.surname)")
            == .list([.string("Emil"), .string("Mustermann"), .string("Tisch")]))
        #expect(try value("numbers.sorted_by(n => -n)") == .list([.int(3), .int(2), .int(1)]))
        #expect(try value("people.first(p => p.name == 'Roman').surname") == .string("Tisch"))
        #expect(try type("people.first()") == .optional(.record(Self.person)))
        #expect(try value("people.first(p => p.name == 'Nobody')") == .null)
        #expect(try value("numbers.index_of(2)") == .int(2))
        #expect(try value("people.index_of(p => p.name == 'Max')") == .int(1))
        #expect(try value("numbers.index_of(9)") == .null)
        #expect(try type("numbers.index_of(9)") == .optional(.int))
        #expect(try value("numbers.contains(3)") == .bool(true))
    }

    @Test func aParameterHidesAVariableOfItsNameOnlyInsideTheBody() throws {
        #expect(try value("numbers.map(p => p * 10)") == .list([.int(30), .int(10), .int(20)]))
        #expect(try value("numbers.map(n => n + p)") == .list([.int(10), .int(8), .int(9)]))
    }

    @Test func functionArgumentsAreTyped() throws {
        #expect(try errors("people.filter(p => p.surnam == '')") == [
            "X102: `Person` has no field `surnam`; did you mean `surname`?"
        ])
        #expect(try errors("people.filter(p => len(p.name))") == [
            "X108: the function given to `filter` must give a `bool`, not `int`"
        ])
        #expect(try errors("people.filter(prefix)").first?.hasPrefix("X108: argument 2 of `filter` must be a function") == true)
        #expect(try errors("len(p => p)") == ["X108: argument 1 of `len` cannot be a function (`p => …`)"])
        #expect(
            syntaxError("p => p")?.message
                == "`=>` makes a function, which is only an argument of a call such as `filter(list, p => …)`")
        #expect(try errors("people.sum(p => p.name)") == [
            "X108: the function given to `sum` must give numbers, not `string`"
        ])
        #expect(try errors("people.sorted_by(p => p)").first?.hasPrefix("X108: the function given to `sorted_by`") == true)
        #expect(try errors("len(text, decimals: 2)").first?.hasPrefix("X107") == true)
        #expect(try errors("format(text, precision: 2)") == [
            "X107: `format` has no argument `precision:`; it takes `decimals:`"
        ])
        #expect(syntaxError("format(decimals: 1, 2)")?.code == "X009")
    }

    @Test func textFunctions() throws {
        #expect(try value("text.split(',').map(s => s.trim())") == .list([.string("a"), .string("b"), .string("c")]))
        #expect(try value("split('', ',')") == .list([]))
        #expect(try value("split('ab', '')") == .list([.string("a"), .string("b")]))
        #expect(try value("['a', 1, null].join('-')") == .string("a-1-null"))
        #expect(try value("join(['x', 'y'])") == .string("xy"))
        #expect(try value("substring('Привет', 1, 3)") == .string("ри"))
        #expect(try value("substring('Привет', 4)") == .string("ет"))
        #expect(try value("substring('abc', -5, 99)") == .string("abc"))
        #expect(try value("substring('abc', 2, 1)") == .string(""))
        #expect(try value("replace('27.03.2014', '.', '/')") == .string("27/03/2014"))
        #expect(try value("replace('abc', '', 'x')") == .string("abc"))
        #expect(try value("'hello'.index_of('l')") == .int(2))
        #expect(try value("'hello'.index_of('z')") == .null)
        #expect(try type("text.split(',')") == .list(.string))
        #expect(try errors("substring(text, '1')").first?.hasPrefix("X108") == true)
    }

    @Test func formatWithDecimals() throws {
        #expect(try value("format(2.25, decimals: 1)") == .string("2.3"))
        #expect(try value("format(-0.04, decimals: 1)") == .string("0.0"))
        #expect(try value("format(5, decimals: 2)") == .string("5.00"))
        #expect(try value("format(1.0 / 3, decimals: 0)") == .string("0"))
        #expect(try type("format(2.5, decimals: 1)") == .string)
        #expect(throws: EvaluationError.self) { try value("format(1, decimals: 16)") }
        #expect(try errors("format(text, decimals: 1)").first?.hasPrefix("X108") == true)
    }

    @Test func parseNumberIsNullOnBadText() throws {
        #expect(try value("parse_number(' 2.5 ')") == .number(2.5))
        #expect(try value("parse_number('-40')") == .number(-40))
        for bad in ["''", "'abc'", "'1,5'", "'0x10'", "'nan'", "'inf'", "'1e999'", "maybe"] {
            #expect(try value("parse_number(\(bad))") == .null, "\(bad)")
        }
        #expect(try type("parse_number(text)") == .optional(.number))
        #expect(try type("parse_number(maybe)") == .optional(.number))
    }

    @Test func failuresInsideAFunctionArgumentArePositioned() throws {
        let source = "numbers.map(n => 10 / (n - 1))"
        let error = try #require(throws: EvaluationError.self) { try value(source) }
        #expect(error.kind == .divisionByZero)
        #expect(error.range == TextRange(22, 29))
    }

    @Test func datesParseFormatCompareAndMove() throws {
        #expect(try value("parse_date('27.03.2014', 'dd.MM.yyyy')") == .string("2014-03-27"))
        #expect(try type("parse_date(text, 'dd.MM.yyyy')") == .optional(.date))
        for bad in ["'31.02.2014'", "'29.02.2014'", "'27.3.2014'", "'27.03.14'", "'x'", "''", "maybe"] {
            #expect(try value("parse_date(\(bad), 'dd.MM.yyyy')") == .null, "\(bad)")
        }
        #expect(try value("parse_date('29.02.2016', 'dd.MM.yyyy')") == .string("2016-02-29"))
        #expect(try value("parse_date('7.3.2014', 'd.M.yyyy')") == .string("2014-03-07"))
        let dates = ValueBindings([
            "start": .string("2014-03-27"), "back": .string("2014-04-02"), "leap": .string("2016-02-28"),
        ])
        func on(_ source: String) throws -> Value { try Expression.parse(source).evaluate(in: dates).get() }
        #expect(try on("format_date(start, 'd.M.yyyy')") == .string("27.3.2014"))
        #expect(try on("format_date(start)") == .string("2014-03-27"))
        #expect(try on("add_days(leap, 1)") == .string("2016-02-29"))
        #expect(try on("add_days(start, -27)") == .string("2014-02-28"))
        #expect(try on("days_between(start, back)") == .int(6))
        #expect(try on("days_between(back, start)") == .int(-6))
        #expect(try on("back >= start") == .bool(true))
        #expect(try Template.parse("on ${start}").evaluate(in: dates).get() == "on 2014-03-27")
        let checker = TypeChecker(scope: TypeBindings(["start": .date, "back": .optional(.date), "text": .string]))
        #expect(try checker.check(Expression.parse("back != null && back >= start")).get() == .bool)
        #expect(try checker.check(Expression.parse("add_days(start, 7)")).get() == .date)
        #expect(throws: ExpressionDiagnostics.self) { try checker.check(Expression.parse("start < text")).get() }
        #expect(throws: ExpressionDiagnostics.self) { try checker.check(Expression.parse("add_days(text, 1)")).get() }
        let pattern = checker.check(try Expression.parse("parse_date(text, 'dd.mm')"))
        guard case .failure(let problems) = pattern else {
            Issue.record("a pattern without a year is refused")
            return
        }
        #expect(problems.items.first?.code == "X115")
        #expect(CalendarDay(dayNumber: CalendarDay.epoch.dayNumber) == CalendarDay.epoch)
        #expect(CalendarDay(year: 2014, month: 3, day: 27)?.dayNumber == 16156)
    }
}

/// A flow's own function: typed where it is called, evaluated with only its parameters bound, a failure inside
/// reported at the call.
@Suite struct FlowFunctionTests {
    static let day = FlowFunction(
        name: "day", parameters: [.init(name: "text", type: .string)], result: .optional(.date),
        body: try! Expression.parse("parse_date(text, 'dd.MM.yyyy')"))
    static let ratio = FlowFunction(
        name: "ratio", parameters: [.init(name: "a", type: .int), .init(name: "b", type: .int)], result: .int,
        body: try! Expression.parse("a / b"))

    struct Scope: ValueScope {
        var values: [String: Value]
        func value(of name: String) -> Value? { values[name] }
        func flowFunction(named name: String) -> FlowFunction? {
            ["day": FlowFunctionTests.day, "ratio": FlowFunctionTests.ratio][name]
        }
    }

    let types = TypeBindings(["form": .record(RecordType(fields: [.init(name: "start", type: .string)]))], functions: [
        "day": day, "ratio": ratio,
    ])

    @Test func aCallIsTypedAgainstTheSignature() throws {
        #expect(try TypeChecker(scope: types).check(Expression.parse("day(form.start)")).get() == .optional(.date))
        let errors: (String) throws -> [String] = { source in
            guard case .failure(let found) = TypeChecker(scope: self.types).check(try Expression.parse(source)) else {
                return []
            }
            return found.items.map { "\($0.code): \($0.message)" }
        }
        #expect(try errors("day()") == ["X107: `day` takes 1 argument, got 0: day(text: string) -> date?"])
        #expect(try errors("day(1)") == ["X108: argument 1 of `day` must fit its `text: string`, not `int`"])
    }

    @Test func aCallBindsOnlyItsParameters() throws {
        let scope = Scope(values: ["text": .string("outside"), "x": .string("05.04.2014")])
        #expect(try Expression.parse("day(x)").evaluate(in: scope).get() == .string("2014-04-05"))
        #expect(try Expression.parse("ratio(7, 2)").evaluate(in: scope).get() == .int(3))
        let failure = try #require(throws: EvaluationError.self) {
            try Expression.parse("1 + ratio(1, 0)").evaluate(in: scope).get()
        }
        #expect(failure.kind == .divisionByZero)
        #expect(failure.message == "in `ratio(…)`: division by zero")
        #expect(failure.range == TextRange(4, 15))
    }
}
