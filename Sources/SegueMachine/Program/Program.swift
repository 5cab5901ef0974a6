import SegueExpression
import SegueModel

/// A flow compiled for execution: every name interned to an integer, every action list lowered to instructions.
///
///     let program = try Compiler.compile(flow)
///     let machine = Machine(program: program)
///     let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
public struct Program: Sendable {
    public var flowID: String
    /// The screen the flow starts on.
    public var start: Int
    public var screens: [ScreenProgram]
    public var screenIndex: [String: Int]
    /// Event names by id; `send`, `on:` and paging events share one table.
    public var events: [String]
    public var eventIndex: [String: Int]
    /// The flow's data variables by slot.
    public var data: [VariableProgram]
    public var dataIndex: [String: Int]
    /// Every action list of the flow, each ending in `.end`; handlers and hooks are entry points into it.
    public var code: [Instruction]
    public var expressions: [CompiledExpression]
    /// Every name the expressions read, bound to its slots (`NameBinding`); `Expression.Kind.resolved` ids index it.
    public internal(set) var names: [NameBinding] = []
    public internal(set) var nameIndex: [String: Int] = [:]
    /// The flow's `on_error`, the last handler before the default error alert.
    public var onError: Int?
    /// The flow's own `on:`: the last responder, for events no screen on the stack takes.
    public var handlers = HandlerTable()
    /// Named timers (`after: … id: countdown`) by id.
    public var timerNames: [String]
    public var theme: Value
    /// The service of kind `defaults` that `from_defaults` keys are read from, if the flow declares one.
    public var defaultsService: String?
    /// Declared services by name, with their kinds.
    public var services: [String: ServiceDeclaration.Kind]
    /// Per API service, the codes its declaration marks `empty` (`00`: answered, nothing there); an `ok` outcome
    /// with null data takes a call's branch for such a code when it has one.
    public var emptyCodes: [String: [String]]
    /// The code a playback timer runs when a line ends (`advancePlayback`); -1 when no screen plays lines.
    public var playbackEntry: Int = -1
    /// Some screen has `always:` transitions, final states or history: the step runs the full statechart loop.
    public var hasStatechartExtras: Bool = false
    /// `session.name`: the flow's `title`, else its name.
    public var sessionName: String = ""
    /// Record types' computed fields by type name, for tools that show a record (the REPL's `data`).
    public var computedFields: [String: ComputedFields] = [:]
    /// The flow's own functions (`functions:`), typed by the checker, by name.
    public var functions: [String: FlowFunction] = [:]
    /// Some expression reads `current_event`: only then does each event taken record it (`MachineState.currentEvent`).
    public var readsCurrentEvent: Bool = false
    /// The id of `error.execution` when some handler key matches it (run-time evaluation errors are raised as
    /// that event to a screen that handles it), else -1.
    public var executionErrorEvent: Int = -1
    /// `error.communication`'s event id when some handler key takes it (a send that cannot reach its target), else -1.
    public var communicationErrorEvent: Int = -1
    /// The flow's `invariants:`, then its `reachable:` and `always_possible:` conditions, in the order written.
    public var properties: [PropertyProgram] = []
    /// Every form field name of every screen, sorted: the fields a property's `form` has.
    public var formFieldNames: [String] = []
    /// The flow's named values (`let:`), computed when an expression reads them.
    public var lets: [NamedValueProgram] = []
    public var letIndex: [String: Int] = [:]
    /// Each component use's named values; a frame's `component` indexes them.
    public var componentLets: [ComponentLetsProgram] = []
    /// The flow's `locale:` (nil: the device's) and its `messages:`, from which each run's `MessageBook` is made.
    public var locale: String?
    public var messageOverrides: [MessageID: MessageBook.Override] = [:]
    /// Every state's `invoke:`, by index (`StateProgram.invocations` lists a state's).
    public var invocations: [InvocationProgram] = []

    /// The texts a run on a device with this locale shows.
    public func messages(deviceLocale: String) -> MessageBook {
        MessageBook(
            language: MessageBook.language(flowLocale: locale, deviceLocale: deviceLocale), overrides: messageOverrides)
    }

    /// The id of a screen by name, for tools at the edge (REPL, tests); the machine itself never looks names up.
    public func screen(named name: String) -> Int? { screenIndex[name] }
    public func event(named name: String) -> Int? { eventIndex[name] }

    /// The event a name sent at run time is dispatched as, by SCXML's descriptor rules: itself, or the longest
    /// event the program knows that the same handler keys take (`foo.bar` for `foo.bar.baz`, `*`); nil when no
    /// handler key can take it (`EventDescriptor.dispatchName`).
    public func event(matching name: String) -> Int? {
        EventDescriptor.dispatchName(for: name) { eventIndex[$0] != nil }.flatMap { eventIndex[$0] }
    }

    /// Whether some handler key of the flow, a screen or a nested state takes `event`.
    public func isHandled(_ event: Int) -> Bool {
        handlers.handler(for: event) != nil
            || screens.contains { screen in
                screen.handlers.handler(for: event) != nil
                    || screen.states.contains { $0.handlers.handler(for: event) != nil }
            }
    }

    /// The first declared service of kind `audio` (by name), which playback asks for line timelines.
    public var audioService: String? { services.filter { $0.value == .audio }.keys.min() }
}

/// A named value: the expression computed each time it is read.
public struct NamedValueProgram: Sendable {
    public var name: String
    public var value: Int
}

/// One use of a component's named values (`let:`), compiled where the component is used.
public struct ComponentLetsProgram: Sendable {
    public var component: String
    public var values: [NamedValueProgram]
    public var index: [String: Int]
}

/// A data variable: a slot with a default, optionally persisted or read from the defaults service.
public struct VariableProgram: Sendable {
    public var name: String
    public let type: String
    public var initial: Int?
    public var persist: Bool
    public var defaultsKey: String?
    /// What of a value written into it is kept as a number, read once from `type`: writes are on the hot path.
    private let numbers: Numbers

    /// Which whole numbers a variable keeps as numbers: none, the value (`number`, `number?`), or the items of
    /// a list (`list<number>`).
    private enum Numbers: Sendable {
        case none, value, items
    }

    public init(name: String, type: String, initial: Int?, persist: Bool, defaultsKey: String?) {
        self.name = name
        self.type = type
        self.initial = initial
        self.persist = persist
        self.defaultsKey = defaultsKey
        numbers = Self.numbers(declaredAs: type)
    }

    private static func numbers(declaredAs type: String) -> Numbers {
        var declared = Substring(type)
        if declared.hasSuffix("?") { declared = declared.dropLast() }
        switch declared {
        case "number": return .value
        case "list<number>": return .items
        default: return .none
        }
    }

    /// `value` as the declared type holds it: a whole number stored in a `number` (or `number?`, or an item of a
    /// `list<number>`) is a number, so `1 / d` with `d: { type: number, default: 4 }` is 0.25, not 0, whether the
    /// value came from a default, a `set:`, a parameter, saved data or a service.
    public func holding(_ value: Value) -> Value {
        switch (numbers, value) {
        case (.value, .int(let whole)): return .number(Double(whole))
        case (.items, .list(let items)) where items.contains(where: { if case .int = $0 { true } else { false } }):
            return .list(items.map { if case .int(let whole) = $0 { .number(Double(whole)) } else { $0 } })
        default: return value
        }
    }
}

/// One screen of the program.
public struct ScreenProgram: Sendable {
    public var name: String
    public var title: Int?
    public var navigation: Bool
    /// Parameters first (`parameterCount` of them), then the screen's own data.
    public var slots: [VariableProgram]
    public var parameterCount: Int
    public var slotIndex: [String: Int]
    public var elements: [ElementProgram]
    /// The form: one entry per `field` element, in order.
    public var fields: [FieldProgram]
    public var fieldIndex: [String: Int]
    public var onEnter: Int?
    public var onExit: Int?
    public var onError: Int?
    public var handlers: HandlerTable
    /// Nested states in document order (pre-order), so a smaller id is never inside a larger one's subtree.
    public var states: [StateProgram]
    public var stateIndex: [String: Int]
    /// The top-level states entered with the screen: the initial one, or every region of a parallel chart.
    public var initialStates: [Int]
    public var topStates: [Int]
    public var layout: LayoutProgram?
    /// The screen's `playback:` of a script's lines, if any.
    public var playback: PlaybackProgram? = nil
    /// The screen's `recording:` of takes, if any.
    public var recording: RecordingProgram? = nil
    /// The screen's named values (`let:`), computed when its expressions read them.
    public var lets: [NamedValueProgram] = []
    public var letIndex: [String: Int] = [:]
    /// The flow's `locale:` (nil: the device's) and its `messages:`, from which each run's `MessageBook` is made.
    public var locale: String?
    public var messageOverrides: [MessageID: MessageBook.Override] = [:]

    /// The texts a run on a device with this locale shows.
    public func messages(deviceLocale: String) -> MessageBook {
        MessageBook(
            language: MessageBook.language(flowLocale: locale, deviceLocale: deviceLocale), overrides: messageOverrides)
    }

    public func element(named name: String) -> Int? { elements.firstIndex { $0.name == name } }
}

/// Margins, scrolling and list style, resolved when the screen is rendered.
public struct LayoutProgram: Sendable {
    public var margins: Int?
    public var scroll: Bool
    public var bottomInset: Int?
    public var style: String?
}

/// The event handlers of a screen or a state, looked up by event id in a dense table.
public struct HandlerTable: Sendable {
    public var handlers: [HandlerProgram] = []
    /// `table[event]` is an index into `handlers`, or -1; empty when there are no handlers.
    public var table: [Int32] = []
    /// `direct[event]` is the entry of a handler with one unguarded alternative, or -1: dispatch without a copy.
    public var direct: [Int32] = []

    /// The entry point when the event's handler is a single unguarded action list.
    public func directEntry(for event: Int) -> Int? {
        guard event < direct.count else { return nil }
        let entry = Int(direct[event])
        return entry < 0 ? nil : entry
    }

    public func handler(for event: Int) -> HandlerProgram? {
        guard event < table.count else { return nil }
        let index = Int(table[event])
        return index < 0 ? nil : handlers[index]
    }
}

/// How one event is answered: guarded alternatives tried in order.
public struct HandlerProgram: Sendable {
    public struct Alternative: Sendable {
        public var guardExpression: Int?
        public var entry: Int
        /// The states a transition enters (`goto:` as a key; several: one in each of several parallel regions),
        /// empty for a targetless one.
        public var targets: [Int] = []
        /// `type: internal`: into the source's own descendants without exiting the source.
        public var isInternal: Bool = false
        /// For conflicts between regions only: the target of a targetless alternative's first top-level `goto`
        /// action (it will switch there), or -1.
        public var impliedTarget: Int = -1

        public init(guardExpression: Int?, entry: Int, targets: [Int] = [], isInternal: Bool = false) {
            self.guardExpression = guardExpression
            self.entry = entry
            self.targets = targets
            self.isInternal = isInternal
        }
    }

    public var event: Int
    public var alternatives: [Alternative]
}

/// One nested state of a screen's statechart.
public struct StateProgram: Sendable {
    public var name: String
    /// -1 for a top-level state.
    public var parent: Int
    public var children: [Int]
    /// Children entered by default: the initial child, or all children of a parallel state.
    public var initialChildren: [Int]
    public var parallel: Bool
    public var onEnter: Int?
    public var onExit: Int?
    public var handlers: HandlerTable
    /// `final: true`: entering it completes the parent; at the top of the screen's states it ends the flow.
    public var isFinal: Bool = false
    /// A history pseudo-state's depth, or nil for a real state.
    public var history: HistoryDepth? = nil
    /// A history state's `default:` transition (its target and actions), or nil.
    public var historyDefault: HandlerProgram.Alternative? = nil
    /// `initial_do:`: the entry of the initial transition's actions, run after `on_enter` on a default entry.
    public var initialEntry: Int? = nil
    /// Eventless transitions (`always:`), in document order.
    public var always: [HandlerProgram.Alternative] = []
    /// The id of `done.state.<name>`, raised when the state completes; -1 when it cannot.
    public var doneEvent: Int = -1
    /// A final state's `done_data` expression: the payload of the done event it raises.
    public var doneData: Int? = nil
    /// The invocations (`Program.invocations` indices) started when the state is entered, in document order.
    public var invocations: [Int] = []
}
