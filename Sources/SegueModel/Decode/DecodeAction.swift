import SegueDiagnostics
import SegueYAML

extension FlowDecoder {
    /// An action list: a sequence of actions, or one action standing alone (`tap: { present: donate }`).
    mutating func actions(_ node: Node, context: @autoclosure () -> String) -> [Action] {
        switch node.content {
        case .scalar(let scalar) where scalar.value == .null:
            return []
        case .sequence(let items):
            return items.compactMap { decodeAction($0) }
        default:
            return decodeAction(node).map { [$0] } ?? []
        }
    }

    /// An action is a mapping whose first key is its kind (`- present: donate`), or a bare word (`- dismiss`).
    mutating func decodeAction(_ node: Node) -> Action? {
        if let scalar = node.scalar {
            guard Vocabulary.bareActionKinds.contains(scalar.text) else {
                unknownAction(scalar.text, at: node.range)
                return nil
            }
            if let kind = TransitionKind(rawValue: scalar.text) {
                return Action(
                    kind: .navigate(Navigation(kind: kind, target: nil, arguments: [], animated: true)),
                    range: node.range)
            }
            return Action(kind: .stopPlayback, range: node.range)
        }
        guard var reader = mapping(node, at: nil, context: "an action") else { return nil }
        guard let head = reader.entries.first(where: { Vocabulary.actionKindNames.contains($0.name) }) else {
            if let first = reader.first {
                unknownAction(first.name, at: first.key.range)
            } else {
                error(
                    DiagnosticCode.unknownKind, "an action starts with its kind, e.g. `- present: donate`",
                    at: node.range)
            }
            return nil
        }
        reader.enter(.action(head.name))
        reader.consume(head.name)
        let kind = actionKind(head, &reader)
        finish(reader)
        return kind.map { Action(kind: $0, range: node.range) }
    }

    private mutating func unknownAction(_ word: String, at range: SourceRange) {
        unknownKind(word, what: "action", plural: "actions", among: Vocabulary.actionKindNames, at: range)
    }

    private mutating func actionKind(_ head: MappingEntry, _ reader: inout MappingReader) -> Action.Kind? {
        let value = head.value
        switch head.name {
        case "present", "show", "replace", "unwind":
            let target = name(value, context: "the target screen of `\(head.name)`")
            let arguments =
                head.name == "unwind" ? [] : reader.take("with").map { assignments($0, context: "`with`") } ?? []
            let opens = head.name == "present" || head.name == "show"
            let onResult = opens ? reader.take("on_result").map { actions($0, context: "`on_result`") } : nil
            let animated = reader.take("animated").flatMap { bool($0, context: "`animated`") } ?? true
            guard let target, let kind = TransitionKind(rawValue: head.name) else { return nil }
            return .navigate(
                Navigation(kind: kind, target: target, arguments: arguments, animated: animated, onResult: onResult))
        case "dismiss", "pop", "pop_to_root":
            var result: ExpressionText?
            if value.mapping != nil, head.name != "pop_to_root" {
                guard var handed = mapping(value, at: .handedResult, context: "`\(head.name)`") else { return nil }
                result = handed.take("result").flatMap { expression($0, context: "`result`") }
                if !handed.has("result") { missing("result", in: handed) }
                finish(handed)
                guard result != nil else { return nil }
            } else {
                guard flag(value, context: "`\(head.name)`") else { return nil }
            }
            let animated = reader.take("animated").flatMap { bool($0, context: "`animated`") } ?? true
            guard let kind = TransitionKind(rawValue: head.name) else { return nil }
            return .navigate(Navigation(kind: kind, target: nil, arguments: [], animated: animated, result: result))
        case "goto":
            return name(value, context: "the state of `goto`").map { .goto($0) }
        case "set":
            return .set(assignments(value, context: "`set`"))
        case "let":
            return .bind(assignments(value, context: "`let`"))
        case "append", "insert", "remove_at", "replace_at":
            guard let operation = ListEdit.Operation(rawValue: head.name),
                let target = name(value, context: "the list of `\(head.name)`")
            else { return nil }
            if operation.takesPosition, !reader.has("at") { missing("at", in: reader) }
            if operation.takesValue, !reader.has("value") { missing("value", in: reader) }
            // Only the keys the action takes are read; `finish` reports any other as unknown.
            let position =
                operation.takesPosition ? reader.take("at").flatMap { expression($0, context: "`at`") } : nil
            let item = operation.takesValue ? reader.take("value").flatMap { expression($0, context: "`value`") } : nil
            return .listEdit(ListEdit(operation: operation, target: target, position: position, value: item))
        case "send":
            // `event: expr` computes the name when sent (SCXML's `eventexpr`); `send:` is then empty or the name
            // used when it gives null.
            let computedEvent = reader.take("event").flatMap { expression($0, context: "`event`") }
            let event: Name
            if let computedEvent, value.scalar?.value == .null {
                event = Name("", at: computedEvent.range)
            } else {
                guard let written = name(value, context: "the event of `send`") else { return nil }
                event = written
            }
            let arguments = reader.take("with").map { assignments($0, context: "`with`") } ?? []
            var delivery = SendDelivery()
            if let kind = reader.take("type").flatMap({ keyword($0, as: EventKind.self, context: "`type`") }) {
                delivery.kind = kind
            }
            delivery.id = reader.take("id").flatMap { string($0, context: "`id`") }
            delivery.session = reader.take("to").flatMap { name($0, context: "`to`")?.text }
            let options = SendOptions(
                data: reader.take("data").flatMap { expression($0, context: "`data`") },
                delay: reader.take("delay").flatMap { duration($0, context: "`delay`") }, event: computedEvent,
                target: reader.take("target").flatMap { expression($0, context: "`target`") },
                processor: reader.take("processor").flatMap { expression($0, context: "`processor`") },
                idLocation: reader.take("id_as").flatMap { name($0, context: "`id_as`") })
            let plain =
                options.data == nil && options.delay == nil && computedEvent == nil && options.target == nil
                && options.processor == nil && options.idLocation == nil
            return .send(event: event, arguments: arguments, delivery: delivery, options: plain ? nil : options)
        case "emit":
            guard let event = name(value, context: "the event of `emit`") else { return nil }
            return .emit(event: event, arguments: reader.take("with").map { assignments($0, context: "`with`") } ?? [])
        case "call":
            return decodeCall(value, &reader).map { .call($0) }
        case "alert":
            return decodeAlert(value).map { .alert($0) }
        case "if":
            guard let condition = expression(value, context: "the condition of `if`") else { return nil }
            let then = reader.take("then").map { actions($0, context: "`then`") }
            if then == nil { missing("then", in: reader) }
            let otherwise = reader.take("else").map { actions($0, context: "`else`") } ?? []
            return .branch(condition: condition, then: then ?? [], otherwise: otherwise)
        case "foreach":
            guard let list = expression(value, context: "the list of `foreach`") else { return nil }
            let body = reader.take("do").map { actions($0, context: "`do`") }
            if body == nil { missing("do", in: reader) }
            let item = reader.take("item").flatMap { name($0, context: "`item`") }
            let index = reader.take("index").flatMap { name($0, context: "`index`") }
            return .forEach(ForEachLoop(list: list, item: item, index: index, actions: body ?? []))
        case "after", "every":
            guard let delay = duration(value, context: "`\(head.name)`") else { return nil }
            let body = reader.take("do").map { actions($0, context: "`do`") }
            if body == nil { missing("do", in: reader) }
            let id = reader.take("id").flatMap { name($0, context: "`id`") }
            return .timer(TimerSpec(id: id, delay: delay, repeats: head.name == "every", actions: body ?? []))
        case "cancel_timer":
            // `timer: expr` computes the id when it runs (SCXML's `sendidexpr`); `cancel_timer:` is then left empty
            // or the id cancelled when it gives null.
            let computed = reader.take("timer").flatMap { expression($0, context: "`timer`") }
            if let computed, value.scalar?.value == .null {
                return .cancelTimer(Name("", at: computed.range), computed: computed)
            }
            return name(value, context: "the timer id").map { .cancelTimer($0, computed: computed) }
        case "open_url":
            return template(value, context: "`open_url`").map { .openURL($0) }
        case "play":
            guard let mode = keyword(value, as: PlayRequest.Mode.self, context: "`play`") else { return nil }
            // `play: line` without `line:` is reported by `finish` (the vocabulary's `requiredWhen`).
            let line = reader.take("line").flatMap { expression($0, context: "`line`") }
            return .play(PlayRequest(mode: mode, line: line))
        case "stop_playback":
            return flag(value, context: "`stop_playback`") ? .stopPlayback : nil
        default:
            return nil
        }
    }

    /// A bare action's value: nothing (`stop_playback:`) or a boolean; anything else is reported.
    private mutating func flag(_ value: Node, context: @autoclosure () -> String) -> Bool {
        value.scalar?.value == .null || bool(value, context: context()) != nil
    }

    /// `call: board.add_entry` with `with`, `as`, `ok`, `error`, `cancelled`, `codes`.
    private mutating func decodeCall(_ value: Node, _ reader: inout MappingReader) -> Call? {
        guard let text = string(value, context: "`call`") else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            error(
                DiagnosticCode.invalidValue,
                "`call` names a service and an operation: `service.operation`, found `\(text)`",
                at: value.range)
            return nil
        }
        let serviceLength = parts[0].utf8.count
        let serviceRange = value.sourceRange(ofTextOffset: 0, length: serviceLength, in: file)
        let operationRange = value.sourceRange(
            ofTextOffset: serviceLength + 1, length: parts[1].utf8.count, in: file)
        var call = Call(
            service: Name(String(parts[0]), at: serviceRange), operation: Name(String(parts[1]), at: operationRange),
            arguments: reader.take("with").map { assignments($0, context: "`with`") } ?? [],
            resultVariable: reader.take("as").flatMap { name($0, context: "`as`") },
            ok: reader.take("ok").map { actions($0, context: "`ok`") },
            error: reader.take("error").map { actions($0, context: "`error`") },
            cancelled: reader.take("cancelled").map { actions($0, context: "`cancelled`") }, codes: [])
        if let codes = reader.take("codes") {
            if let entries = codes.mapping {
                call.codes = entries.map {
                    (Name($0.name, at: $0.key.range), actions($0.value, context: "code `\($0.name)`"))
                }
            } else {
                typeMismatch(codes, expected: "a mapping of error codes to actions", context: "`codes`")
            }
        }
        return call
    }

    private mutating func decodeAlert(_ node: Node) -> AlertSpec? {
        guard var reader = mapping(node, at: .alert, context: "`alert`") else { return nil }
        let image = reader.take("image").flatMap { keyword($0, as: AlertSpec.Image.self, context: "`image`") } ?? .none
        let title = reader.take("title").flatMap { template($0, context: "`title`") }
        let message = reader.take("message").flatMap { template($0, context: "`message`") }
        finish(reader)
        // A title that failed to decode was reported; a missing one is the default (`AlertSpec.title`).
        guard title != nil || !reader.has("title") else { return nil }
        return AlertSpec(image: image, title: title, message: message)
    }
}
