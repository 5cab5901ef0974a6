import Testing

@testable import SegueExpression

@Suite struct RecordAndTextFunctionTests {
    func evaluate(_ source: String, _ values: [String: Value] = [:]) throws -> Value {
        try Expression.parse(source).evaluate(in: ValueBindings(values)).get()
    }

    @Test func putRemoveAndKeysMakeNewRecords() throws {
        let volumes: Value = .record(["Hamlet": .number(0.5)])
        #expect(
            try evaluate("put(v, 'Ophelia', 1.5)", ["v": volumes])
                == .record(["Hamlet": .number(0.5), "Ophelia": .number(1.5)]))
        #expect(try evaluate("remove(v, 'Hamlet')", ["v": volumes]) == .record([:]))
        #expect(try evaluate("keys(put(v, 'A', 1))", ["v": volumes]) == .list([.string("A"), .string("Hamlet")]))
    }

    @Test func indexByKeysRecordsByAField() throws {
        let takes: Value = .list([.record(["line": .string("h1"), "volume": .number(1)])])
        #expect(
            try evaluate("index_by(t, 'line')", ["t": takes])
                == .record(["h1": .record(["line": .string("h1"), "volume": .number(1)])]))
        #expect(throws: EvaluationError.self) { try evaluate("index_by(t, 'take')", ["t": takes]) }
    }

    @Test func lineCountWrapsGreedilyAtSpaces() throws {
        #expect(try evaluate("line_count('Спасибо!', 300)") == .int(1))
        #expect(try evaluate("line_count('', 300)") == .int(1))
        // 40 lowercase letters of 8.5 pt each need 340 pt: two lines at 320 pt, one at 400 pt.
        let word = String(repeating: "a", count: 40)
        #expect(try evaluate("line_count(w, 320)", ["w": .string(word)]) == .int(2))
        #expect(try evaluate("line_count(w, 400)", ["w": .string(word)]) == .int(1))
        #expect(try evaluate("line_count('a\\nb\\nc', 300)") == .int(3))
        #expect(throws: EvaluationError.self) { try evaluate("line_count('a', 0)") }
    }

    @Test func typeChecksTheNewFunctions() {
        let checker = TypeChecker(scope: TypeBindings(["n": .int]))
        #expect(throws: Never.self) { try checker.check(Expression.parse("line_count('x', 10) > 2")).get() }
        #expect(throws: ExpressionDiagnostics.self) { try checker.check(Expression.parse("keys(n)")).get() }
        #expect(throws: ExpressionDiagnostics.self) { try checker.check(Expression.parse("line_count(n, 10)")).get() }
    }
}
