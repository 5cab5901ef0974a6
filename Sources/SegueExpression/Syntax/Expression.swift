/// A parsed expression: a tree whose every node knows its span of the source string.
///
///     let condition = try Expression.parse("len(name) > 0 && accepted")
///     condition.range  // TextRange(0, 25)
public struct Expression: Sendable, Hashable {
    public let kind: Kind
    public let range: TextRange
    /// The number of nodes on the longest path down from this one (1 for a leaf), which bounds recursion.
    public let height: Int

    public init(_ kind: Kind, at range: TextRange) {
        self.kind = kind
        self.range = range
        self.height = 1 + kind.children.reduce(0) { Swift.max($0, $1.height) }
    }

    /// The shape of one node.
    public indirect enum Kind: Sendable, Hashable {
        /// `1`, `2.5`, `'text'`, `true`, `null`.
        case literal(Value)
        /// A variable such as `user` or `device`.
        case name(String)
        /// `[a, b]`.
        case list([Expression])
        /// `{title: a, "two words": b}`, fields in source order.
        case record([RecordField])
        /// `base.name`; `nameRange` covers the field name alone.
        case member(Expression, name: String, nameRange: TextRange)
        /// `base[index]`.
        case index(Expression, Expression)
        /// `name(arguments…)`, or `first.name(rest…)`, which is the same call with `first` as its first argument;
        /// only built-in functions (and the flow's `functions:`) can be called.
        case call(function: String, functionRange: TextRange, arguments: [Expression])
        /// `p => p.done`: a function argument (of `filter`, `map`, …) whose parameter `p` is bound to each item while
        /// `body` is evaluated. The parser makes one only as an argument of a call.
        case lambda(parameter: String, parameterRange: TextRange, body: Expression)
        /// `decimals: 1`: an argument passed by its label. The parser makes one only as a call's last argument.
        case labeled(label: String, labelRange: TextRange, value: Expression)
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        /// `condition ? then : else`.
        case conditional(Expression, then: Expression, else: Expression)
        /// `base.name` where `name` is a computed field of `base`'s record type (`let:` under `types:`), as the
        /// checker lowers it: `fields` holds the expressions computing it. The parser never makes one.
        case computedField(Expression, name: String, nameRange: TextRange, ComputedFields)
        /// A name bound once, at compile time, to an entry of the program's table of names: the runtime reads it
        /// through `ValueScope.value(of: ResolvedName)` without searching scopes by text. Only the runtime's
        /// compiler makes one (`Expression.resolvingNames`), after the checker has accepted the name.
        case resolved(ResolvedName)
    }

    /// One `key: value` entry of a record literal.
    public struct RecordField: Sendable, Hashable {
        public var name: String
        public var nameRange: TextRange
        public var value: Expression

        public init(name: String, nameRange: TextRange, value: Expression) {
            self.name = name
            self.nameRange = nameRange
            self.value = value
        }
    }
}

/// A name an expression reads, with the id its program gave it.
public struct ResolvedName: Sendable, Hashable {
    public let name: String
    /// An index into the table of names of whoever resolved it (the runtime's `Program.names`).
    public let id: Int

    public init(name: String, id: Int) {
        self.name = name
        self.id = id
    }
}

/// A prefix operator.
public enum UnaryOperator: String, Sendable, Hashable, CaseIterable {
    case not = "!"
    case negate = "-"
}

/// An infix operator; `rawValue` is how it is written.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case add = "+"
    case subtract = "-"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case contains = "in"
    /// `a ?? b`: `a` unless it is null, then `b` (evaluated only then).
    case coalesce = "??"
    case and = "&&"
    case or = "||"

    /// Binding strength: higher binds tighter. The conditional `?:` is 1, unary operators 9.
    ///
    /// `??` sits between comparison and arithmetic, as in Swift: `a ?? 0 + 1` is `a ?? (0 + 1)` and
    /// `name ?? '' == ''` is `(name ?? '') == ''`.
    public var precedence: Int {
        switch self {
        case .or: 2
        case .and: 3
        case .equal, .notEqual: 4
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .contains: 5
        case .coalesce: 6
        case .add, .subtract: 7
        case .multiply, .divide, .remainder: 8
        }
    }

    /// Whether `a op b op c` groups to the right: only `??` (`a ?? b ?? c` is `a ?? (b ?? c)`).
    public var isRightAssociative: Bool { self == .coalesce }
}

extension Expression.Kind {
    /// The direct sub-expressions, in source order.
    public var children: [Expression] {
        switch self {
        case .literal, .name, .resolved: []
        case .list(let items): items
        case .record(let fields): fields.map(\.value)
        case .member(let base, _, _), .computedField(let base, _, _, _): [base]
        case .index(let base, let index): [base, index]
        case .call(_, _, let arguments): arguments
        case .lambda(_, _, let body): [body]
        case .labeled(_, _, let value): [value]
        case .unary(_, let operand): [operand]
        case .binary(_, let left, let right): [left, right]
        case .conditional(let condition, let then, let otherwise): [condition, then, otherwise]
        }
    }
}

extension Expression.Kind {
    var isLabeled: Bool {
        if case .labeled = self { return true }
        return false
    }
}

extension Expression {
    /// The variable names the expression reads (not function names or fields), for dependency tracking.
    public var referencedNames: Set<String> {
        var names: Set<String> = []
        collectNames(into: &names)
        return names
    }

    private func collectNames(into names: inout Set<String>) {
        switch kind {
        case .name(let name): names.insert(name)
        case .resolved(let resolved): names.insert(resolved.name)
        case .lambda(let parameter, _, let body):
            // The parameter is bound inside the body, not read from outside.
            var inner: Set<String> = []
            body.collectNames(into: &inner)
            inner.remove(parameter)
            names.formUnion(inner)
            return
        default: break
        }
        for child in kind.children { child.collectNames(into: &names) }
    }

    /// The expression with every name bound to the id `id(name)` gives (names it gives nil for stay as they are).
    /// The expressions of a computed field are left alone: they read the fields of their record, not names.
    public func resolvingNames(_ id: (String) -> Int?) -> Expression {
        let bound: Kind
        switch kind {
        case .literal, .resolved: return self
        case .name(let name):
            guard let id = id(name) else { return self }
            bound = .resolved(ResolvedName(name: name, id: id))
        case .list(let items): bound = .list(items.map { $0.resolvingNames(id) })
        case .record(let fields):
            bound = .record(
                fields.map { RecordField(name: $0.name, nameRange: $0.nameRange, value: $0.value.resolvingNames(id)) })
        case .member(let base, let name, let nameRange):
            bound = .member(base.resolvingNames(id), name: name, nameRange: nameRange)
        case .computedField(let base, let name, let nameRange, let computed):
            bound = .computedField(base.resolvingNames(id), name: name, nameRange: nameRange, computed)
        case .index(let base, let index): bound = .index(base.resolvingNames(id), index.resolvingNames(id))
        case .call(let function, let functionRange, let arguments):
            bound = .call(
                function: function, functionRange: functionRange, arguments: arguments.map { $0.resolvingNames(id) })
        case .lambda(let parameter, let parameterRange, let body):
            // The parameter is bound by the lambda, inside its body: it stays a name there, read from the lambda's
            // scope; every other name the body reads is bound as anywhere else.
            bound = .lambda(
                parameter: parameter, parameterRange: parameterRange,
                body: body.resolvingNames { $0 == parameter ? nil : id($0) })
        case .labeled(let label, let labelRange, let value):
            bound = .labeled(label: label, labelRange: labelRange, value: value.resolvingNames(id))
        case .unary(let op, let operand): bound = .unary(op, operand.resolvingNames(id))
        case .binary(let op, let left, let right): bound = .binary(op, left.resolvingNames(id), right.resolvingNames(id))
        case .conditional(let condition, let then, let otherwise):
            bound = .conditional(
                condition.resolvingNames(id), then: then.resolvingNames(id), else: otherwise.resolvingNames(id))
        }
        return Expression(bound, at: range)
    }
}

extension Expression.Kind {
    /// The variable this node reads, bound or not; nil for every other node.
    public var readName: String? {
        switch self {
        case .name(let name): name
        case .resolved(let resolved): resolved.name
        default: nil
        }
    }
}

extension Expression: CustomStringConvertible {
    /// The expression with every operation parenthesized, showing how it was grouped: `(1 + (2 * 3))`.
    public var description: String {
        switch kind {
        case .literal(let value): return value.literal
        case .name(let name): return name
        case .resolved(let resolved): return resolved.name
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let fields):
            return "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        case .member(let base, let name, _), .computedField(let base, let name, _, _): return "\(base).\(name)"
        case .index(let base, let index): return "\(base)[\(index)]"
        case .call(let function, _, let arguments):
            return function + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .lambda(let parameter, _, let body): return "(\(parameter) => \(body))"
        case .labeled(let label, _, let value): return "\(label): \(value)"
        case .unary(let op, let operand): return "(\(op.rawValue)\(operand))"
        case .binary(let op, let left, let right): return "(\(left) \(op.rawValue) \(right))"
        case .conditional(let condition, let then, let otherwise): return "(\(condition) ? \(then) : \(otherwise))"
        }
    }
}
