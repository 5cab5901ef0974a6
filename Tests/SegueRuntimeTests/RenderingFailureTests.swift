import SegueExpression
import Testing

@testable import SegueRuntime

/// A condition that fails while drawing hides or disables its element, and the failure is kept on it.
@Suite struct RenderingFailureTests {
    static let flow = """
        segue: 1
        flow: f
        start: main
        data:
          entry: { type: any, default: "null" }
        screens:
          main:
            elements:
              - button: more
                label: ещё
                visible: "len(entry.text) > 2"
                tap: { set: { entry: "{text: 'x'}" } }
              - button: save
                label: Save
                enabled: "entry.ready"
        """

    @Test func aFailingConditionHidesOrDisablesAndSaysWhy() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let view = try #require(harness.machine.view(of: harness.state))
        let more = try #require(view.element("more"))
        #expect(more.visible == false)
        #expect(more.problem?.isEmpty == false)
        let save = try #require(view.element("save"))
        #expect(save.visible == true)
        #expect(save.enabled == false)
        #expect(save.problem != nil)
        // Drawing and tapping agree: the hidden button cannot be tapped.
        let step = harness.tap("more")
        #expect(step.trace.contains { if case .ignored = $0 { true } else { false } })
    }
}
