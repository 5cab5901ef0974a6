import SegueExpression
import SegueModel

/// What one name an expression reads can stand for in a program, worked out once when the program is compiled:
/// the slot that holds it in each place it may be read from, so evaluation reads slots instead of searching scopes by
/// text. `MachineScope` asks in the order the language's scoping rule gives (locals, `event`, the screen's data, the
/// flow's data, implicit names, then named values).
public struct NameBinding: Sendable {
    public let name: String
    /// The implicit name it is (`form`, `device`, …), if it is one.
    public let implicit: ImplicitName?
    /// Its slot in the flow's data, or -1.
    public let dataSlot: Int
    /// Per screen (by index), its slot in that screen's parameters and data, or -1; empty when no screen has it.
    public let screenSlots: [Int32]
    /// Per screen, its index in that screen's named values, or -1; empty when no screen names a value so.
    public let screenLets: [Int32]
    /// Per component use (`Program.componentLets`), its index in that use's named values, or -1; empty when none.
    public let componentLets: [Int32]
    /// Its index in the flow's named values, or -1.
    public let flowLet: Int

    init(_ name: String, in program: Program) {
        self.name = name
        implicit = ImplicitName(rawValue: name)
        dataSlot = program.dataIndex[name] ?? -1
        screenSlots = Self.slots(program.screens.map { $0.slotIndex[name] })
        screenLets = Self.slots(program.screens.map { $0.letIndex[name] })
        componentLets = Self.slots(program.componentLets.map { $0.index[name] })
        flowLet = program.letIndex[name] ?? -1
    }

    /// `found` as slots, -1 where absent; empty when nothing has one.
    private static func slots(_ found: [Int?]) -> [Int32] {
        guard found.contains(where: { $0 != nil }) else { return [] }
        return found.map { Int32($0 ?? -1) }
    }

    /// The slot `slots` gives for `index`, or nil.
    @inline(__always)
    static func slot(_ slots: [Int32], at index: Int) -> Int? {
        guard index >= 0, index < slots.count else { return nil }
        let slot = slots[index]
        return slot >= 0 ? Int(slot) : nil
    }
}

extension Program {
    /// Binds every name the program's expressions read to an entry of `names`, so the machine reads it by slot.
    /// Run once, after everything that declares a name has been compiled.
    mutating func bindNames() {
        var index: [String: Int] = [:]
        var bindings: [NameBinding] = []
        let program = self
        func id(_ name: String) -> Int? {
            if let id = index[name] { return id }
            index[name] = bindings.count
            bindings.append(NameBinding(name, in: program))
            return bindings.count - 1
        }
        for position in expressions.indices {
            expressions[position].body = expressions[position].body.resolvingNames(id)
        }
        names = bindings
        nameIndex = index
    }

    /// The binding of `name`: the one its expressions share, or one worked out now for a name none of them reads.
    public func binding(of name: String) -> NameBinding {
        if let id = nameIndex[name] { return names[id] }
        return NameBinding(name, in: self)
    }
}

extension CompiledExpression.Body {
    func resolvingNames(_ id: (String) -> Int?) -> CompiledExpression.Body {
        switch self {
        case .constant: self
        case .expression(let expression): .expression(expression.resolvingNames(id))
        case .template(let template): .template(template.resolvingNames(id))
        }
    }
}
