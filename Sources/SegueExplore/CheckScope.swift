import SegueExpression
import SegueMachine
import SegueModel

/// The finite scope `segue check` explores a flow whose data grows in (Alloy's small-scope hypothesis, TLC's state
/// constraints): a step that makes a list longer than `listItems`, or takes a whole number further from zero than
/// `counters`, is not followed, and a clean result says it is clean within this scope (docs/check.md, "Scope").
///
/// What a service answers is never cut (a page of 50 entries is a sample, not growth): only the flow's own steps
/// (taps, edits, timers, events) are. `counters` is never below the largest whole number the flow writes, so a
/// comparison such as `taps >= 10` is still reached.
///
///     CheckScope(listItems: 3, program: program).description   // "lists ≤ 3 items, counters within ±10"
public struct CheckScope: Sendable, CustomStringConvertible {
    /// The most items a list grown by the flow's own steps may hold.
    public var listItems: Int
    /// The largest magnitude a whole number may reach by the flow's own steps.
    public var counters: Int
    /// The names of the flow's data by slot, and of each screen's variables by screen and slot: read for each step
    /// without copying the program (a copy retains every array in it).
    private let dataNames: [String]
    private let screenSlotNames: [[String]]

    /// The default list bound (`--scope` changes it).
    public static let defaultListItems = 3
    /// Counters go at least this far whatever the flow's literals.
    static let smallestCounterBound = 8

    public init(listItems: Int = CheckScope.defaultListItems, program: Program) {
        self.listItems = listItems
        counters = max(Self.smallestCounterBound, Self.largestWholeLiteral(in: program) + 1)
        dataNames = program.data.map(\.name)
        screenSlotNames = program.screens.map { $0.slots.map(\.name) }
    }

    public var description: String { "lists ≤ \(listItems) items, counters within ±\(counters)" }

    /// What the step from `old` to `new` took out of scope (`` `people` grew past 3 items ``), or nil when it stays in.
    func exceeded(from old: MachineState, to new: MachineState) -> String? {
        for slot in new.data.indices where slot < dataNames.count {
            if let what = exceeded(
                dataNames[slot], old.data.indices.contains(slot) ? old.data[slot] : nil,
                new.data[slot])
            {
                return what
            }
        }
        guard let top = new.topInstance, !top.values.isEmpty, let before = old.instance(top.id) else { return nil }
        guard screenSlotNames.indices.contains(top.screen) else { return nil }
        let slots = screenSlotNames[top.screen]
        for slot in top.values.indices where slot < slots.count && slot < before.values.count {
            if let what = exceeded(slots[slot], before.values[slot], top.values[slot]) { return what }
        }
        return nil
    }

    private func exceeded(_ name: String, _ old: Value?, _ new: Value) -> String? {
        switch new {
        case .list(let items) where items.count > listItems:
            guard case .list(let before)? = old, before.count >= items.count else {
                return "`\(name)` grew past \(listItems) items"
            }
        case .int(let value) where value.magnitude > UInt(counters):
            guard case .int(let before)? = old, before.magnitude >= value.magnitude else {
                return "`\(name)` went past ±\(counters)"
            }
        default: break
        }
        return nil
    }

    /// The largest magnitude of a whole number written in the flow's expressions.
    static func largestWholeLiteral(in program: Program) -> Int {
        var largest = 0
        func note(_ value: Value) {
            switch value {
            case .int(let number): largest = max(largest, Int(clamping: number.magnitude))
            case .number(let number) where number.rounded() == number && number.magnitude < 1e15:
                largest = max(largest, Int(number.magnitude))
            default: break
            }
        }
        func scan(_ expression: Expression) {
            if case .literal(let value) = expression.kind { note(value) }
            expression.kind.children.forEach(scan)
        }
        for compiled in program.expressions {
            switch compiled.body {
            case .constant(let value): note(value)
            case .expression(let expression): scan(expression)
            case .template(let template): template.expressions.forEach(scan)
            }
        }
        return largest
    }
}
