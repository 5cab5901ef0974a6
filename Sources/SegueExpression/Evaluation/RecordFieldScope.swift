/// What a computed field's expression sees: the record's stored fields (an absent one is null) and its siblings,
/// the type's other computed fields, computed when read.
struct RecordFieldScope: ValueScope {
    let fields: [String: Value]
    let computed: ComputedFields

    func value(of name: String) -> Value? {
        if let value = fields[name], computed.bodies[name] == nil { return value }
        return computed.bodies[name] == nil ? .null : nil
    }

    func computedValue(of name: String) -> Result<Value, EvaluationError>? {
        computed.bodies[name].map { Evaluator(scope: self).evaluate($0) }
    }
}
