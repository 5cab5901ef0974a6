import SegueExpression
import Testing

@testable import SegueMachine

/// Every expression the compiler turns into closures (`ExpressionCompiler`) gives what the tree walker gives over
/// the same machine scope: the same value, or the same error (kind, message, place), with short-circuits, nulls,
/// function arguments, flow functions, locals over slots, and properties' `screen` and `form`.
@Suite struct CompiledEvaluationTests {
    /// Each shape a screen's named value, each valid for the checker; some fail at run time.
    static let shapes: [String] = [
        "(r0 + s1 * 2) % 7 >= 0 && s0 - r3 < 100",
        "r1 / r0",
        "r0 != 0 && r1 / r0 > 1",
        "r0 == 0 || r1 / r0 > 1",
        "r1 / r0 > 1 || true",
        "items[5]",
        "items[-1 + s1]",
        "-r4 * 2.5",
        "!(r4 > 9) ? 'yes' : 'no'",
        "note ?? title",
        "len(note ?? '') == 0",
        "upper(title) + ' ' + string(len(items))",
        "count(items, p => p > 1) + len(filter(items, p => p != s1))",
        "any(items, p => any(items, q => q == p + s1))",
        "map(items, p => twice(p) + r1)",
        "twice(r4) - s0",
        "tenth(r0)",
        "count(items, p => tenth(p - 1) > 0)",
        "quarter(r0, s1) + quarter(s1, r4)",
        "quarter(r4, r0 - r0)",
        "map(items, p => quarter(p, p - 1))",
        "first(items, p => p > 10)",
        "sum(items, p => p * 1.5)",
        "min(items, p => 10 / (p - 1))",
        "person.name + ' ' + string(person.age)",
        "{ a: r1, b: [r3, s0] }",
        "scores['a'] + (scores['b'] ?? 0)",
        "nobody.age",
        "-scores['b']",
        "(nobody ?? person).age",
        "3 in items && 'Ann' in { Ann: 1 }",
        "form.name == null || len(form.name) <= 5",
        "state.editing",
        "total + doubled",
        "device.width > 0",
        "int('12') + int(r1)",
        "matches(title, note ?? '[')",
    ]

    static var flow: String {
        var text = """
            segue: 1
            flow: compiled
            start: main
            types:
              Person: { name: string, age: int }
            data:
              items: { type: list<int>, default: [1, 2, 3] }
              person: { type: Person, default: "{ name: 'Ann', age: 30 }" }
              nobody: { type: Person?, default: null }
              scores: { type: "map<string, number>", default: "{ a: 1.5 }" }
              r0: { type: int, default: 0 }
              r1: { type: int, default: 1 }
              r3: { type: int, default: 3 }
              r4: { type: int, default: 4 }
              title: { type: string, default: "'segue'" }
              note: { type: string?, default: null }
            let:
              total: r0 + r1 + r3 + r4 + len(scores)
              doubled: total * 2
            functions:
              twice: { parameters: { n: int }, value: "n * 2" }
              tenth: { parameters: { n: int }, value: "10 / n" }
              quarter: { parameters: { n: int, d: int }, value: "twice(twice(n)) + count([n, d], p => tenth(p) > n)" }
            invariants:
              on_main: { holds: "screen == 'main' && (form.name ?? '') == '' && total > 0" }
              divides: { holds: "r1 / r0 > 0" }
              reads_a_field: { holds: "count(items, p => (form.name ?? '') == '' && p > 0) == 3" }
            screens:
              main:
                data:
                  s0: { type: int, default: 2 }
                  s1: { type: int, default: 1 }
                states:
                  viewing: {}
                  editing: {}
                let:

            """
        for (index, shape) in shapes.enumerated() { text += "      shape\(index): \"\(shape)\"\n" }
        text += """
                elements:
                  - field: name
                    label: Name
                  - text: label
                    value: "Go ${r0} ${title} ${note} ${person.age + s0} ${r1 / r0}"

            """
        return text
    }

    static func same(_ compiled: Result<Value, ExpressionFailure>, _ walked: Result<Value, ExpressionFailure>) -> Bool {
        switch (compiled, walked) {
        case (.success(let a), .success(let b)): a == b
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }

    @Test func compiledExpressionsGiveWhatTheTreeWalkerGives() throws {
        let program = try Harness.compile(Self.flow)
        let machine = Machine(program: program)
        let state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        let top = try #require(state.topInstance)
        let runner = Runner(box: machine.box, state: state, tracing: false)
        // The screen's own frame, and one with locals over the data and the screen's slots (as a list item's has).
        let frames = [
            Frame(instance: top.id),
            Frame(instance: top.id, locals: ["r1": .int(7), "s0": .int(-3), "total": .int(1), "title": .null]),
        ]
        var failures = 0
        for frame in frames {
            runner.withScope(frame) { scope in
                for (index, expression) in program.expressions.enumerated() {
                    guard !program.properties.contains(where: { $0.condition == index }) else { continue }
                    if case .constant = expression.body { continue }
                    #expect(expression.evaluation != nil, "`\(expression.source)` was not compiled")
                    let (compiled, walked) = (program.evaluate(index, in: scope), expression.interpreted(in: scope))
                    #expect(Self.same(compiled, walked), "`\(expression.source)`: \(compiled) ≠ \(walked)")
                    if case .failure = walked { failures += 1 }
                }
            }
        }
        // The shapes that fail at run time do (division by zero, an index out of range, a bad pattern, …).
        #expect(failures >= 10)
    }

    @Test func propertiesReadScreenAndFormAsBefore() throws {
        let program = try Harness.compile(Self.flow)
        let machine = Machine(program: program)
        let state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        let top = try #require(state.topInstance)
        var results: [String: Result<Bool, PropertyUnevaluable>] = [:]
        Runner(box: machine.box, state: state, tracing: false).withScope(Frame(instance: top.id)) { scope in
            for property in program.properties {
                let expression = program.expressions[property.condition]
                #expect(expression.evaluation != nil)
                #expect(
                    Self.same(
                        program.evaluate(property.condition, in: scope),
                        expression.interpreted(in: PropertyScope(machine: scope))))
                results[property.name] = machine.holds(property, in: state)
            }
        }
        #expect(results["on_main"] == .success(true))
        #expect(results["divides"] == .failure(PropertyUnevaluable(reason: "division by zero")))
        #expect(results["reads_a_field"] == .success(true))
    }
}
