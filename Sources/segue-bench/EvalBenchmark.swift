import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine

/// `segue-bench eval [--json] [--runs N] [--evaluations N]`: how fast the machine evaluates a compiled expression,
/// the step under every guard, `set:`, label and property. One flow declares expressions of the shapes flows are
/// made of (arithmetic and comparisons on the flow's and the screen's data, text, lists and list functions with a
/// function argument, a record's fields, named values, the form, conditionals, calls of the flow's functions, a
/// `${…}` template); each is a named value of the screen (the template is a label), evaluated by the machine as the
/// screen on top reads its own expressions (`Machine.evaluator(onTopOf:)`), and one is also a property, evaluated
/// by `Machine.holds` as
/// `segue check` does in every state it explores. Each result is checked, so an evaluator that stops computing
/// fails the suite.
enum EvalBenchmark {
    /// Each shape's expression, and the value it must give in the launched state.
    static let shapes: [(name: String, expression: String, expected: String)] = [
        ("arithmetic", "(r0 + s1 * 2) % 7 >= 0 && s0 - r3 < 100", "true"),
        ("comparison", "r0 == 0 && s1 != 5 && r2 <= s0 && !(r4 > 9)", "true"),
        ("text", "len(title) > 0 && title != 'x' && upper(title) == 'SEGUE'", "true"),
        ("list", "3 in items && len(items) < 10 && items[0] == 1", "true"),
        ("list_function", "count(items, p => p > 1) == 2 && len(filter(items, p => p != s1)) == 2", "true"),
        ("record", "person.name == 'Ann' && person.age > 18", "true"),
        ("named_value", "total >= 0 && doubled == total * 2", "true"),
        ("form", "form.name == null || len(form.name) <= 550", "true"),
        ("conditional", "(r0 > 0 ? r1 : r2) + (title == '' ? 1 : 0) >= 0 && (note ?? 'none') != ''", "true"),
        ("flow_function", "twice(r1) + twice(s1) == 4 && clamp(r4, 0, 3) == 3", "true"),
    ]
    /// A label of the screen: a `${…}` template, and the text it gives.
    static let template = (
        text: "Go ${r0} ${title} ${len(items)} ${note ?? ''} ${person.age + s0}", expected: "Go 0 segue 3  32"
    )

    static var flow: String {
        var text = """
            segue: 1
            flow: eval
            start: main
            types:
              Person: { name: string, age: int }
            data:
              r0: { type: int, default: 0 }
              r1: { type: int, default: 1 }
              r2: { type: int, default: 2 }
              r3: { type: int, default: 3 }
              r4: { type: int, default: 4 }
              title: { type: string, default: "'segue'" }
              note: { type: string?, default: null }
              items: { type: list<int>, default: [1, 2, 3] }
              person: { type: Person, default: "{ name: 'Ann', age: 30 }" }
            let:
              total: r0 + r1 + r2 + r3 + r4
              doubled: total * 2
            functions:
              twice: { parameters: { n: int }, value: "n * 2" }
              clamp: { parameters: { n: int, low: int, high: int }, value: "n < low ? low : (n > high ? high : n)" }
            invariants:
              named_value: { holds: "doubled == total * 2 && r0 >= 0" }
            screens:
              main:
                data:
                  s0: { type: int, default: 2 }
                  s1: { type: int, default: 1 }
                let:

            """
        for shape in shapes { text += "      shape_\(shape.name): \"\(shape.expression)\"\n" }
        text += """
                elements:
                  - field: name
                    label: Name
                  - button: go
                    label: "\(template.text)"
                    tap: { set: { r0: "(r0 + 1) % 10", r1: r1 } }

            """
        return text
    }

    struct Result {
        var shape: String
        var nanoseconds: Double
    }

    static func main(_ arguments: [String]) -> Int32 {
        let options: BenchOptions
        let runs: Int
        let evaluations: Int
        do {
            options = try BenchOptions(
                arguments, suite: "eval", flags: ["--json"], values: ["--runs": "N", "--evaluations": "N"])
            runs = try options.positiveInt("--runs", default: 5)
            evaluations = try options.positiveInt("--evaluations", default: 200_000)
        } catch {
            return error.report()
        }
        let loaded = FlowLoader().load(SourceFile(path: "eval.yaml", text: flow))
        guard !loaded.hasErrors, let program = try? Compiler.compile(loaded) else {
            let rendered = loaded.diagnostics.map { "\($0.range): \($0.code) \($0.message)" }.joined(separator: "\n")
            FileHandle.standardError.write(Data("segue-bench eval: the flow does not load\n\(rendered)\n".utf8))
            return 1
        }
        let machine = Machine(program: program)
        let state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        let screen = program.screens[program.start]
        guard case .button(let button)? = screen.elements.last?.body else { return 1 }
        let timed =
            shapes.map { shape in
                (shape.name, screen.lets.first { $0.name == "shape_\(shape.name)" }?.value ?? -1, shape.expected)
            } + [("template", button.label, template.expected)]
        let evaluate = machine.evaluator(onTopOf: state)
        var results: [Result] = []
        for (name, expression, expected) in timed {
            guard case .success(let first) = evaluate(expression), first.description == expected else {
                FileHandle.standardError.write(
                    Data("segue-bench eval: `\(name)` does not give \(expected) in the launched state\n".utf8))
                return 1
            }
            var same = 0
            let seconds = best(of: runs) {
                for _ in 0..<evaluations where (try? evaluate(expression).get()) == first { same += 1 }
            }
            guard same == evaluations * runs else {
                FileHandle.standardError.write(Data("segue-bench eval: `\(name)` changed its value\n".utf8))
                return 1
            }
            results.append(Result(shape: name, nanoseconds: seconds / Double(evaluations) * 1e9))
        }
        for property in program.properties {
            var held = 0
            let seconds = best(of: runs) {
                for _ in 0..<evaluations where (try? machine.holds(property, in: state).get()) == true { held += 1 }
            }
            guard held == evaluations * runs else {
                FileHandle.standardError.write(Data("segue-bench eval: `\(property.name)` does not hold\n".utf8))
                return 1
            }
            results.append(Result(shape: "property_\(property.name)", nanoseconds: seconds / Double(evaluations) * 1e9))
        }
        // A step evaluates a guard-free button's `set:` (two expressions) and every label of the screen.
        let tap = Input.tap(ElementPath(element: 1))
        var steps = 0
        let stepSeconds = best(of: runs) {
            for _ in 0..<(evaluations / 10) where !machine.step(state, tap).trace.isEmpty { steps += 1 }
        }
        let stepNanoseconds = stepSeconds / Double(evaluations / 10) * 1e9
        for result in results {
            print(
                "\(result.shape): \(fixed(result.nanoseconds, 0)) ns per evaluation, "
                    + "\(fixed(1e9 / result.nanoseconds / 1e6, 2)) M evaluations/s")
        }
        print("step (tap: two sets, a label): \(fixed(stepNanoseconds, 0)) ns per step")
        let mean = results.map(\.nanoseconds).reduce(0, +) / Double(max(1, results.count))
        print(
            "mean over \(results.count) shapes: \(fixed(mean, 0)) ns per evaluation, "
                + "\(fixed(1e9 / mean / 1e6, 2)) M evaluations/s")
        if options.has("--json") {
            let fields =
                results.map { "\"\($0.shape)_ns\": \(fixed($0.nanoseconds, 1))" }
                + [
                    "\"mean_ns\": \(fixed(mean, 1))", "\"evaluations_per_second\": \(fixed(1e9 / mean, 0))",
                    "\"step_ns\": \(fixed(stepNanoseconds, 1))",
                ]
            print("{" + fields.joined(separator: ", ") + "}")
        }
        return 0
    }
}
