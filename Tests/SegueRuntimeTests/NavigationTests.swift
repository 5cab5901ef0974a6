import SegueExpression
import Testing

@testable import SegueMachine

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

    /// The state right after launch: home at the root, the log empty.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "home", .root)])]
        state.data = [.list([])]
        state.nextInstance = 2
    }

    /// Opens the modal navigation controller and pushes `detail` onto it (instances 2 and 3).
    static func openModalAndPush(_ store: TestStore) {
        store.tap("open") {
            $0.layers.append(NavigationLayer(navigation: true, stack: [$0.instance(2, "modal", .present)]))
            $0.nextInstance = 3
        }
        store.tap("push") {
            $0.layers[1].stack.append($0.instance(3, "detail", .show, values: [.string("pushed")]))
            $0.nextInstance = 4
            $0[data: "log"] = .list([.string("detail enter")])
        }
    }

    /// Taps `deeper` on the pushed detail: a second detail (instance 4) is pushed.
    static func pushDeeper(_ store: TestStore) {
        store.tap("deeper") {
            $0.layers[1].stack.append($0.instance(4, "detail", .show, values: [.string("deeper")]))
            $0.nextInstance = 5
            $0[data: "log"] = .list(["detail enter", "detail enter"].map(Value.string))
        }
    }

    @Test func launchShowsTheStartScreenAsRoot() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        #expect(store.trace.prefix(2) == ["root - → home", "enter home #1"])
    }

    @Test func presentAddsALayerAndShowPushesInsideANavigationController() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
    }

    @Test func showWithoutANavigationControllerPresentsModally() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("push") {
            // No `with:`: the parameter is null.
            $0.layers.append(
                NavigationLayer(navigation: false, stack: [$0.instance(2, "detail", .present, values: [.null])]))
            $0.nextInstance = 3
            $0[data: "log"] = .list([.string("detail enter")])
        }
        #expect(store.trace.contains("show without a navigation controller presents detail modally"))
        #expect(store.trace.contains("present home → detail"))
    }

    @Test func dismissClosesTheTopModalWithItsWholePushStack() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
        Self.pushDeeper(store)
        // Top-down: each screen's on_exit runs, then it leaves; the transition is traced after every exit.
        store.send(
            .swipeToDismiss,
            trace: [
                "detail: set", "exit detail #4", "detail: set", "exit detail #3", "modal: set", "exit modal #2",
                "dismiss detail → home",
            ]
        ) {
            $0.layers.removeLast()
            $0[data: "log"] = .list(
                ["detail enter", "detail enter", "detail exit", "detail exit", "modal exit"].map(Value.string))
        }
    }

    @Test func popAtTheRootOfANavigationControllerIsIgnored() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("open") {
            $0.layers.append(NavigationLayer(navigation: true, stack: [$0.instance(2, "modal", .present)]))
            $0.nextInstance = 3
        }
        store.tap("back", trace: ["modal: pop", "ignored pop: modal is the root of its navigation controller"])
    }

    @Test func popRemovesTheTopScreenAndBackDismissesAtTheRoot() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
        store.send(.back, trace: ["detail: set", "exit detail #3", "pop detail → modal"]) {
            $0.layers[1].stack.removeLast()
            $0[data: "log"] = .list(["detail enter", "detail exit"].map(Value.string))
        }
        store.send(.back) {
            $0.layers.removeLast()
            $0[data: "log"] = .list(["detail enter", "detail exit", "modal exit"].map(Value.string))
        }
        store.send(.back, trace: ["ignored back: home is the root screen"])
    }

    @Test func popToRootLeavesOnlyTheRoot() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
        Self.pushDeeper(store)
        store.tap("root") {
            $0.layers[1].stack.removeLast(2)
            $0[data: "log"] = .list(["detail enter", "detail enter", "detail exit", "detail exit"].map(Value.string))
        }
        #expect(
            store.trace.suffix(4) == [
                "exit detail #4", "detail: set", "exit detail #3", "pop_to_root detail → modal",
            ])
    }

    @Test func unwindPopsAndDismissesToTheNearestInstance() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
        Self.pushDeeper(store)
        store.tap("to_modal") {
            $0.layers[1].stack.removeLast(2)
            $0[data: "log"] = .list(["detail enter", "detail enter", "detail exit", "detail exit"].map(Value.string))
        }
        store.tap("push") {
            $0.layers[1].stack.append($0.instance(5, "detail", .show, values: [.string("pushed")]))
            $0.nextInstance = 6
            $0[data: "log"] = .list(
                ["detail enter", "detail enter", "detail exit", "detail exit", "detail enter"].map(Value.string))
        }
        store.tap("home") {
            $0.layers.removeLast()
            $0[data: "log"] = .list(
                [
                    "detail enter", "detail enter", "detail exit", "detail exit", "detail enter", "detail exit",
                    "modal exit",
                ]
                .map(Value.string))
        }
        #expect(store.trace.suffix(4) == ["exit detail #5", "modal: set", "exit modal #2", "unwind detail → home"])
    }

    @Test func unwindToAScreenThatIsNotBelowIsIgnored() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.openModalAndPush(store)
        store.tap("nowhere")
        #expect(store.trace.last == "ignored unwind to other: no other below detail")
    }

    @Test func replaceSwapsTheTopScreen() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("swap", trace: ["home: replace", "exit home #1", "replace home → other", "enter other #2"]) {
            $0.layers[0].stack = [$0.instance(2, "other", .replace)]
            $0.nextInstance = 3
        }
    }

    @Test func dismissWithNothingPresentedIsIgnored() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.send(.swipeToDismiss, trace: ["ignored swipe to dismiss: nothing is presented modally"])
    }
}

/// `replace` at a navigation controller's root: the layer takes the new screen's navigation, as the checker assumes.
@Suite struct ReplaceAtANavigationRootTests {
    static let flow = """
        segue: 1
        flow: swap
        start: main
        screens:
          main:
            navigation: true
            elements:
              - button: swap
                label: Swap
                tap: { replace: plain }
          plain:
            elements:
              - button: go
                label: Go
                tap: { show: detail }
          detail:
            elements: []
        """

    @Test func showAfterReplacingTheNavigationRootPresentsModally() throws {
        let store = try TestStore(Self.flow)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: true, stack: [$0.instance(1, "main", .root)])]
            $0.nextInstance = 2
        }
        store.tap("swap") {
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(2, "plain", .replace)])]
            $0.nextInstance = 3
        }
        store.tap("go") {
            $0.layers.append(NavigationLayer(navigation: false, stack: [$0.instance(3, "detail", .present)]))
            $0.nextInstance = 4
        }
        #expect(store.trace.contains("show without a navigation controller presents detail modally"))
    }
}
