import SegueDiagnostics
import SegueModel

/// The statechart rules beyond names resolving: identifiers, handler keys that can fire, history placement.
extension CheckRun {
    /// A state's name must be an identifier (`state.<name>` in expressions, `goto` in the REPL).
    mutating func checkStateName(_ name: Name) {
        guard !EventDescriptor.isIdentifier(name.text) else { return }
        let fix = EventDescriptor.identifier(from: name.text)
        report(
            .error(
                CheckCode.invalidName,
                "state name `\(name.text)` is not an identifier: no expression could name it; did you mean `\(fix)`?",
                at: name.range, fixIts: [FixIt(range: name.range, replacement: fix)]))
    }

    /// A declared name an expression reads (a type, a record's field, data, a parameter, a named value, a function,
    /// a service and its operations) must be an identifier, and an event's an event name; screens, components and
    /// elements are named apart (a nested state by `checkStateName`). A name no expression can write would be
    /// checked and used nowhere.
    mutating func checkDeclaredName(_ name: Name, of kind: SymbolKind) {
        switch kind {
        case .screen, .state, .element, .component: return
        case .event: checkDeclaredName(name, what: "event", eventName: true)
        case .data: checkDeclaredName(name, what: "data variable")
        case .parameter, .namedValue, .computedField, .service, .operation, .type, .function:
            checkDeclaredName(name, what: kind.rawValue)
        }
    }

    /// C601 with the closest identifier (event name) as the fix when `name` is not one.
    mutating func checkDeclaredName(_ name: Name, what: String, eventName: Bool = false) {
        let valid = eventName ? EventDescriptor.isEventName(name.text) : EventDescriptor.isIdentifier(name.text)
        guard !valid else { return }
        let fix = EventDescriptor.identifier(from: name.text, keepingDots: eventName)
        let rule = eventName ? "an event name (identifiers joined by dots)" : "an identifier"
        report(
            .error(
                CheckCode.invalidName,
                "\(what) name `\(name.text)` is not \(rule), so no expression could name it; did you mean `\(fix)`?",
                at: name.range, fixIts: [FixIt(range: name.range, replacement: fix)]))
    }

    /// An `on:` key is an event descriptor (`save`, `done.state.timer`, `error`, `*`) that some event can match.
    mutating func checkEventDescriptor(_ key: Name, in scope: Scope) {
        guard EventDescriptor.isDescriptor(key.text) else {
            let fix = EventDescriptor.identifier(from: key.text, keepingDots: true)
            report(
                .error(
                    CheckCode.invalidName,
                    "`\(key.text)` is not an event name: an event is identifiers joined by dots (`save`, "
                        + "`done.state.timer`), or `*`; did you mean `\(fix)`?",
                    at: key.range, fixIts: [FixIt(range: key.range, replacement: fix)]))
            return
        }
        guard key.text.hasPrefix(EventDescriptor.donePrefix) else { return }
        let stateName = String(key.text.dropFirst(EventDescriptor.donePrefix.count))
        guard !stateName.isEmpty, stateName != "*" else { return }
        let written = subrange(of: key, from: EventDescriptor.donePrefix.count, length: stateName.utf8.count)
        referState(Name(stateName, at: written), of: screens(of: scope.owner).map(\.name.text))
        for screen in screens(of: scope.owner) {
            let completing = Inventory.states(screen.states).map(\.state).filter {
                guard let children = $0.children else { return false }
                return children.parallel || children.states.contains(where: \.isFinal)
            }.map(\.name.text)
            guard !completing.contains(stateName) else { continue }
            let suggestion = Suggestion.closest(to: stateName, in: completing)
            report(
                .error(
                    CheckCode.handlerNeverFires,
                    "`\(key.text)` never fires: screen `\(screen.name.text)` has no compound state `\(stateName)` "
                        + "with a final child, nor a parallel state of that name"
                        + Suggestion.didYouMean(stateName, in: completing),
                    at: key.range,
                    fixIts: suggestion.map { [FixIt(range: key.range, replacement: EventDescriptor.donePrefix + $0)] }
                        ?? []))
            return
        }
    }

    /// A history state lives in a compound state, and its default enters a descendant of that state.
    mutating func checkHistory(_ state: StateNode, parent: StateNode?, in scope: Scope) {
        guard state.history != nil else { return }
        guard let parent, let siblings = parent.children else {
            report(
                .error(
                    CheckCode.misplacedHistory,
                    "history state `\(state.name.text)` is at the top of the screen's states: it must be a child of "
                        + "the compound state whose history it remembers", at: state.name.range))
            return
        }
        guard let historyDefault = state.historyDefault else { return }
        for target in historyDefault.targets { checkGoto(target, in: scope) }
        checkTargetSet(historyDefault.targets, in: scope)
        checkActions(historyDefault.actions, in: scope)
        let inside = Inventory.states(siblings).map(\.state.name.text)
        guard let target = historyDefault.targets.first(where: { !inside.contains($0.text) }) else { return }
        report(
            .error(
                CheckCode.misplacedHistory,
                "the default of history state `\(state.name.text)` must enter a state inside `\(parent.name.text)`, "
                    + "not `\(target.text)`", at: target.range,
                notes: [DiagnosticNote("states inside `\(parent.name.text)`: " + inside.joined(separator: ", "))]))
    }
}
