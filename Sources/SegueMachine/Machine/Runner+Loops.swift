import SegueExpression

/// `foreach`: the list is read once into a frame local, so the body may change it without changing the passes,
/// and a call inside the body suspends and resumes the loop with the frame.
extension Runner {
    /// Reads the list; false (the action list stops, `error.execution` or `on_error`) when it is not a list.
    mutating func startLoop(_ loop: ForEachOperation, at pc: inout Int, _ frame: inout Frame) -> Bool {
        let items: [Value]
        switch evaluate(loop.list, frame) {
        case .success(.list(let list)): items = list
        case .success(let other):
            let source = program.expressions[loop.list]
            routeError(
                ExpressionFailure(
                    kind: "typeMismatch", message: "`foreach` goes over a list, but this is `\(other.literal)`",
                    source: source.source, offset: 0, length: source.source.utf8.count, range: source.range
                ).serviceError, frame: frame)
            return false
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return false
        }
        var saved: [String: Value] = ["items": .list(items), "at": .int(0)]
        if let item = frame.locals[loop.item] { saved["item"] = item }
        if let index = frame.locals[loop.index] { saved["index"] = index }
        frame.locals[loop.slot] = .record(saved)
        pc += 1
        return true
    }

    /// Binds the next item, or ends the loop: the names get back what they held before it.
    mutating func nextPass(_ loop: ForEachOperation, at pc: inout Int, _ frame: inout Frame) {
        guard case .record(var saved) = frame.locals[loop.slot], case .list(let items) = saved["items"],
            case .int(let at) = saved["at"], at < items.count
        else {
            if case .record(let saved) = frame.locals[loop.slot] {
                frame.locals[loop.item] = saved["item"]
                frame.locals[loop.index] = saved["index"]
            }
            frame.locals[loop.slot] = nil
            pc = loop.exit
            return
        }
        frame.locals[loop.item] = items[at]
        frame.locals[loop.index] = .int(at)
        saved["at"] = .int(at + 1)
        frame.locals[loop.slot] = .record(saved)
        pc += 1
    }
}
