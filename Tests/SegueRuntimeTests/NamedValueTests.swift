import Foundation
import SegueExpression
import Testing

@testable import SegueRuntime

/// Named values are computed each time they are read, from the state as it is then.
@Suite struct NamedValueTests {
    static let flow = """
        segue: 1
        flow: lets
        start: main
        data:
          count: { type: int, default: 0 }
        let:
          margin: "device.os_major >= 13 ? 20 : 16"
          doubled: "count * 2"
        screens:
          main:
            layout: { margins: margin }
            let:
              label: "'Count: ' + string(doubled)"
              ratio: "10 / count"
            elements:
              - button: more
                label: "${label}"
                tap: [{ set: { count: "count + 1" } }]
              - text: big
                value: "big"
                visible: "doubled > 2"
              - button: divide
                label: Divide
                tap: [{ set: { count: ratio } }]
        """

    @Test func aNamedValueFollowsTheDataItIsComputedFrom() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let machine = harness.machine
        #expect(machine.view(of: harness.state)?.layout?.margins == 20)
        #expect(machine.view(of: harness.state)?.elements.first?.text == "Count: 0")
        #expect(machine.view(of: harness.state)?.elements[1].visible == false)
        harness.tap("more")
        harness.tap("more")
        #expect(machine.view(of: harness.state)?.elements.first?.text == "Count: 4")
        #expect(machine.view(of: harness.state)?.elements[1].visible == true)
        let readings = machine.namedValues(in: harness.state).map { "\($0.screen ?? "flow").\($0.name)" }
        #expect(readings == ["flow.margin", "flow.doubled", "main.label", "main.ratio"])
        #expect(machine.namedValues(in: harness.state)[1].value == .success(.int(4)))
    }

    @Test func aFailureInsideANamedValueIsTheReadingExpressionsError() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let step = harness.tap("divide")
        #expect(
            harness.state.alert?.message?.contains("computing `ratio`: division by zero in `ratio`") == true,
            "\(String(describing: harness.state.alert)) \(step.trace)")
    }
}
