import SegueExpression
import SegueModel

/// A screen on the navigation stack: its parameters and data, nested states and form.
public struct ScreenInstance: Sendable, Hashable, Codable {
    /// Unique for the run; pending calls and timers name their owner by it.
    public var id: Int
    public var screen: Int
    /// Parameters, then the screen's own data, by slot.
    public var values: [Value]
    /// The active nested states as a set (one word for a chart of up to 64 states).
    var active: StateSet
    public var form: FormState
    /// How the screen came on screen.
    public var transition: TransitionKind
    /// What each history state remembers (history state id → the states it re-enters); empty until one is left.
    public var history: [Int: [Int]] = [:]

    public init(id: Int, screen: Int, values: [Value], states: [Int], form: FormState, transition: TransitionKind) {
        self.init(id: id, screen: screen, values: values, active: StateSet(states), form: form, transition: transition)
    }

    init(id: Int, screen: Int, values: [Value], active: StateSet, form: FormState, transition: TransitionKind) {
        self.id = id
        self.screen = screen
        self.values = values
        self.active = active
        self.form = form
        self.transition = transition
    }

    /// Becomes a new instance with no values, active states or fields (what a screen without data starts with).
    mutating func reset(id: Int, screen: Int, transition: TransitionKind) {
        self.id = id
        self.screen = screen
        self.transition = transition
        if !values.isEmpty { values = [] }
        if !active.isEmpty { active = StateSet() }
        if !form.fields.isEmpty || form.submitted { form = FormState() }
        if !history.isEmpty { history = [:] }
    }

    /// Hashes the fields a screen without data changes in two words, the rest only when present.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(screen &<< 8 ^ transition.ordinal)
        hasher.combine(active.bits)
        if let outside = active.outside { hasher.combine(outside) }
        if !values.isEmpty { hasher.combine(values) }
        if !form.fields.isEmpty || form.submitted { hasher.combine(form) }
        if !history.isEmpty { hasher.combine(history) }
    }

    /// Whether nested state `id` is active, without making the array `states` is.
    public func isActive(_ id: Int) -> Bool { active.contains(id) }

    /// The active nested states, ascending (document order).
    public var states: [Int] {
        get { Array(active) }
        set { active = StateSet(newValue) }
    }

    enum CodingKeys: String, CodingKey {
        case id, screen, values, states, form, transition, history
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id), screen: try container.decode(Int.self, forKey: .screen),
            values: try container.decode([Value].self, forKey: .values),
            states: try container.decode([Int].self, forKey: .states),
            form: try container.decode(FormState.self, forKey: .form),
            transition: try container.decode(TransitionKind.self, forKey: .transition))
        history = try container.decodeIfPresent([Int: [Int]].self, forKey: .history) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(screen, forKey: .screen)
        try container.encode(values, forKey: .values)
        try container.encode(states, forKey: .states)
        try container.encode(form, forKey: .form)
        try container.encode(transition, forKey: .transition)
        if !history.isEmpty { try container.encode(history, forKey: .history) }
    }
}

/// The fields of a screen's form, by field index: value, touched and dirty flags, error.
public struct FormState: Sendable, Hashable, Codable {
    /// One form field's state.
    public struct Field: Sendable, Hashable, Codable {
        public var value: Value
        public var initial: Value
        /// The user has edited the field.
        public var touched: Bool
        /// The value differs from the initial one.
        public var dirty: Bool
        /// The first failing rule's message, or nil.
        public var error: String?

        /// Hashes the value and the flags only: the initial value is nearly always the same from state to state and
        /// the error follows from the value, so hashing their texts too (an exploration hashes every form it packs)
        /// would cost without telling states apart; `==` still compares every part.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(value)
            hasher.combine(touched && dirty ? 3 : touched ? 1 : dirty ? 2 : 0)
        }

        /// Sets a new value and its error; `dirty` follows.
        mutating func update(_ newValue: Value, error newError: String?) {
            value = newValue
            dirty = newValue != initial
            error = newError
        }
    }

    public var fields: [Field]
    /// The user tried to submit: every field's error shows, touched or not.
    public var submitted: Bool = false

    /// No fields.
    public init() {
        fields = []
    }

    public init(values: [Value], errors: [String?]) {
        fields = zip(values, errors).map { Field(value: $0, initial: $0, touched: false, dirty: false, error: $1) }
    }

    public static var empty: FormState { FormState() }

    public var values: [Value] { fields.map(\.value) }
    public var touched: [Bool] { fields.map(\.touched) }
    public var dirty: [Bool] { fields.map(\.dirty) }
    public var errors: [String?] { fields.map(\.error) }

    /// Every rule of every field holds.
    public var isValid: Bool { fields.allSatisfy { $0.error == nil } }
}
