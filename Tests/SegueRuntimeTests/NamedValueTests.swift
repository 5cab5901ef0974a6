import Foundation
import SegueExpression
import Testing

@testable import SegueMachine

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

    static let cards = """
        segue: 1
        flow: cards
        start: main
        data:
          ready: { type: bool, default: false }
          rows: { type: "list<int>", default: [0, 2, 5] }
        components:
          row:
            parameters:
              n: int
            let:
              big: "n > 1 && ready"
              share: "10 / n"
            elements:
              - text: value
                value: "${n}"
              - button: mark
                label: "${big ? 'Big' : 'Small'}"
                visible: big
                tap: [{ set: { ready: false } }]
        screens:
          main:
            elements:
              - button: toggle
                label: Ready
                tap: [{ set: { ready: true } }]
              - list: rows
                items: rows
                item: { use: row, with: { n: item } }
              - use: row
                id: single
                with: { n: 4 }
        """

    /// Whether each row's `mark` is shown, and its label: the list's three rows, then the single use.
    func marks(_ harness: Harness) -> [String] {
        let elements = harness.machine.view(of: harness.state)?.elements ?? []
        let rows = (elements[1].items ?? []) + (elements[2].items ?? [])
        return rows.map { "\($0[1].visible ? "shown" : "hidden") \($0[1].text ?? "")" }
    }

    @Test func aComponentsNamedValueIsComputedForEachUseFromItsParameters() throws {
        var harness = try Harness(Self.cards)
        harness.launch()
        #expect(marks(harness) == ["hidden Small", "hidden Small", "hidden Small", "hidden Small"])
        harness.tap("toggle")
        #expect(marks(harness) == ["hidden Small", "shown Big", "shown Big", "shown Big"])
        // The tap is taken where the named value makes the button visible, and refused where it hides it.
        let refused = harness.tap("rows[0].mark")
        #expect(harness.state.data[0] == .bool(true), "\(refused.trace)")
        harness.tap("rows[1].mark")
        #expect(harness.state.data[0] == .bool(false))
        #expect(marks(harness) == ["hidden Small", "hidden Small", "hidden Small", "hidden Small"])
    }

    @Test func aComponentsNamedValueIsOnlyComputedWhereItIsRead() throws {
        var harness = try Harness(Self.cards)
        harness.launch()
        // `share` divides by zero in the first row, which never reads it: nothing fails.
        #expect(harness.machine.view(of: harness.state)?.elements[1].items?[0][1].problem == nil)
        let readings = harness.machine.namedValues(in: harness.state).map { reading in
            let value = (try? reading.value.get()).map(\.literal) ?? "error"
            return "\(reading.element ?? "-").\(reading.name) = \(value)"
        }
        #expect(
            readings == [
                "rows[0].big = false", "rows[0].share = error", "rows[1].big = false", "rows[1].share = 5",
                "rows[2].big = false", "rows[2].share = 2", "single.big = false", "single.share = 2",
            ])
    }
}
