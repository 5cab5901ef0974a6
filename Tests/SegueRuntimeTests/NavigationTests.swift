import SegueExpression
import Testing

@testable import SegueRuntime

/// UIKit's navigation rules, one test per transition kind.
@Suite struct NavigationTests {
    static let flow = """
        segue: 1
        flow: nav
        start: home
        screens:
          home:
            on_enter: [{ send: noop }]
            elements:
              - button: open
                label: Open
                tap: { present: modal }
              - button: push
                label: Push
                tap: { show: detail }
              - button: swap
                label: Swap
                tap: { replace: other }
          modal:
            navigation: true
            on_exit: [{ set: { log: "log + ['modal exit']" } }]
            elements:
              - button: push
                label: Push
                tap: { show: detail, with: { title_text: "'pushed'" } }
              - button: close
                label: Close
                tap: dismiss
              - button: back
                label: Back
                tap: pop
          detail:
            parameters:
              title_text: string
            title: "${title_text}"
            on_enter: [{ set: { log: "log + ['detail enter']" } }]
            on_exit: [{ set: { log: "log + ['detail exit']" } }]
            elements:
              - button: deeper
                label: Deeper
                tap: { show: detail, with: { title_text: "'deeper'" } }
              - button: home
                label: Home
                tap: { unwind: home }
              - button: to_modal
                label: To_modal
                tap: { unwind: modal }
              - button: root
                label: Root
                tap: pop_to_root
              - button: back
                label: Back
                tap: pop
              - button: nowhere
                label: Nowhere
                tap: { unwind: other }
          other:
            elements: []
        data:
          log: { type: list<string>, default: "[]" }
        """

    @Test func launchShowsTheStartScreenAsRoot() throws {
        var harness = try Harness(Self.flow)
        let step = harness.launch()
        #expect(harness.stack == [["home"]])
        #expect(step.state.topInstance?.transition == .root)
        #expect(harness.trace.prefix(2) == ["root - → home", "enter home #1"])
    }

    @Test func presentAddsALayerAndShowPushesInsideANavigationController() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        #expect(harness.stack == [["home"], ["modal"]])
        #expect(harness.state.layers[1].navigation)
        harness.tap("push")
        #expect(harness.stack == [["home"], ["modal", "detail"]])
        #expect(harness.state.topInstance?.transition == .show)
        #expect(harness.state.topInstance?.values == [.string("pushed")])
        #expect(harness.data("log") == .list([.string("detail enter")]))
    }

    @Test func showWithoutANavigationControllerPresentsModally() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("push")
        #expect(harness.stack == [["home"], ["detail"]])
        #expect(harness.state.topInstance?.transition == .present)
        #expect(harness.trace.contains("show without a navigation controller presents detail modally"))
        #expect(harness.trace.contains("present home → detail"))
    }

    @Test func dismissClosesTheTopModalWithItsWholePushStack() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.tap("push")
        harness.tap("deeper")
        #expect(harness.stack == [["home"], ["modal", "detail", "detail"]])
        harness.send(.swipeToDismiss)
        #expect(harness.stack == [["home"]])
        // Top-down: each screen's on_exit runs, then it leaves; the transition is traced after every exit.
        #expect(
            harness.trace == [
                "detail: set", "exit detail #4", "detail: set", "exit detail #3", "modal: set", "exit modal #2",
                "dismiss detail → home",
            ])
        #expect(
            harness.data("log")
                == .list(
                    ["detail enter", "detail enter", "detail exit", "detail exit", "modal exit"].map(Value.string)))
    }

    @Test func popAtTheRootOfANavigationControllerIsIgnored() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        let before = harness.state
        harness.tap("back")
        #expect(harness.state == before)
        #expect(harness.trace == ["modal: pop", "ignored pop: modal is the root of its navigation controller"])
    }

    @Test func popRemovesTheTopScreenAndBackDismissesAtTheRoot() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.tap("push")
        harness.send(.back)
        #expect(harness.stack == [["home"], ["modal"]])
        #expect(harness.trace == ["detail: set", "exit detail #3", "pop detail → modal"])
        harness.send(.back)
        #expect(harness.stack == [["home"]])
        harness.send(.back)
        #expect(harness.trace == ["ignored back: home is the root screen"])
    }

    @Test func popToRootLeavesOnlyTheRoot() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.tap("push")
        harness.tap("deeper")
        harness.tap("root")
        #expect(harness.stack == [["home"], ["modal"]])
        #expect(
            harness.trace.suffix(4) == [
                "exit detail #4", "detail: set", "exit detail #3", "pop_to_root detail → modal",
            ])
    }

    @Test func unwindPopsAndDismissesToTheNearestInstance() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.tap("push")
        harness.tap("deeper")
        harness.tap("to_modal")
        #expect(harness.stack == [["home"], ["modal"]])
        harness.tap("push")
        harness.tap("home")
        #expect(harness.stack == [["home"]])
        #expect(harness.trace.suffix(4) == ["exit detail #5", "modal: set", "exit modal #2", "unwind detail → home"])
    }

    @Test func unwindToAScreenThatIsNotBelowIsIgnored() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.tap("push")
        harness.tap("nowhere")
        #expect(harness.stack == [["home"], ["modal", "detail"]])
        #expect(harness.trace.last == "ignored unwind to other: no other below detail")
    }

    @Test func replaceSwapsTheTopScreen() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("swap")
        #expect(harness.stack == [["other"]])
        #expect(harness.trace == ["home: replace", "exit home #1", "replace home → other", "enter other #2"])
    }

    @Test func dismissWithNothingPresentedIsIgnored() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.send(.swipeToDismiss)
        #expect(harness.trace == ["ignored swipe to dismiss: nothing is presented modally"])
    }
}
