import SegueExpression
import Testing

@testable import SegueMachine

/// Results handed back: `dismiss`/`pop` `{ result: … }` runs the `on_result` of the navigation that opened the
/// screen, with `result` bound; leaving any other way runs nothing.
@Suite struct ResultTests {
    static let flow = """
        segue: 1
        flow: results
        start: main
        data:
          picked: { type: string, default: "'none'" }
          count: { type: int, default: 0 }
        components:
          swatch:
            parameters: { name: string }
            elements:
              - text: name
                value: "${name}"
        screens:
          main:
            navigation: true
            elements:
              - list: colours
                items: "['red', 'blue']"
                item: { use: swatch, with: { name: item } }
                tap:
                  - present: chooser
                    with: { hint: item }
                    on_result:
                      - set: { picked: "item + ' → ' + result", count: "count + 1" }
              - button: details
                label: Details
                tap:
                  - show: detail
                    on_result: [{ set: { picked: "'pushed ' + result" } }]
              - button: quiet
                label: Quiet
                tap: { present: chooser, with: { hint: "'quiet'" } }
          chooser:
            parameters:
              hint: string
            returns: string
            elements:
              - button: pick
                label: Pick
                tap: { dismiss: { result: "hint + '!'" } }
              - button: close
                label: Close
                tap: dismiss
          detail:
            returns: string
            elements:
              - button: done
                label: Done
                tap: { pop: { result: "'done'" } }
        """

    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: true, stack: [state.instance(1, "main", .root)])]
        state.data = [.string("none"), .int(0)]
        state.nextInstance = 2
    }

    /// The entries of the flow's `on_result` lists, in document order.
    static func onResultEntries(_ program: Program) -> [Int] {
        program.code.compactMap {
            if case .navigate(let operation) = $0 { return operation.onResult }
            return nil
        }
    }

    /// Taps the first colour: `chooser` is presented with `hint: 'red'`, and its opener waits for a result.
    static func presentChooser(_ store: TestStore, id: Int = 2) {
        let entry = onResultEntries(store.program)[0]
        store.send(.selectItem(list: store.element("colours") ?? -1, item: 0)) {
            $0.layers.append(
                NavigationLayer(
                    navigation: false, stack: [$0.instance(id, "chooser", .present, values: [.string("red")])]))
            $0.nextInstance = id + 1
            $0.resultReceivers = [
                ResultReceiver(
                    opened: id, entry: entry,
                    frame: Frame(instance: 1, locals: ["item": .string("red"), "index": .int(0)]))
            ]
        }
    }

    @Test func dismissWithAResultRunsTheOpenersOnResultInItsOwnFrame() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.presentChooser(store)
        // The opener's `item` is still bound: the handler runs where the navigation ran.
        store.tap(
            "pick",
            trace: [
                "chooser: dismiss", "exit chooser #2", "dismiss chooser → main",
                "result \"red!\" handed back by chooser to main", "main: set",
            ]
        ) {
            $0.layers.removeLast()
            $0.resultReceivers = []
            $0[data: "picked"] = .string("red → red!")
            $0[data: "count"] = .int(1)
        }
    }

    @Test func leavingWithoutAResultRunsNoOnResult() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        // A dismiss without a result, the swipe and the back gesture all leave `picked` and `count` alone.
        Self.presentChooser(store)
        store.tap("close") {
            $0.layers.removeLast()
            $0.resultReceivers = []
        }
        #expect(!store.trace.contains { $0.hasPrefix("result") })
        Self.presentChooser(store, id: 3)
        store.send(.swipeToDismiss) {
            $0.layers.removeLast()
            $0.resultReceivers = []
        }
        #expect(!store.trace.contains { $0.hasPrefix("result") })
    }

    @Test func popWithAResultRunsTheOnResultOfTheShowThatPushed() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        let entry = Self.onResultEntries(store.program)[1]
        store.tap("details") {
            $0.layers[0].stack.append($0.instance(2, "detail", .show))
            $0.nextInstance = 3
            $0.resultReceivers = [ResultReceiver(opened: 2, entry: entry, frame: Frame(instance: 1))]
        }
        store.tap("done") {
            $0.layers[0].stack.removeLast()
            $0.resultReceivers = []
            $0[data: "picked"] = .string("pushed done")
        }
        #expect(store.trace.contains("result \"done\" handed back by detail to main"))
    }

    @Test func aResultNobodyAskedForIsNotedAndChangesNothing() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.tap("quiet") {
            $0.layers.append(
                NavigationLayer(
                    navigation: false, stack: [$0.instance(2, "chooser", .present, values: [.string("quiet")])]))
            $0.nextInstance = 3
        }
        store.tap("pick") { $0.layers.removeLast() }
        #expect(store.trace.last == "result \"quiet!\" of chooser: the navigation that opened it has no on_result")
    }
}
