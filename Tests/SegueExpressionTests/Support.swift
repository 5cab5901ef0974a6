@testable import SegueExpression

/// Parses or fails the test with the syntax error's message.
func parsed(_ source: String) throws -> Expression {
    do {
        return try Expression.parse(source)
    } catch {
        throw TestFailure("\(source): \(error)")
    }
}

/// The syntax error `source` produces, or nil if it parses.
func syntaxError(_ source: String) -> ExpressionDiagnostic? {
    do {
        _ = try Expression.parse(source)
        return nil
    } catch {
        return error
    }
}

/// The template syntax error `source` produces, or nil if it parses.
func templateError(_ source: String) -> ExpressionDiagnostic? {
    do {
        _ = try Template.parse(source)
        return nil
    } catch {
        return error
    }
}

/// A failure with a message, for helpers that must stop a test.
struct TestFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The scope most type and evaluation tests share.
enum Fixture {
    static let profile = RecordType(
        name: "Profile",
        fields: [
            .init(name: "name", type: .string),
            .init(name: "age", type: .optional(.int)),
            .init(name: "email", type: .optional(.string)),
            .init(name: "tags", type: .list(.string)),
        ])

    static let types = TypeBindings([
        "user": .record(profile),
        "maybe": .optional(.record(profile)),
        "items": .list(.record(profile)),
        "count": .int,
        "price": .number,
        "flag": .bool,
        "title": .string,
        "data": .any,
    ])

    static let values = ValueBindings([
        "user": .record(["name": .string("Анна"), "tags": .list([.string("a"), .string("b")])]),
        "maybe": .null,
        "items": .list([.record(["name": .string("first")])]),
        "count": .int(3),
        "price": .number(2.5),
        "flag": .bool(true),
        "title": .string("Привет"),
        "data": .int(5),
        "smallest": .int(Int.min),
        "largest": .int(Int.max),
    ])
}

/// The type of `source` in the fixture scope, or the diagnostics.
func typeOf(_ source: String, expecting: ValueType? = nil) throws -> Result<ValueType, ExpressionDiagnostics> {
    TypeChecker(scope: Fixture.types).check(try parsed(source), expecting: expecting)
}

/// The diagnostics of `source` (empty when it checks).
func typeErrors(_ source: String, expecting: ValueType? = nil) throws -> [ExpressionDiagnostic] {
    switch try typeOf(source, expecting: expecting) {
    case .success: return []
    case .failure(let diagnostics): return diagnostics.items
    }
}

/// The value of `source` in the fixture scope.
func evaluated(_ source: String) throws -> Result<Value, EvaluationError> {
    try parsed(source).evaluate(in: Fixture.values)
}

/// The run-time error of `source`, or nil when it succeeds.
func evaluationError(_ source: String) throws -> EvaluationError? {
    if case .failure(let error) = try evaluated(source) { return error }
    return nil
}
