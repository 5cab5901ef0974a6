import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// The events an action list raises with `send`, with where.
    static func sends(_ actions: [Action]) -> [Name] {
        actions.compactMap {
            // An event for another session (`to:`) is that session's to handle.
            if case .send(let event, _, let delivery, _) = $0.kind, !event.text.isEmpty, delivery.session == nil {
                return event
            }
            return nil
        }
    }

    /// Every event a screen raises itself (sends, list paging, playback's end) that the screen does not handle
    /// waits for the responder chain's verdict (`checkUnhandledEvents`).
    mutating func checkRaisedEvents(_ screen: Screen, at position: Int) {
        var raised = Self.sends(index.sends(at: position))
        for element in Inventory.elements(screen.elements) {
            if case .list(let list) = element.kind, let paging = list.paging { raised.append(paging.nearEnd) }
        }
        if let end = screen.playback?.endEvent { raised.append(end) }
        guard !raised.isEmpty else { return }
        let handled = Inventory.handledEvents(of: screen)
        for event in raised where !Inventory.handles(event.text, handled) {
            unhandledEvents.append(UnhandledEvent(event: event, sender: position, note: nil))
        }
    }

    /// Events sent inside a component go to every screen that shows it, like the screen's own.
    mutating func checkComponentEvents(_ component: Component) {
        let raised = Self.sends(Inventory.ownActions(of: component))
        guard !raised.isEmpty else { return }
        for position in index.users[component.name.text] ?? [] {
            let screen = flow.screens[position]
            let handled = Inventory.handledEvents(of: screen)
            for event in raised where !Inventory.handles(event.text, handled) {
                let note = DiagnosticNote(
                    "sent by component `\(component.name.text)`, shown on screen `\(screen.name.text)`",
                    at: screen.name.range)
                unhandledEvents.append(UnhandledEvent(event: event, sender: position, note: note))
            }
        }
    }

    /// Events the flow's `on_error` sends must be handled by some screen or the flow's own `on:`.
    mutating func checkFlowEvents() {
        let handled = flow.screens.reduce(into: flowHandledEvents) { $0.formUnion(Inventory.handledEvents(of: $1)) }
        for event in Self.sends(Inventory.flatten(flow.onError ?? [])) where !Inventory.handles(event.text, handled) {
            let suggestion = Suggestion.closest(to: event.text, in: handled)
            report(
                .error(
                    CheckCode.unhandledEvent,
                    "no screen handles event `\(event.text)`" + Suggestion.didYouMean(event.text, in: handled),
                    at: event.range, fixIts: suggestion.map { [FixIt(range: event.range, replacement: $0)] } ?? []))
        }
    }

    /// The events the flow's own `on:` takes, the chain's last responder.
    var flowHandledEvents: Set<String> { Set(flow.handlers.map(\.event.text)) }

    /// The screens that handle some event a screen raises and does not take itself: the ones the navigation
    /// analysis keeps track of below the top, so the chain can be followed.
    var possibleResponders: Set<Int> {
        // Most flows raise nothing they leave unhandled: then no screen's handled events need collecting.
        guard !unhandledEvents.isEmpty else { return [] }
        var found: Set<Int> = []
        for position in flow.screens.indices {
            let handled = Inventory.handledEvents(of: flow.screens[position])
            if unhandledEvents.contains(where: { Inventory.handles($0.event.text, handled) }) { found.insert(position) }
        }
        return found
    }

    /// C103, once the possible stacks are known: a warning for each raised event that nothing in the responder
    /// chain can take — not the sender, no screen that can be below it on any stack, not the flow's `on:`.
    /// Without the stacks (a library, an exploration cut short) only a screen somewhere handling it clears it.
    mutating func checkUnhandledEvents(analysis: NavigationAnalysis?) {
        let flowHandled = flowHandledEvents
        for pending in unhandledEvents where !Inventory.handles(pending.event.text, flowHandled) {
            let handlers = flow.screens.indices.filter {
                Inventory.handles(pending.event.text, Inventory.handledEvents(of: flow.screens[$0]))
            }
            if let analysis {
                let below = analysis.contexts(of: index.positions[flow.screens[pending.sender].name.text])
                    .contains { context in
                        context.screensBelow.contains { handlers.contains($0) }
                    }
                if below { continue }
            } else if !handlers.isEmpty {
                continue
            }
            let screen = flow.screens[pending.sender]
            report(
                unhandled(
                    pending.event, on: screen, handled: Inventory.handledEvents(of: screen), note: pending.note,
                    elsewhere: handlers.first.map { flow.screens[$0] }))
        }
        unhandledEvents = []
    }

    private func unhandled(
        _ event: Name, on screen: Screen, handled: Set<String>, note: DiagnosticNote?, elsewhere other: Screen?
    ) -> Diagnostic {
        let suggestion = Suggestion.closest(to: event.text, in: handled)
        var notes = note.map { [$0] } ?? []
        if let other {
            notes.append(
                DiagnosticNote(
                    "screen `\(other.name.text)` handles it, but is never below `\(screen.name.text)` on the stack",
                    at: other.name.range))
        } else {
            notes.append(DiagnosticNote("add it under the screen's `on:`, or the flow's `on:`"))
        }
        return .warning(
            CheckCode.unhandledEvent,
            "screen `\(screen.name.text)` has no handler for event `\(event.text)`"
                + Suggestion.didYouMean(event.text, in: handled),
            at: event.range, notes: notes,
            fixIts: suggestion.map { [FixIt(range: event.range, replacement: $0)] } ?? [])
    }
}

/// An event a screen raises and does not take itself, waiting for the responder chain's verdict.
struct UnhandledEvent {
    var event: Name
    /// The position of the screen that raises it.
    var sender: Int
    /// Where a component sent it from.
    var note: DiagnosticNote?
}
