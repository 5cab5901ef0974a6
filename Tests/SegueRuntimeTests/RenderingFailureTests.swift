import SegueExpression
import Testing

@testable import SegueMachine

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
        let store = try TestStore(Self.flow)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root)])]
            $0.data = [.null]
            $0.nextInstance = 2
        }
        let view = try #require(store.machine.view(of: store.state))
        let more = try #require(view.element("more"))
        #expect(more.visible == false)
        #expect(more.problem == "test.yaml:11:18: `entry` is null, so `.text` cannot be read in `len(entry.text) > 2`")
        let save = try #require(view.element("save"))
        #expect(save.visible == true)
        #expect(save.enabled == false)
        #expect(save.problem == "test.yaml:15:18: `entry` is null, so `.ready` cannot be read in `entry.ready`")
        // Drawing and tapping agree: the hidden button cannot be tapped, and nothing changes.
        store.tap("more", trace: ["ignored tap main.more: more is hidden"])
    }
}
