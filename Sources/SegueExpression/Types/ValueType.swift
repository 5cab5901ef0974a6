/// The static type of an expression or variable.
///
/// `int` widens to `number`, `null` fits any `optional`, and `any` (dynamic data) fits everything both ways.
public indirect enum ValueType: Sendable, Hashable {
    case any
    case null
    case bool
    case int
    case number
    case string
    /// A calendar day; at run time its ISO text (`"2014-03-27"`), so days compare, print and save as that text.
    case date
    case list(ValueType)
    case record(RecordType)
    /// `map<string, T>`: any number of `string` keys, each holding a `T`; at run time a record value.
    case map(ValueType)
    case optional(ValueType)

    /// Whether a value of this type may be used where `target` is expected.
    ///
    ///     ValueType.int.isAssignable(to: .optional(.number))  // true
    public func isAssignable(to target: ValueType) -> Bool {
        switch (self, target) {
        case (.any, _), (_, .any): return true
        case (.int, .number), (.null, .optional): return true
        case (.optional(let wrapped), .optional(let targetWrapped)): return wrapped.isAssignable(to: targetWrapped)
        case (_, .optional(let wrapped)): return isAssignable(to: wrapped)
        case (.list(let element), .list(let targetElement)): return element.isAssignable(to: targetElement)
        case (.record(let record), .record(let targetRecord)): return record.isAssignable(to: targetRecord)
        case (.map(let element), .map(let targetElement)): return element.isAssignable(to: targetElement)
        // A literal `{Hamlet: 0.5}` (an anonymous record) is a map when every field fits.
        case (.record(let record), .map(let targetElement)):
            return record.name == nil && record.fields.allSatisfy { $0.type.isAssignable(to: targetElement) }
        default: return self == target
        }
    }

    /// The type without an `optional` wrapper.
    public var unwrapped: ValueType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Whether `null` is a possible value.
    public var allowsNull: Bool {
        switch self {
        case .any, .null, .optional: true
        default: false
        }
    }

    /// What a variable of this type holds when it declares no default: `0`, `""`, `false`, `[]`, `{}`; `null` for
    /// optionals, records and `any`.
    public var emptyValue: Value {
        switch self {
        case .int: .int(0)
        case .number: .number(0)
        case .string: .string("")
        case .date: .string(CalendarDay.epoch.iso)
        case .bool: .bool(false)
        case .list: .list([])
        case .map: .record([:])
        case .any, .null, .record, .optional: .null
        }
    }

    /// The type wrapped in `optional` unless it already admits `null`.
    public var madeOptional: ValueType {
        allowsNull ? self : .optional(self)
    }

    /// Whether values are `int` or `number` (or `any`).
    var isNumeric: Bool {
        switch self {
        case .int, .number, .any: true
        default: false
        }
    }

    /// The narrowest type both fit, for `c ? a : b` and list literals; nil when they have nothing in common.
    public func joined(with other: ValueType) -> ValueType? {
        if self == other { return self }
        switch (self, other) {
        case (.any, _), (_, .any): return .any
        case (.null, let some), (let some, .null): return some.madeOptional
        case (.optional(let a), let b), (let b, .optional(let a)): return a.joined(with: b.unwrapped)?.madeOptional
        case (.int, .number), (.number, .int): return .number
        case (.list(let a), .list(let b)): return a.joined(with: b).map { .list($0) }
        case (.map(let a), .map(let b)): return a.joined(with: b).map { .map($0) }
        case (.map(let element), .record(let record)), (.record(let record), .map(let element)):
            return ValueType.record(record).isAssignable(to: .map(element)) ? .map(element) : nil
        case (.record(let a), .record(let b)):
            if a.isAssignable(to: b) { return .record(b) }
            if b.isAssignable(to: a) { return .record(a) }
            return nil
        default: return nil
        }
    }

    /// Builds the type of a run-time value: `[1, 2]` is `list<int>`, `[]` is `list<any>`.
    public init(of value: Value) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .int: self = .int
        case .number: self = .number
        case .string: self = .string
        case .list(let items):
            let types = items.map(ValueType.init(of:))
            let element = types.dropFirst().reduce(types.first ?? .any) { $0.joined(with: $1) ?? .any }
            self = .list(element)
        case .record(let fields):
            let sorted = fields.sorted { $0.key < $1.key }
            self = .record(
                RecordType(fields: sorted.map { RecordType.Field(name: $0.key, type: ValueType(of: $0.value)) }))
        }
    }
}

extension ValueType: CustomStringConvertible {
    /// The type as written in YAML: `list<string>`, `int?`, `Profile`, `{name: string}`.
    public var description: String {
        switch self {
        case .any: "any"
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .number: "number"
        case .string: "string"
        case .date: "date"
        case .list(let element): "list<\(element)>"
        case .record(let record): record.description
        case .map(let element): "map<string, \(element)>"
        case .optional(let wrapped): "\(wrapped)?"
        }
    }
}

/// The shape of a record: an optional name (declared in the flow's `types:`) and ordered fields.
public struct RecordType: Sendable, Hashable, CustomStringConvertible {
    public var name: String?
    public var fields: [Field]
    /// Fields computed from the others when read (a declared type's `let:`): readable, never stored or set.
    public var computed: [Field]

    /// One named field and its type.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var type: ValueType

        public init(name: String, type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    public init(name: String? = nil, fields: [Field], computed: [Field] = []) {
        self.name = name
        self.fields = fields
        self.computed = computed
    }

    /// The type of a stored field, or nil when there is none by that name.
    public func field(_ name: String) -> ValueType? {
        fields.first { $0.name == name }?.type
    }

    /// The type of a computed field, or nil when there is none by that name (or a stored field has it).
    public func computedField(_ name: String) -> ValueType? {
        field(name) == nil ? computed.first { $0.name == name }?.type : nil
    }

    /// Same name, or (when either is anonymous) every target field present with a fitting type.
    public func isAssignable(to target: RecordType) -> Bool {
        if let name, let targetName = target.name { return name == targetName }
        return target.fields.allSatisfy { targetField in
            guard let type = field(targetField.name) else { return targetField.type.allowsNull }
            return type.isAssignable(to: targetField.type)
        }
    }

    public var description: String {
        name ?? "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
    }
}
