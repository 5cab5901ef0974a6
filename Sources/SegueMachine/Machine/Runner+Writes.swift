import SegueExpression
import SegueModel

/// Writes inside a variable: `set: { person.address.city: … }`, `set: { people[i].surname: … }`, and the list
/// actions (`append`, `insert`, `remove_at`, `replace_at`) on the list a path ends at.
extension Runner {
    /// A path step with its position (or key) computed.
    enum WriteStep {
        case field(String)
        case item(Value)
    }

    /// Why a write failed: a `ServiceError` code (`nullValue`, `indexOutOfRange`, `typeMismatch`) and a message.
    struct WriteProblem: Error {
        var code: String
        var message: String
    }

    /// Writes `value` (for a list action: its item, or the position of `remove_at`) inside what the target holds, then
    /// the whole value back; a run-time failure is routed like any (false: the action list stops).
    mutating func write(_ value: Value, _ operation: AssignOperation, frame: Frame) -> Bool {
        guard let current = read(operation.target, frame: frame) else { return true }
        var steps: [WriteStep] = []
        for step in operation.path {
            switch step {
            case .field(let name): steps.append(.field(name))
            case .item(let index):
                switch evaluate(index, frame) {
                case .success(let position): steps.append(.item(position))
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
        }
        var position = value
        if let index = operation.edit?.position {
            switch evaluate(index, frame) {
            case .success(let computed): position = computed
            case .failure(let failure):
                routeError(failure.serviceError, frame: frame)
                return false
            }
        }
        let shown = steps.reduce(variableName(of: operation.target, frame: frame)) { text, step in
            switch step {
            case .field(let name): text + "." + name
            case .item(let key): text + "[\(key.literal)]"
            }
        }
        let result = Self.updating(current, at: steps[...]) { leaf in
            guard let edit = operation.edit else { return .success(value) }
            return Self.edited(leaf, edit.operation, item: value, at: position)
        }
        switch result {
        case .success(let updated):
            assign(updated, to: operation.target, frame: frame)
            return true
        case .failure(let problem):
            let verb = operation.edit?.operation.rawValue ?? "set"
            routeError(
                ServiceError(
                    service: "expression", code: problem.code,
                    message: "`\(verb)` cannot write `\(shown)`: \(problem.message)",
                    details: ["target": .string(shown)]),
                frame: frame)
            return false
        }
    }

    /// `value` with what is at `steps` replaced by `leaf` of what was there.
    static func updating(
        _ value: Value, at steps: ArraySlice<WriteStep>, _ leaf: (Value) -> Result<Value, WriteProblem>
    ) -> Result<Value, WriteProblem> {
        guard let step = steps.first else { return leaf(value) }
        switch (step, value) {
        case (.field(let name), .record(var fields)), (.item(.string(let name)), .record(var fields)):
            return updating(fields[name] ?? .null, at: steps.dropFirst(), leaf).map { inner in
                fields[name] = inner
                return .record(fields)
            }
        case (.item(let index), .list(var items)):
            guard let position = index.intValue, items.indices.contains(position) else {
                return .failure(outOfRange(index, count: items.count))
            }
            return updating(items[position], at: steps.dropFirst(), leaf).map { inner in
                items[position] = inner
                return .list(items)
            }
        case (.field, _):
            return .failure(
                WriteProblem(
                    code: value == .null ? "nullValue" : "typeMismatch",
                    message: "a record on the way to it is null or not a record"))
        case (.item, _):
            return .failure(
                WriteProblem(
                    code: value == .null ? "nullValue" : "typeMismatch",
                    message: "a list on the way to it is null or not a list (or a map)"))
        }
    }

    /// The list `list` after a list action.
    static func edited(_ list: Value, _ operation: ListEdit.Operation, item: Value, at position: Value) -> Result<
        Value, WriteProblem
    > {
        guard case .list(var items) = list else {
            let code = list == .null ? "nullValue" : "typeMismatch"
            return .failure(WriteProblem(code: code, message: "it holds \(list.literal), not a list"))
        }
        if operation == .append { return .success(.list(items + [item])) }
        let valid = operation == .insert ? 0...items.count : 0...(items.count - 1)
        guard let index = position.intValue, !items.isEmpty || operation == .insert, valid.contains(index) else {
            return .failure(outOfRange(position, count: items.count))
        }
        switch operation {
        case .insert: items.insert(item, at: index)
        case .remove: items.remove(at: index)
        case .replace: items[index] = item
        case .append: break
        }
        return .success(.list(items))
    }

    private static func outOfRange(_ index: Value, count: Int) -> WriteProblem {
        WriteProblem(
            code: "indexOutOfRange", message: "position \(index.literal) is out of range for a list of \(count) items")
    }
}
