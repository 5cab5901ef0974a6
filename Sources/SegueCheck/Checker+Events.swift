import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// The events an action list raises with `send`, with where.
    static func sends(_ actions: [Action]) -> [Name] {
        actions.compactMap {
            if case .send(let event, _, _, _) = $0.kind { return event }
            return nil
        }
    }

    /// Every event a screen raises itself (sends, list paging, playback's end) has a handler on the screen.
    mutating func checkRaisedEvents(_ screen: Screen, at position: Int) {
        var raised = Self.sends(index.sends(at: position))
        for element in Inventory.elements(screen.elements) {
            if case .list(let list) = element.kind, let paging = list.paging { raised.append(paging.nearEnd) }
        }
        if let end = screen.playback?.endEvent { raised.append(end) }
        guard !raised.isEmpty else { return }
        let handled = Inventory.handledEvents(of: screen)
        for event in raised where !Inventory.handles(event.text, handled) {
            report(unhandled(event, on: screen, handled: handled, note: nil))
        }
    }

    /// Events sent inside a component must be handled by every screen that shows it.
    mutating func checkComponentEvents(_ component: Component) {
        let raised = Self.sends(Inventory.ownActions(of: component))
        guard !raised.isEmpty else { return }
        for screen in screens(using: component.name.text) {
            let handled = Inventory.handledEvents(of: screen)
            for event in raised where !Inventory.handles(event.text, handled) {
                report(
                    unhandled(
                        event, on: screen, handled: handled,
                        note: DiagnosticNote(
                            "sent by component `\(component.name.text)`, shown on screen `\(screen.name.text)`",
                            at: screen.name.range)))
            }
        }
    }

    /// Events the flow's `on_error` sends must be handled by some screen.
    mutating func checkFlowEvents() {
        let handled = flow.screens.reduce(into: Set<String>()) { $0.formUnion(Inventory.handledEvents(of: $1)) }
        for event in Self.sends(Inventory.flatten(flow.onError ?? [])) where !Inventory.handles(event.text, handled) {
            let suggestion = Suggestion.closest(to: event.text, in: handled)
            report(
                .error(
                    CheckCode.unhandledEvent,
                    "no screen handles event `\(event.text)`" + Suggestion.didYouMean(event.text, in: handled),
                    at: event.range, fixIts: suggestion.map { [FixIt(range: event.range, replacement: $0)] } ?? []))
        }
    }

    private func unhandled(_ event: Name, on screen: Screen, handled: Set<String>, note: DiagnosticNote?) -> Diagnostic
    {
        let suggestion = Suggestion.closest(to: event.text, in: handled)
        var notes = note.map { [$0] } ?? []
        if let other = flow.screens.first(where: { Inventory.handles(event.text, Inventory.handledEvents(of: $0)) }) {
            notes.append(
                DiagnosticNote(
                    "screen `\(other.name.text)` handles it, but an event goes to the screen that sends it",
                    at: other.name.range))
        } else {
            notes.append(DiagnosticNote("add it under the screen's `on:`"))
        }
        return .error(
            CheckCode.unhandledEvent,
            "screen `\(screen.name.text)` has no handler for event `\(event.text)`"
                + Suggestion.didYouMean(event.text, in: handled),
            at: event.range, notes: notes,
            fixIts: suggestion.map { [FixIt(range: event.range, replacement: $0)] } ?? [])
    }
}
