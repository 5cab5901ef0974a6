extension Vocabulary {
    /// Navigation actions that take a screen and arguments.
    private static func navigation(
        _ kind: String, doc: String, example: String, arguments: Bool = true, opens: Bool = false
    ) -> (KindSpec, [KeySpec]) {
        let with = KeySpec("with", assignments, doc: "the target screen's parameters", example: "{ entry: item }")
            .naming(.parameter)
        let animated = KeySpec("animated", .bool, default: "true", doc: "animate the transition", example: "false")
        let onResult = KeySpec(
            "on_result", .actions, doc: "run here when the opened screen hands a result back; `result` is the value",
            example: "[{ set: { clip: result } }]")
        return (
            KindSpec(kind, place: .action(kind), doc: doc, example: example),
            [KeySpec(kind, .name, required: true, doc: "the target screen", example: "main").naming(.screen)]
                + (arguments ? [with] : []) + (opens ? [onResult] : []) + [animated]
        )
    }

    /// Actions written as a bare word: `- dismiss`; navigation ones may say whether they animate, and the ones that
    /// close a screen may hand a result back (`dismiss: { result: clip }`).
    private static func closing(_ kind: String, doc: String, animates: Bool = true, hands: Bool = false) -> (
        KindSpec, [KeySpec]
    ) {
        let animated = KeySpec("animated", .bool, default: "true", doc: "animate the transition", example: "false")
        let type: KeyType = hands ? .either([.flag, .object(.handedResult)]) : .flag
        return (
            KindSpec(kind, place: .action(kind), doc: doc, example: "`- \(kind)`"),
            [KeySpec(kind, type, required: true, doc: doc, example: "true")] + (animates ? [animated] : [])
        )
    }

    private static func timer(_ kind: String, doc: String, example: String) -> (KindSpec, [KeySpec]) {
        (
            KindSpec(kind, place: .action(kind), doc: doc, example: example),
            [
                KeySpec(kind, .duration, required: true, doc: "the delay", example: "3s"),
                KeySpec("do", .actions, required: true, doc: "the actions run", example: "[dismiss]"),
                KeySpec("id", .name, doc: "names the timer for `cancel_timer`", example: "countdown"),
            ]
        )
    }

    /// A list action: the list (a variable or a path `set:` could write), with `at:` and `value:` as it needs.
    private static func listEdit(_ kind: String, doc: String, example: String) -> (KindSpec, [KeySpec]) {
        let operation = ListEdit.Operation(rawValue: kind) ?? .append
        return (
            KindSpec(kind, place: .action(kind), doc: doc, example: example),
            [
                KeySpec(kind, .name, required: true, doc: "the list variable (or `record.field`)", example: "people")
                    .naming(.data)
            ]
                + (operation.takesPosition
                    ? [KeySpec("at", .expression, required: true, doc: "the position, from 0", example: "selected")]
                    : [])
                + (operation.takesValue
                    ? [KeySpec("value", .expression, required: true, doc: "the item", example: "\"{name: name}\"")]
                    : [])
        )
    }

    /// Action kinds in the order the docs list them, each with its keys (the first is the kind itself).
    static let actionKindTable: [(kind: KindSpec, keys: [KeySpec])] = [
        navigation(
            "present", doc: "present modally on top", example: "`present: donate_form` + `with: {…}`", opens: true),
        navigation(
            "show", doc: "push inside the current navigation controller (modal without one, as UIKit)",
            example: "`show: donate_one_post` + `with:`", opens: true),
        closing("dismiss", doc: "close the top modal with its whole push stack", hands: true),
        closing("pop", doc: "pop the top screen of the navigation controller (ignored at its root)", hands: true),
        closing("pop_to_root", doc: "pop to the navigation controller's root"),
        navigation(
            "unwind", doc: "pop and dismiss back to the nearest instance of a screen", example: "`unwind: main`",
            arguments: false),
        navigation("replace", doc: "replace the top screen in place", example: "`replace: home` + `with:`"),
        (
            KindSpec(
                "goto", place: .action("goto"), doc: "switch the screen's nested state", example: "`goto: recording`"),
            [KeySpec("goto", .name, required: true, doc: "the state", example: "idle").naming(.state)]
        ),
        (
            KindSpec(
                "set", place: .action("set"), doc: "assign variables and fields",
                example: "`set: { count: \"count + 1\", form.photo: result.path }`"),
            [
                KeySpec("set", assignments, required: true, doc: "names to new values", example: "{ n: \"n + 1\" }")
                    .naming(.data)
            ]
        ),
        (
            KindSpec(
                "let", place: .action("let"), doc: "name values for the rest of the action list (read-only locals)",
                example: "`let: { person: \"people[selected]\" }`"),
            [KeySpec("let", assignments, required: true, doc: "names to values", example: "{ total: \"a + b\" }")]
        ),
        listEdit("append", doc: "add an item at the end of a list variable", example: "`append: people` + `value:`"),
        listEdit(
            "insert", doc: "insert an item into a list variable before position `at`",
            example: "`insert: people` + `at: 0` + `value:`"),
        listEdit(
            "remove_at", doc: "remove the item at position `at` of a list variable",
            example: "`remove_at: people` + `at: i`"),
        listEdit(
            "replace_at", doc: "replace the item at position `at` of a list variable",
            example: "`replace_at: people` + `at: i` + `value:`"),
        (
            KindSpec(
                "send", place: .action("send"), doc: "raise an event, handled before the next outside input",
                example: "`send: buy` + `with: { item: item }`"),
            [
                KeySpec(
                    "send", .name, required: true,
                    doc: "the event; beside `event`, the one sent when it gives null, or left empty",
                    example: "refresh"
                ).naming(.event),
                KeySpec(
                    "event", .expression,
                    doc:
                        "the event's name, computed when sent (SCXML's `eventexpr`); a name no state takes is dropped, and not a text is a run-time error",
                    example: "\"'step_' + next\""
                ).excluding(["delay"], because: "a computed event is sent at once"),
                KeySpec("with", assignments, doc: "the event's payload (read when sent)", example: "{ item: item }"),
                KeySpec(
                    "data", .expression, doc: "the event's whole payload, any value, instead of `with`'s fields",
                    example: "\"[1, 2, 3]\""
                ).excluding(["with"], because: "the payload is either fields or one value"),
                KeySpec(
                    "type", .oneOf(EventKind.allCases.map(\.rawValue)), default: "internal",
                    doc:
                        "`external`: it waits until the machine has settled, like an outside event; `platform`: it is delivered as Segue's own events are; the handler reads it as `current_event.type`",
                    example: "external"),
                KeySpec(
                    "delay", .duration,
                    doc:
                        "send it later: it waits on the clock, then is delivered as `type` says; leaving the state that sent it does not cancel it, leaving the screen does",
                    example: "1.5s"),
                KeySpec(
                    "id", .string,
                    doc:
                        "the send's id, read by the handler as `current_event.sendid`; with `delay`, `cancel_timer: id` cancels it",
                    example: "ping1"),
                KeySpec(
                    "to", .name,
                    doc:
                        "another session: `parent` (the chart that invoked this one), or an invocation's `id`; the event waits in its external queue",
                    example: "parent"
                ).excluding(
                    ["type", "target", "processor"],
                    because: "an event for another session waits in its external queue, carried by SCXML's processor"),
                KeySpec(
                    "id_as", .name,
                    doc:
                        "a variable that receives an id generated for this send (`send.1`, `send.2`, …; SCXML's `idlocation`), used as `id` is",
                    example: "ping_id"
                ).excluding(["id"], because: "the id is either written or generated").naming(.data),
                KeySpec(
                    "target", .expression,
                    doc:
                        "where it goes, computed when sent (SCXML's `targetexpr`): `'#_internal'` the internal queue, this session's `'#_scxml_' + session.id` the external one, null as `type` says; another session raises `error.communication`, anything else `error.execution`",
                    example: "current_event.origin"
                ).excluding(["delay"], because: "a computed target picks the queue at once"),
                KeySpec(
                    "processor", .expression,
                    doc:
                        "the event I/O processor that carries it, computed when sent (SCXML's `typeexpr`): SCXML's own, `'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'` or `'scxml'`, or null; any other raises `error.execution`",
                    example: "current_event.origintype"
                ).excluding(["delay"], because: "a computed processor is asked at once"),
            ]
        ),
        (
            KindSpec(
                "emit", place: .action("emit"),
                doc:
                    "send an output event to whoever runs the flow (the host app, the REPL, a scenario); no screen handles it",
                example: "`emit: purchase_completed` + `with: { product: event.item.id }`"),
            [
                KeySpec("emit", .name, required: true, doc: "the output event", example: "purchase_completed"),
                KeySpec("with", assignments, doc: "the event's payload", example: "{ product: event.item.id }"),
            ]
        ),
        (
            KindSpec("call", place: .action("call"), doc: "call a service operation", example: "see below"),
            [
                KeySpec(
                    "call",
                    .matching(
                        pattern: "^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*$", shape: "`service.operation`"),
                    required: true, doc: "the service and operation", example: "board.list_entries"
                ).naming(.operation),
                KeySpec("with", assignments, doc: "the operation's parameters", example: "{ page: 1 }"),
                KeySpec("as", .name, doc: "the variable receiving the result", example: "entries").naming(.data),
                KeySpec("ok", .actions, doc: "run on success; `result` is the result", example: "[dismiss]"),
                KeySpec(
                    "error", .actions, doc: "run on failure; `error` is the error",
                    example: "[{ alert: { title: Oops } }]"),
                KeySpec("cancelled", .actions, doc: "run when the person cancels", example: "[pop]"),
                KeySpec(
                    "codes", .mapping(of: .actions), doc: "an API's error code → actions, before `error`",
                    example: "{ \"11\": [dismiss] }"),
            ]
        ),
        (
            KindSpec(
                "alert", place: .action("alert"),
                doc: "an SPAlert-style alert (`done`, `error`, `heart`, `none`); it does not block",
                example: "`alert: { image: done, title: Отлично, message: … }`"),
            [KeySpec("alert", .object(.alert), required: true, doc: "what it shows", example: "{ title: Saved }")]
        ),
        (
            KindSpec("if", place: .action("if"), doc: "branch", example: "`if: expr` + `then:` + `else:`"),
            [
                KeySpec("if", .expression, required: true, doc: "the condition", example: "\"n > 0\""),
                KeySpec("then", .actions, required: true, doc: "run when it holds", example: "[dismiss]"),
                KeySpec("else", .actions, doc: "run otherwise", example: "[pop]"),
            ]
        ),
        (
            KindSpec(
                "foreach", place: .action("foreach"),
                doc: "run actions once for each item of a list, in order; the list is read once, before the first pass",
                example: "`foreach: entries` + `item: entry` + `do: […]`"),
            [
                KeySpec("foreach", .expression, required: true, doc: "the list", example: "entries"),
                KeySpec(
                    "item", .name, default: "item", doc: "the name each item is bound to inside `do`",
                    example: "entry"),
                KeySpec(
                    "index", .name, default: "index", doc: "the name of the item's position (from 0) inside `do`",
                    example: "position"),
                KeySpec(
                    "do", .actions, required: true, doc: "the actions run for each item",
                    example: "[{ set: { total: \"total + entry\" } }]"),
            ]
        ),
        timer("after", doc: "run actions after a delay", example: "`after: 3s` + `do:` + `id:`"),
        timer(
            "every", doc: "run actions repeatedly until cancelled or the screen goes",
            example: "`every: 1s` + `do:` + `id:`"),
        (
            KindSpec(
                "cancel_timer", place: .action("cancel_timer"), doc: "cancel a timer by id",
                example: "`cancel_timer: countdown`"),
            [
                KeySpec(
                    "cancel_timer", .name, required: true,
                    doc: "the timer's id; beside `timer`, the one cancelled when it gives null, or left empty",
                    example: "countdown"),
                KeySpec(
                    "timer", .expression,
                    doc:
                        "the id computed when it runs (SCXML's `sendidexpr`), a text; no timer with it cancels nothing, anything else but null is a run-time error",
                    example: "ping_id"),
            ]
        ),
        (
            KindSpec(
                "open_url", place: .action("open_url"), doc: "open a link", example: "`open_url: \"${entry.url}\"`"),
            [KeySpec("open_url", .template, required: true, doc: "the link", example: "https://example.org")]
        ),
        (
            KindSpec(
                "play", place: .action("play"), doc: "playback (below)",
                example: "`play: line` + `line: index`, or `play: continuous`"),
            [
                KeySpec(
                    "play", .oneOf(PlayRequest.Mode.allCases.map(\.rawValue)), required: true,
                    doc: "one line, or on to the end", example: "continuous"),
                KeySpec("line", .expression, doc: "the line's index (with `play: line`)", example: "index"),
            ]
        ),
        closing("stop_playback", doc: "stop playback", animates: false),
    ]

    static let actionPlaces: [PlaceSpec] =
        actionKindTable.map {
            var spec = PlaceSpec($0.kind.place, title: "a `\($0.kind.name)` action", doc: $0.kind.doc, keys: $0.keys)
            if $0.kind.name == "play" { spec.requiredWhen = [("play", PlayRequest.Mode.line.rawValue, "line")] }
            return spec
        } + [
            PlaceSpec(
                .alert, title: "`alert`", doc: "an alert's contents",
                keys: [
                    KeySpec(
                        "image", .oneOf(AlertSpec.Image.allCases.map(\.rawValue)), default: "none",
                        doc: "the picture above the title", example: "done"),
                    KeySpec(
                        "title", .template,
                        doc:
                            "the title; without one, an `error` alert shows the default error alert's (`Error`, `Ошибка`)",
                        example: "Saved"),
                    KeySpec(
                        "message", .template,
                        doc:
                            "the text below; without one, an `error` alert where an error is handled shows `error.message`",
                        example: "Thank you"),
                ]),
            PlaceSpec(
                .handedResult, title: "a result handed back",
                doc: "what `dismiss` or `pop` hands to the `on_result` of the navigation that opened the screen",
                keys: [
                    KeySpec(
                        "result", .expression, required: true, doc: "the value, of the screen's `returns` type",
                        example: "result")
                ]),
        ]
}
