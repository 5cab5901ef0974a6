import SegueExpression
import Testing

@testable import SegueMachine

/// Every name a compiled expression reads is bound to the program's table of names, and reading by slot keeps the
/// scoping rule: a screen's own data before the flow's, a named value computed where it is declared.
@Suite struct NameBindingTests {
    static let flow = """
        segue: 1
        flow: bound
        start: main
        data:
          count: { type: int, default: 1 }
          title: { type: string, default: "'flow'" }
        let:
          doubled: count * 2
        screens:
          main:
            data:
              title: { type: string, default: "'screen'" }
            elements:
              - text: summary
                value: "${title} ${doubled} ${device.os_version}"
              - button: add
                label: Add
                tap: { set: { count: "count + doubled" } }
        """

    /// The names a tree reads unbound (`.name` nodes), outside computed fields' own expressions.
    static func unbound(_ expression: Expression) -> [String] {
        var found: [String] = []
        if case .name(let name) = expression.kind { found.append(name) }
        for child in expression.kind.children { found += unbound(child) }
        return found
    }

    @Test func everyNameAnExpressionReadsIsBound() throws {
        let program = try Harness.compile(Self.flow)
        var unbound: [String] = []
        var bound: Set<String> = []
        for compiled in program.expressions {
            switch compiled.body {
            case .constant: break
            case .expression(let expression):
                unbound += Self.unbound(expression)
                bound.formUnion(expression.referencedNames)
            case .template(let template):
                for expression in template.expressions {
                    unbound += Self.unbound(expression)
                    bound.formUnion(expression.referencedNames)
                }
            }
        }
        #expect(unbound.isEmpty)
        #expect(Set(program.names.map(\.name)) == bound)
        let title = program.binding(of: "title")
        #expect(title.dataSlot == program.dataIndex["title"])
        #expect(title.screenSlots == [Int32(program.screens[0].slotIndex["title"]!)])
        #expect(program.binding(of: "doubled").flowLet == 0)
        #expect(program.binding(of: "device").implicit == .device)
    }

    @Test func readingBySlotKeepsTheScopingRule() throws {
        let program = try Harness.compile(Self.flow)
        let machine = Machine(program: program)
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        #expect(machine.view(of: state)?.elements.first?.text?.hasPrefix("screen 2 ") == true)
        state = machine.step(state, .tap(ElementPath(element: 1))).state
        #expect(state.data[program.dataIndex["count"]!] == .int(3))
        #expect(machine.view(of: state)?.elements.first?.text?.hasPrefix("screen 6 ") == true)
    }
}
