import Foundation
import SegueExpression

/// Bytes as an expression and as a template, over variables of every type: parse, type-check, evaluate.
enum ExpressionFuzz {
    static let profile = RecordType(fields: [
        .init(name: "name", type: .string), .init(name: "age", type: .optional(.int)),
        .init(name: "tags", type: .list(.string)),
    ])
    static let types = TypeBindings([
        "count": .int, "price": .number, "title": .string, "flag": .bool, "items": .list(.int),
        "user": .record(profile), "maybe": .optional(.string), "nothing": .null, "anything": .any,
    ])
    static let values = ValueBindings([
        "count": .int(3), "price": .number(2.5), "title": .string("Пример e\u{301}"), "flag": .bool(true),
        "items": .list([.int(1), .int(-2), .int(Int.max)]),
        "user": .record(["name": .string("Анна"), "age": .null, "tags": .list([.string("a")])]),
        "maybe": .null, "nothing": .null, "anything": .number(.nan),
    ])

    static func run(_ data: Data) {
        guard let source = String(data: data, encoding: .utf8) else { return }
        let evaluator = Evaluator(scope: values)
        if let expression = try? Expression.parse(source) {
            _ = TypeChecker(scope: types).check(expression)
            _ = evaluator.evaluate(expression)
        }
        if let template = try? Template.parse(source) {
            _ = TypeChecker(scope: types).check(template)
            _ = evaluator.evaluate(template)
        }
    }
}
