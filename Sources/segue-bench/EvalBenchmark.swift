import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine

/// `segue-bench eval [--json] [--runs N] [--evaluations N]`: how fast the machine evaluates a compiled expression,
/// the step under every guard, `set:`, label and property. One flow declares expressions of the shapes flows are
/// made of (arithmetic on data, text, lists, named values, the form, conditionals); each is a property, so
/// `Machine.holds` evaluates it in the launched state exactly as `segue check` does in every state it explores.
/// Each result is checked (every property holds), so an evaluator that stops computing fails the suite.
enum EvalBenchmark {
    static let shapes: [(name: String, condition: String)] = [
        ("arithmetic", "(r0 + r1 * 2) % 7 >= 0 && r2 - r3 < 100"),
        ("comparison", "r0 == 0 && r1 != 5 && r2 <= r3 && !(r4 > 9)"),
        ("text", "len(title) > 0 && title != 'x' && upper(title) == 'SEGUE'"),
        ("list", "3 in items && len(items) < 10 && items[0] == 1"),
        ("named_value", "total >= 0 && doubled == total * 2"),
        ("form", "form.name == null || len(form.name) <= 550"),
        ("conditional", "(r0 > 0 ? r1 : r2) + (title == '' ? 1 : 0) >= 0 && (note ?? 'none') != ''"),
    ]

    static var flow: String {
        var text = """
            segue: 1
            flow: eval
            start: main
            data:
              r0: { type: int, default: 0 }
              r1: { type: int, default: 1 }
              r2: { type: int, default: 2 }
              r3: { type: int, default: 3 }
              r4: { type: int, default: 4 }
              title: { type: string, default: "'segue'" }
              note: { type: string?, default: null }
              items: { type: list<int>, default: [1, 2, 3] }
            let:
              total: r0 + r1 + r2 + r3 + r4
              doubled: total * 2
            invariants:

            """
        for shape in shapes { text += "  \(shape.name): { holds: \"\(shape.condition)\" }\n" }
        text += """
            screens:
              main:
                elements:
                  - field: name
                    label: Name
                  - button: go
                    label: "Go ${r0} ${title} ${len(items)} ${note ?? ''}"
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
        var results: [Result] = []
        for property in program.properties {
            guard case .success(true) = machine.holds(property, in: state) else {
                FileHandle.standardError.write(
                    Data("segue-bench eval: `\(property.name)` does not hold in the launched state\n".utf8))
                return 1
            }
            var held = 0
            let seconds = best(of: runs) {
                for _ in 0..<evaluations where (try? machine.holds(property, in: state).get()) == true { held += 1 }
            }
            guard held == evaluations * runs else {
                FileHandle.standardError.write(Data("segue-bench eval: `\(property.name)` stopped holding\n".utf8))
                return 1
            }
            results.append(Result(shape: property.name, nanoseconds: seconds / Double(evaluations) * 1e9))
        }
        // A step evaluates a guard-free button's `set:` (two expressions) and every label of the screen.
        let tap = Input.tap(ElementPath(element: 1))
        var steps = 0
        let stepSeconds = best(of: runs) {
            for _ in 0..<(evaluations / 10) where !machine.step(state, tap).trace.isEmpty { steps += 1 }
        }
        let stepNanoseconds = stepSeconds / Double(evaluations / 10) * 1e9
        for result in results {
            print("\(result.shape): \(fixed(result.nanoseconds, 0)) ns per evaluation")
        }
        print("step (tap: two sets, a label): \(fixed(stepNanoseconds, 0)) ns per step")
        let mean = results.map(\.nanoseconds).reduce(0, +) / Double(max(1, results.count))
        print("mean over \(results.count) shapes: \(fixed(mean, 0)) ns per evaluation")
        if options.has("--json") {
            let fields =
                results.map { "\"\($0.shape)_ns\": \(fixed($0.nanoseconds, 1))" }
                + ["\"mean_ns\": \(fixed(mean, 1))", "\"step_ns\": \(fixed(stepNanoseconds, 1))"]
            print("{" + fields.joined(separator: ", ") + "}")
        }
        return 0
    }
}
