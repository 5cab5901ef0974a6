import SegueExpression
import Testing

@testable import SegueMachine

/// The responder chain, one test per rule: a raised event goes to the sending screen, then to the screens below
/// it on the stack, nearest first, then to the flow's own `on:`; the first that takes it handles it.
@Suite struct ResponderChainTests {
    static let flow = """
        segue: 1
        flow: chain
        start: home
        data:
          log: { type: list<string>, default: "[]" }
        on:
          signed_out: [{ set: { log: "log + ['flow']" } }]
        screens:
          home:
            navigation: true
            elements:
              - button: open
                label: Open
                tap: { show: list }
            on:
              refresh: [{ set: { log: "log + ['home refresh']" } }]
              saved: [{ set: { log: "log + ['home saved']" } }]
              ping: [{ set: { log: "log + ['home ping']" } }]
          list:
            elements:
              - button: edit
                label: Edit
                tap: { present: editor }
            on:
              saved:
                - when: "event.ok"
                  do: [{ set: { log: "log + ['list saved']" } }]
              ping: [{ set: { log: "log + ['list ping']" } }]
          editor:
            elements:
              - button: save
                label: Save
                tap: { send: saved, with: { ok: true } }
              - button: fail
                label: Fail
                tap: { send: saved, with: { ok: false } }
              - button: refresh
                label: Refresh
                tap: { send: refresh }
              - button: ping
                label: Ping
                tap: { send: ping }
              - button: out
                label: Out
                tap: { send: signed_out }
              - button: lost
                label: Lost
                tap: { send: nobody }
              - button: close
                label: Close
                tap: [{ send: saved, with: { ok: true } }, dismiss]
            on:
              ping: [{ set: { log: "log + ['editor ping']" } }]
        """

    /// home (1) at the root of its navigation controller, list (2) pushed on it, editor (3) presented on top.
    static func openEditor(_ store: TestStore) {
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: true, stack: [$0.instance(1, "home", .root)])]
            $0.data = [.list([])]
            $0.nextInstance = 2
        }
        store.tap("open") {
            $0.layers[0].stack.append($0.instance(2, "list", .show))
            $0.nextInstance = 3
        }
        store.tap("edit") {
            $0.layers.append(NavigationLayer(navigation: false, stack: [$0.instance(3, "editor", .present)]))
            $0.nextInstance = 4
        }
    }

    static func log(_ entries: String...) -> Value { .list(entries.map(Value.string)) }

    @Test func theSendingScreenTakesItFirst() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.tap("ping", trace: ["editor: send", "event ping handled by editor", "editor: set"]) {
            $0[data: "log"] = Self.log("editor ping")
        }
    }

    @Test func thenTheScreensBelowItNearestFirstAcrossModalLayers() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        // `list` and `home` both handle `saved`: the nearest, `list` (below the modal), takes it.
        store.tap("save", trace: ["editor: send", "event saved handled by list", "list: set"]) {
            $0[data: "log"] = Self.log("list saved")
        }
        // Only `home`, at the bottom, handles `refresh`.
        store.tap("refresh", trace: ["editor: send", "event refresh handled by home", "home: set"]) {
            $0[data: "log"] = Self.log("list saved", "home refresh")
        }
    }

    @Test func aScreenWhoseGuardsAllFailPassesItOn() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.tap("fail", trace: ["editor: send", "event saved handled by home", "home: set"]) {
            $0[data: "log"] = Self.log("home saved")
        }
    }

    @Test func thenTheFlowsOwnOn() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.tap("out", trace: ["editor: send", "event signed_out handled by flow", "flow: set"]) {
            $0[data: "log"] = Self.log("flow")
        }
    }

    @Test func anEventNoResponderTakesIsIgnoredWithTheSendersReason() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.tap(
            "lost",
            trace: ["editor: send", "ignored nobody: editor has no handler for it, nor does any responder below it"]
        ) { _ in }
    }

    @Test func anOutsideEventGoesUpTheChainFromTheTopScreen() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.event("refresh", trace: ["event refresh handled by home", "home: set"]) {
            $0[data: "log"] = Self.log("home refresh")
        }
    }

    @Test func anEventWhoseSenderLeftGoesOnFromTheScreenThatWasBelowIt() throws {
        let store = try TestStore(Self.flow)
        Self.openEditor(store)
        store.tap(
            "close",
            trace: [
                "editor: send", "editor: dismiss", "exit editor #3", "dismiss editor → list",
                "saved: its sender has left; the responder chain goes on below it", "event saved handled by list",
                "list: set",
            ]
        ) {
            $0.layers.removeLast()
            $0[data: "log"] = Self.log("list saved")
        }
    }
}
