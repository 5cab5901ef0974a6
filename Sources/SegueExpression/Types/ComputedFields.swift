/// The computed fields of one record type (`let:` under `types:`): expressions over the record's own fields,
/// computed each time one is read, never stored.
///
///     types:
///       Entry:
///         name: string
///         surname: string
///         let: { full_name: "name + ' ' + surname" }
///
/// A read such as `entry.full_name` is lowered by the checker into an `Expression.Kind.computedField` node that
/// carries these bodies, so the evaluator needs nothing from its scope to compute it.
public struct ComputedFields: Sendable, Hashable {
    /// The record type's name.
    public var record: String
    /// Each computed field's expression, its own reads of other records' computed fields already lowered.
    public var bodies: [String: Expression]
    /// Each computed field's type, as the checker found it.
    public var types: [String: ValueType]
    /// The computed fields' names in declaration order, for listing them.
    public var names: [String]

    public init(record: String, bodies: [String: Expression], types: [String: ValueType], names: [String]? = nil) {
        self.record = record
        self.bodies = bodies
        self.types = types
        self.names = names ?? bodies.keys.sorted()
    }

    /// The computed field `name` of a record with these stored `fields`, computed now; nil when there is none.
    public func value(of name: String, in fields: [String: Value]) -> Result<Value, EvaluationError>? {
        bodies[name].map { Evaluator(scope: RecordFieldScope(fields: fields, computed: self)).evaluate($0) }
    }
}

/// A read of a computed field the type checker found: the member (or literal index) node's range, and whose.
public struct ComputedFieldRead: Sendable, Hashable {
    /// The whole `base.name` (or `base['name']`) node.
    public var range: TextRange
    public var record: String
    public var field: String

    public init(range: TextRange, record: String, field: String) {
        self.range = range
        self.record = record
        self.field = field
    }
}

extension Expression {
    /// The expression with each read in `reads` replaced by a node computing the field from `fields`; a read whose
    /// record has no entry in `fields` stays as written.
    public func lowering(_ reads: [ComputedFieldRead], fields: [String: ComputedFields]) -> Expression {
        guard !reads.isEmpty else { return self }
        let byRange = Dictionary(reads.map { ($0.range, $0) }, uniquingKeysWith: { first, _ in first })
        return lowered(byRange, fields)
    }

    private func lowered(_ reads: [TextRange: ComputedFieldRead], _ fields: [String: ComputedFields]) -> Expression {
        if let read = reads[range], let computed = fields[read.record], computed.bodies[read.field] != nil {
            switch kind {
            case .member(let base, _, let nameRange):
                return Expression(
                    .computedField(base.lowered(reads, fields), name: read.field, nameRange: nameRange, computed),
                    at: range)
            case .index(let base, let index):
                return Expression(
                    .computedField(base.lowered(reads, fields), name: read.field, nameRange: index.range, computed),
                    at: range)
            default: break
            }
        }
        let kind: Kind
        switch self.kind {
        case .literal, .name, .resolved, .computedField: return self
        case .list(let items): kind = .list(items.map { $0.lowered(reads, fields) })
        case .record(let entries):
            kind = .record(
                entries.map {
                    RecordField(name: $0.name, nameRange: $0.nameRange, value: $0.value.lowered(reads, fields))
                })
        case .member(let base, let name, let nameRange):
            kind = .member(base.lowered(reads, fields), name: name, nameRange: nameRange)
        case .index(let base, let index): kind = .index(base.lowered(reads, fields), index.lowered(reads, fields))
        case .call(let function, let functionRange, let arguments):
            kind = .call(
                function: function, functionRange: functionRange, arguments: arguments.map { $0.lowered(reads, fields) }
            )
        case .lambda(let parameter, let parameterRange, let body):
            kind = .lambda(parameter: parameter, parameterRange: parameterRange, body: body.lowered(reads, fields))
        case .labeled(let label, let labelRange, let value):
            kind = .labeled(label: label, labelRange: labelRange, value: value.lowered(reads, fields))
        case .unary(let op, let operand): kind = .unary(op, operand.lowered(reads, fields))
        case .binary(let op, let left, let right):
            kind = .binary(op, left.lowered(reads, fields), right.lowered(reads, fields))
        case .conditional(let condition, let then, let otherwise):
            kind = .conditional(
                condition.lowered(reads, fields), then: then.lowered(reads, fields),
                else: otherwise.lowered(reads, fields))
        }
        return Expression(kind, at: range)
    }
}

extension Template {
    /// The template with each interpolated expression lowered (`Expression.lowering`).
    public func lowering(_ reads: [ComputedFieldRead], fields: [String: ComputedFields]) -> Template {
        guard !reads.isEmpty else { return self }
        return Template(
            segments: segments.map { segment in
                guard case .expression(let expression, let range) = segment else { return segment }
                return .expression(expression.lowering(reads, fields: fields), range)
            })
    }
}
