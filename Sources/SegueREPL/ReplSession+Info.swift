import SegueDiagnostics
import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

extension ReplSession {
    /// `help`: every command with its usage and an example; `help WORD`: one command.
    func help(_ topic: String?) -> Reply {
        guard let topic else {
            var lines = ["commands (Tab completes commands, element ids, fields, events and services):"]
            let width = ReplCommand.catalog.map(\.usage.count).max() ?? 0
            for entry in ReplCommand.catalog {
                lines.append(
                    "  " + entry.usage + String(repeating: " ", count: width - entry.usage.count) + "  " + entry.summary
                )
            }
            lines.append("try on this screen: " + exampleHere())
            lines.append("`help COMMAND` shows an example of one command")
            return Reply(text: lines.joined(separator: "\n"))
        }
        guard let entry = ReplCommand.catalog.first(where: { $0.word == topic }) else {
            let hint = Suggestion.closest(to: topic, in: ReplCommand.words).map { "; did you mean `\($0)`?" } ?? ""
            return failure("no command `\(topic)`\(hint)")
        }
        return Reply(text: ["\(entry.usage)", "  \(entry.summary)", "  e.g. \(entry.example)"].joined(separator: "\n"))
    }

    /// A few commands that work on the top screen now.
    private func exampleHere() -> String {
        var examples = tapTargets(includeParts: false).prefix(3).map { "tap \($0)" }
        if let field = fieldTargets().first { examples.append("fill \(field) …") }
        if driver.state.layers.backTransition() != nil { examples.append("back") }
        if position > 0 { examples.append("undo") }
        return examples.isEmpty ? "state" : examples.joined(separator: " · ")
    }

    func stateText() -> String {
        let state = driver.state
        var lines = ["time \(state.now) · \(state.ended ? "ended" : state.launched ? "running" : "not launched")"]
        lines.append(contentsOf: stackLines())
        if let top = state.topInstance {
            let screen = program.screens[top.screen]
            if !top.states.isEmpty {
                lines.append("states: " + top.states.map { screen.states[$0].name }.joined(separator: ", "))
            }
            for (index, field) in screen.fields.enumerated() where index < top.form.values.count {
                var line = "field \(field.name) = \(top.form.values[index].literal)"
                if top.form.touched[index] { line += " · touched" }
                if let error = top.form.errors[index] { line += " · ✗ \(error)" }
                lines.append(line)
            }
        }
        for call in state.pendingCalls {
            lines.append("waiting for call #\(call.id) \(call.service).\(call.operation)")
        }
        for timer in state.timers {
            let name = timer.name.map { program.timerNames[$0] } ?? "timer #\(timer.id)"
            let every = timer.interval.map { ", every \($0)" } ?? ""
            lines.append("\(name) due at \(timer.deadline)\(every)")
        }
        if let alert = state.alert { lines.append("alert: \(alert.image) \"\(alert.title)\"") }
        for (call, outcomes) in driver.pendingScripts.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "scripted next \(call): " + outcomes.map { ChangePrinter.describe($0) }.joined(separator: ", then "))
        }
        lines.append("device \(driver.device.name) (\(driver.device.summary))")
        return lines.joined(separator: "\n")
    }

    func dataText() -> String {
        let state = driver.state
        var lines = ["flow data:"]
        for (slot, variable) in program.data.enumerated() where slot < state.data.count {
            let mark = variable.persist ? " (persisted)" : variable.defaultsKey.map { " (defaults \($0))" } ?? ""
            lines.append(
                "  \(variable.name) = \(ChangePrinter.short(state.data[slot].literal, limit: 160, hiding: embedded.directory))\(mark)"
            )
            lines += computedFieldLines(variable.name, type: variable.type, state.data[slot])
        }
        let named = driver.machine.namedValues(in: state)
        lines += computedLines(named.filter { $0.screen == nil })
        if let top = state.topInstance {
            let screen = program.screens[top.screen]
            if !screen.slots.isEmpty || named.contains(where: { $0.screen != nil }) {
                lines.append("\(screen.name) data:")
            }
            for (slot, variable) in screen.slots.enumerated() where slot < top.values.count {
                let mark = slot < screen.parameterCount ? " (parameter)" : ""
                lines.append(
                    "  \(variable.name) = \(ChangePrinter.short(top.values[slot].literal, limit: 160, hiding: embedded.directory))\(mark)"
                )
                lines += computedFieldLines(variable.name, type: variable.type, top.values[slot])
            }
            lines += computedLines(named.filter { $0.screen != nil })
        }
        return lines.joined(separator: "\n")
    }

    /// One variable of the flow's or the top screen's data in full, nothing cut (`data` shortens each to a line):
    /// a list one item per line, so every product's subscription or every entry's text can be read.
    func variableText(_ name: String) -> Reply {
        let state = driver.state
        var found: [(owner: String, type: String, value: Value)] = []
        for (slot, variable) in program.data.enumerated() where slot < state.data.count && variable.name == name {
            found.append(("flow data", variable.type, state.data[slot]))
        }
        var names = program.data.map(\.name)
        if let top = state.topInstance {
            let screen = program.screens[top.screen]
            for (slot, variable) in screen.slots.enumerated() where slot < top.values.count && variable.name == name {
                found.append(("\(screen.name) data", variable.type, top.values[slot]))
            }
            names += screen.slots.map(\.name)
        }
        guard !found.isEmpty else {
            return Reply(
                text: "no data variable `\(name)` in the flow or on the top screen; there are: "
                    + names.joined(separator: ", "), failed: true)
        }
        let full = { (value: Value) in ChangePrinter.short(value.literal, limit: .max, hiding: self.embedded.directory)
        }
        return Reply(
            text: found.map { owner, type, value in
                guard case .list(let items) = value else {
                    return
                        (["\(name) (\(owner)) = \(full(value))"]
                        + computedFieldLines(name, type: type, value, limit: .max)).joined(separator: "\n")
                }
                let header = "\(name) (\(owner)): \(Plural.english(items.count, "item"))"
                let item = Self.itemType(of: type)
                return
                    ([header]
                    + items.enumerated().flatMap { index, element in
                        ["  [\(index)] \(full(element))"]
                            + computedFieldLines(
                                "[\(index)]", type: item, element, limit: .max, indent: "      ")
                    }).joined(separator: "\n")
            }.joined(separator: "\n"))
    }

    /// A record's computed fields (its type's `let:`) as `  entry.full_name = "Ann Lee" (computed)`, when `value` is
    /// of a record type that has some. `data` shows them for a record variable; `data NAME` for each item of a list too.
    private func computedFieldLines(
        _ prefix: String, type declared: String, _ value: Value, limit: Int = 160, indent: String = "  "
    ) -> [String] {
        let type = declared.filter { $0 != " " && $0 != "?" }
        guard let computed = program.computedFields[type], case .record(let fields) = value else { return [] }
        return computed.names.compactMap { field in
            let name = "\(prefix).\(field)"
            switch computed.value(of: field, in: fields) {
            case .success(let value)?:
                let text = ChangePrinter.short(value.literal, limit: limit, hiding: embedded.directory)
                return "\(indent)\(name) = \(text) (computed)"
            case .failure(let failure)?: return "\(indent)\(name) = error: \(failure.message) (computed)"
            case nil: return nil
            }
        }
    }

    /// The item type of a declared `list<T>` (`list<Entry>?` gives `Entry`), or the type itself.
    static func itemType(of declared: String) -> String {
        let bare = declared.filter { $0 != " " && $0 != "?" }
        guard bare.hasPrefix("list<"), bare.hasSuffix(">") else { return bare }
        return String(bare.dropFirst(5).dropLast())
    }

    /// Named values (`let:`) as `  name = value (computed)` (a component's as `  lines[0].name = …`), or the error
    /// computing one gives now.
    private func computedLines(_ readings: [NamedValueReading]) -> [String] {
        readings.map { reading in
            let name = reading.element.map { "\($0).\(reading.name)" } ?? reading.name
            switch reading.value {
            case .success(let value):
                return
                    "  \(name) = \(ChangePrinter.short(value.literal, limit: 160, hiding: embedded.directory)) (computed)"
            case .failure(let failure): return "  \(name) = error: \(failure.message) (computed)"
            }
        }
    }

    func stackText() -> String {
        (stackLines() + [driver.view.map { ScreenPrinter(style: style).breadcrumb($0.breadcrumb) } ?? ""])
            .joined(separator: "\n")
    }

    private func stackLines() -> [String] {
        driver.state.layers.enumerated().map { index, layer in
            let kind = index == 0 ? "root" : "modal"
            let screens = layer.stack.map { "\(program.screens[$0.screen].name) (\($0.transition.rawValue))" }
            return "layer \(index) \(kind)\(layer.navigation ? ", navigation controller" : ""): "
                + screens.joined(separator: " → ")
        }
    }

    func traceText() -> String {
        let moment = timeline[position]
        var lines = ["`\(moment.step.replText)`:"]
        for (index, step) in moment.steps.enumerated() {
            lines.append("  step \(index + 1)")
            lines += step.trace.map { "    \($0.description)" }
            lines += step.effects.map { "    effect \(Self.describe($0))" }
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ effect: Effect) -> String {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            "call #\(id) \(service).\(operation) \(ChangePrinter.short(Value.record(arguments).literal))"
        case .startTimer(let id, let deadline): "start timer #\(id) due at \(deadline)"
        case .cancelTimer(let id): "cancel timer #\(id)"
        case .openURL(let url): "open url \(url)"
        case .emit(let event, let payload): "emit \(OutputEvent(event: event, payload: payload))"
        case .persist(let name, let value): "persist \(name) = \(ChangePrinter.short(value.literal))"
        case .play(let mode, let line): "play \(mode) from line \(line)"
        case .stopPlayback: "stop playback"
        case .cancelCall(let id, let service, let operation): "cancel call #\(id) \(service).\(operation)"
        case .stopRecording(let call): "stop the recording started by call #\(call), keeping the take"
        }
    }

    func historyText() -> String {
        guard timeline.count > 1 else { return style.dim("(no commands yet)") }
        return timeline.enumerated().dropFirst().map { index, moment in
            let line = "\(index). \(moment.step.replText)" + (index == position ? "   ← now" : "")
            return index > position ? style.dim(line + " (undone)") : line
        }.joined(separator: "\n")
    }

    /// `outcome store.purchase cancelled`: the next call of that operation ends this way instead of reaching the service.
    func scriptOutcome(_ call: String, _ outcome: ServiceOutcome) async -> Reply {
        let names = serviceOperations()
        guard names.contains(call) else {
            let hint = Suggestion.closest(to: call, in: names).map { "; did you mean `\($0)`?" } ?? ""
            return failure("no service operation `\(call)`\(hint)")
        }
        await driver.script(call, outcome)
        return Reply(text: "the next \(call) will end: \(ChangePrinter.describe(outcome))")
    }

    /// Every `service.operation` the flow's services answer.
    func serviceOperations() -> [String] {
        embedded.services.keys.sorted().flatMap { name in
            (embedded.services[name]?.operations ?? []).sorted().map { "\(name).\($0)" }
        }
    }
}
