import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueExplore

/// What `segue check` stores and tries less of without losing behaviour: form texts the flow cannot tell apart, and
/// data only an absent screen reads (docs/check.md, "Form values", "Canonical states").
@Suite struct CheckAbstractionTests {
    static func load(_ name: String) throws -> (flow: Flow, program: Program) {
        let loaded = FlowLoader().load(path: repository.appendingPathComponent(CheckFlows.path(name)).path)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        return (flow, try Compiler.compile(flow))
    }

    @Test func aFieldOnlyACallReadsIsTriedValidAndInvalidOnly() throws {
        let (flow, program) = try Self.load("signup")
        let fields = FieldSamples(outcomes: OutcomeSampler(flow: flow, program: program))
        let signup = try #require(program.screen(named: "signup"))
        // `name` goes only into the call and a label: one invalid text (empty) and one valid one.
        #expect(fields.texts(screen: signup, field: 0, current: .string(""), valid: false) == ["Anna"])
        #expect(fields.texts(screen: signup, field: 0, current: .string("Anna"), valid: true) == [""])
        #expect(fields.texts(screen: signup, field: 0, current: .string("two words"), valid: false) == ["Anna"])
        // `city` decides whether the greeting shows: every rule-derived text but the one it holds.
        #expect(
            fields.texts(screen: signup, field: 1, current: .string(""), valid: true)
                == ["Anna", String(repeating: "a", count: 21)])
    }

    @Test func aFieldEchoedByAResultNothingReadsIsTriedValidAndInvalidOnly() throws {
        let (flow, program) = try Self.load("result-echo")
        let fields = FieldSamples(outcomes: OutcomeSampler(flow: flow, program: program))
        // `signup`'s name is echoed by register's `Account`, which the flow never reads (the next call replaces it).
        let signup = try #require(program.screen(named: "signup"))
        #expect(fields.texts(screen: signup, field: 0, current: .string(""), valid: false) == ["Anna"])
        // `rename`'s result is read in its `ok:` branch (`set: { shown: result.name }`): the echoed name can show.
        let rename = try #require(program.screen(named: "rename"))
        #expect(fields.texts(screen: rename, field: 0, current: .string(""), valid: false).count > 1)
        let exploration = FlowExplorer(flow: flow, program: program).explore()
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.findings.isEmpty, "\(exploration.findings.map(\.message))")
    }

    @Test func theFormStatesHoldOnlyTheRepresentativesAndTheWelcomeIsReached() throws {
        let (flow, program) = try Self.load("signup")
        let exploration = FlowExplorer(flow: flow, program: program).explore()
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.findings.isEmpty, "\(exploration.findings.map(\.message))")
        let signup = try #require(program.screen(named: "signup"))
        var names: Set<Value> = []
        for state in exploration.graph.states {
            for layer in state.machine.layers {
                for instance in layer.stack where instance.screen == signup {
                    names.insert(instance.form.fields[0].value)
                }
            }
        }
        #expect(names == [.string(""), .string("Anna")])
        // The form is sent only valid: the shortest way to the welcome fills the name first.
        let welcome = try #require(program.screen(named: "welcome"))
        let reached = try #require(
            exploration.graph.states.firstIndex { $0.machine.topInstance?.screen == welcome })
        #expect(
            exploration.graph.path(to: Int32(reached)) == [
                "launch", "tap join", "edit name = \"Anna\"", "tap send", "accounts.register → ok null",
            ])
    }

    @Test func dataOnlyAnAbsentScreenReadsIsOneState() throws {
        let (flow, program) = try Self.load("gallery")
        let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
        let locals = ScreenLocalData(flow: flow, program: program, launch: launch.state).locals
        // `photos` is read only on the gallery, which empties it on entry; `opened` is read on main.
        #expect(locals.map { program.data[$0.slot].name } == ["photos"])
        #expect(locals.map { program.screens[$0.screen].name } == ["gallery"])
        let exploration = FlowExplorer(flow: flow, program: program).explore()
        #expect(exploration.stoppedBy == nil)
        // main before and after a first visit (2), the gallery with 0, 1 or 2 photos each time (6): main after a
        // visit is one state whatever the gallery had loaded.
        #expect(exploration.graph.count == 8)
        let main = try #require(program.screen(named: "main"))
        let photos = try #require(program.dataIndex["photos"])
        for state in exploration.graph.states where state.machine.topInstance?.screen == main {
            #expect(state.machine.data[photos] == .list([]))
        }
    }

    @Test func dataAPropertyOrAnotherScreenReadsStaysLive() throws {
        let (_, program) = try Self.load("gallery")
        let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
        let text = try String(
            contentsOf: repository.appendingPathComponent(CheckFlows.path("gallery")), encoding: .utf8)
        for changed in [
            // An invariant reads it.
            text.replacingOccurrences(of: "screens:\n", with: "invariants:\n  few: \"len(photos) < 3\"\nscreens:\n"),
            // Main shows it.
            text.replacingOccurrences(
                of: "label: \"${opened ? 'Open again' : 'Open'}\"", with: "label: \"${len(photos)}\""),
            // The gallery no longer empties it when entered.
            text.replacingOccurrences(of: "    on_enter:\n      - set: { photos: \"[]\" }\n", with: ""),
        ] {
            #expect(changed != text)
            let loaded = FlowLoader().load(SourceFile(path: "gallery.yaml", text: changed))
            #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
            let flow = try #require(loaded.flow)
            let locals = ScreenLocalData(flow: flow, program: try Compiler.compile(flow), launch: launch.state).locals
            #expect(locals.isEmpty)
        }
    }
}
