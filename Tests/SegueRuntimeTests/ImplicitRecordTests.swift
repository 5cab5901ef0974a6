import SegueDiagnostics
import SegueExpression
import SegueModel
import Testing

@testable import SegueCheck
@testable import SegueMachine

/// The implicit records (`device`, `error`, `current_event`, `session`) are declared once: whatever field the checker
/// accepts has a value at run time, of the declared type, and durations are read by one grammar everywhere.
@Suite struct ImplicitRecordTests {
    /// A value's fit to a declared field type (records are not compared field by field here: none is one).
    static func fits(_ value: Value, _ type: ValueType) -> Bool {
        switch (value, type) {
        case (_, .any), (.null, .optional): return true
        case (_, .optional(let wrapped)): return fits(value, wrapped)
        case (.string, .string), (.int, .int), (.number, .number), (.int, .number): return true
        default: return false
        }
    }

    static func fields(of value: Value) -> [String: Value] {
        if case .record(let fields) = value { return fields }
        return [:]
    }

    @Test(arguments: DeviceProfile.builtIn)
    func everyDeviceFieldTheCheckerAcceptsHasAValueOfItsType(profile: DeviceProfile) throws {
        let value = Self.fields(of: profile.value)
        #expect(Set(value.keys) == Set(DeviceField.allCases.map(\.rawValue)))
        for field in DeviceField.allCases {
            let fieldValue = try #require(value[field.rawValue])
            #expect(Self.fits(fieldValue, field.type), "device.\(field.rawValue) = \(fieldValue.literal)")
        }
        #expect(value["os_version"] == .string("\(profile.osMajor).\(profile.osMinor)"))
    }

    @Test func theCheckerTypesDeviceWithEveryDeclaredField() throws {
        guard case .record(let record) = Scope.device else {
            Issue.record("device is not a record type")
            return
        }
        #expect(record.fields.map(\.name) == DeviceField.allCases.map(\.rawValue))
        for name in ["os_minor", "name", "safe_left", "safe_right", "os_version"] {
            #expect(record.field(name) != nil, "device.\(name)")
        }
    }

    @Test func aFlowReadsEveryDeviceFieldAndSeesTheProfile() throws {
        let reads = DeviceField.allCases.map { "'\($0.rawValue)=' + string(device.\($0.rawValue))" }
        let program = try CurrentEventTests.compile(
            """
            flow: device
            data:
              shown: { type: string, default: "''" }
            screens:
              main:
                on_enter: [{ set: { shown: "\(reads.joined(separator: " + ' ' + "))" } }]
                elements: []
            """)
        let machine = Machine(program: program)
        let step = machine.step(MachineState(), .launch(LaunchEnvironment(device: .iPhone7)))
        guard case .string(let shown)? = step.state.data.first else {
            Issue.record("no text: \(step.state.data)")
            return
        }
        #expect(shown.contains("os_version=12.5"))
        #expect(shown.contains("os_minor=5"))
        #expect(shown.contains("name=iPhone 7"))
        #expect(shown.contains("safe_left=0"))
    }

    @Test func anErrorAlwaysHasEveryDeclaredField() {
        let plain = Self.fields(of: ServiceError(service: "api", code: "timeout", message: "slow").value)
        for field in ErrorField.allCases {
            #expect(plain[field.rawValue].map { Self.fits($0, field.type) } == true, "error.\(field.rawValue)")
        }
        #expect(plain["sendid"] == .null)
        let sent = ServiceError(service: "send", code: "execution", message: "no", details: ["sendid": .string("s1")])
        #expect(Self.fields(of: sent.value)["sendid"] == .string("s1"))
    }

    @Test func onlyAnExpressionThatNamesCurrentEventKeepsIt() throws {
        func reads(_ value: String) throws -> Bool {
            try CurrentEventTests.compile(
                """
                flow: reads
                data:
                  seen: { type: string, default: "''" }
                screens:
                  main:
                    on: { knock: [{ do: [{ set: { seen: "\(value)" } }] }] }
                    elements: []
                """
            ).readsCurrentEvent
        }
        #expect(try reads("current_event.name"))
        // Named only inside a text or as a field: nothing reads the event.
        #expect(try !reads("'current_event'"))
        #expect(try !reads("session.name + 'current_event'"))
    }

    @Test(arguments: [("250us", 250_000), ("1.5s", 1_500_000_000), ("2m", 120_000_000_000), ("7ns", 7)] as [(String, Int64)])
    func anAfterDelayIsReadByTheClockGrammar(text: String, nanoseconds: Int64) throws {
        let program = try CurrentEventTests.compile(
            """
            flow: timer
            data:
              done: { type: bool, default: false }
            screens:
              main:
                on_enter: [{ after: \(text), do: [{ set: { done: "true" } }] }]
                elements: []
            """)
        let machine = Machine(program: program)
        let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        #expect(step.state.timers.first?.deadline == ClockDuration(nanoseconds: nanoseconds))
    }

    @Test(arguments: ["1e1s", "-1s", "1.5ns"])
    func aDurationTheClockCannotReadIsRefused(text: String) {
        let file = SourceFile(
            path: "t.yaml",
            text: """
                segue: 1
                flow: timer
                start: main
                screens:
                  main:
                    on_enter: [{ after: \(text), do: [] }]
                    elements: []
                """)
        let loaded = FlowLoader().load(file)
        #expect(loaded.diagnostics.contains { $0.severity == .error }, "after: \(text)")
    }

    /// A `number` holds numbers, whatever wrote the whole number into it: `1 / d` divides as numbers (7GUIs found
    /// `0` for `d: { type: number, default: 4 }`).
    @Test func aNumberVariableHoldsANumberWhateverWroteIt() throws {
        let program = try CurrentEventTests.compile(
            """
            flow: numbers
            data:
              d: { type: number, default: 4 }
              e: { type: "number?", default: null }
              many: { type: list<number>, default: "[1, 2.5]" }
              quarter: { type: number, default: 0 }
              count: { type: int, default: 4 }
            screens:
              main:
                on_enter: [{ set: { quarter: "1 / d", e: "2" } }]
                elements: []
            """)
        let machine = Machine(program: program)
        let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        #expect(step.state.data[0] == .number(4))
        #expect(step.state.data[1] == .number(2))
        #expect(step.state.data[2] == .list([.number(1), .number(2.5)]))
        #expect(step.state.data[3] == .number(0.25))
        // An `int` stays whole.
        #expect(step.state.data[4] == .int(4))
    }
}

/// An `on:` handler whose first action has a `do:` of its own (`foreach`, `after`, `every`) is an action list, not
/// a list of transitions (7GUIs defect 2: the errors pointed at the wrong keys and the fix-it was wrong).
@Suite struct HandlerShapeTests {
    @Test(arguments: [
        "[{ foreach: \"[1, 2]\", item: n, do: [{ set: { total: \"total + n\" } }] }]",
        "[{ after: 1s, do: [{ set: { total: \"1\" } }] }, { set: { total: \"2\" } }]",
        "[{ every: 1s, do: [{ set: { total: \"total + 1\" } }] }]",
    ])
    func anActionWithItsOwnDoStartsAnActionList(handler: String) throws {
        let program = try CurrentEventTests.compile(
            """
            flow: shapes
            data:
              total: { type: int, default: 0 }
            screens:
              main:
                on:
                  go: \(handler)
                elements: []
            """)
        let screen = try #require(program.screens.first)
        #expect(screen.handlers.handler(for: try #require(program.eventIndex["go"])) != nil)
    }

    @Test func aGuardedItemIsStillATransition() throws {
        let program = try CurrentEventTests.compile(
            """
            flow: shapes
            data:
              total: { type: int, default: 0 }
            screens:
              main:
                on:
                  go:
                    - when: "total > 0"
                      do: [{ set: { total: "0" } }]
                    - do: [{ set: { total: "1" } }]
                elements: []
            """)
        let machine = Machine(program: program)
        var step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let go = try #require(program.eventIndex["go"])
        step = machine.step(step.state, .event(go, payload: .null))
        #expect(step.state.data == [.int(1)])
        step = machine.step(step.state, .event(go, payload: .null))
        #expect(step.state.data == [.int(0)])
    }
}

/// A picker's `options:` may be a YAML list, as a variable's `default:` may (7GUIs defect 3), and a mistake in it is
/// not also "unknown key `change`".
@Suite struct PickerOptionsTests {
    static func flow(options: String) -> String {
        """
        segue: 1
        flow: booking
        start: main
        data:
          kind: { type: string, default: "'one-way flight'" }
        screens:
          main:
            elements:
              - picker: kind_picker
                options: \(options)
                selected: kind
                change: [{ set: { kind: event.value } }]
        """
    }

    @Test func aYAMLListIsTheOptions() throws {
        let program = try Compiler.compile(SourceFile(path: "t.yaml", text: Self.flow(options: "[one-way flight, return flight]")))
        let machine = Machine(program: program)
        let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let picker = try #require(machine.inputs(in: step.state).first { $0.action == .change })
        #expect(picker.domain == .options([.string("one-way flight"), .string("return flight")]))
    }

    @Test func aWrongOptionsIsOneMistake() {
        let loaded = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow(options: "{ a: 1 }")))
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(!errors.contains { $0.message.contains("unknown key") })
    }
}
