extension Vocabulary {
    /// A `data:` variable or a parameter: a bare type, or a mapping of its keys.
    static let variableDeclaration = KeyType.either([.typeText, .object(.variable)])
    static let parameterDeclaration = KeyType.either([.typeText, .object(.parameter)])
    /// `event: [actions]`, or guarded alternatives `[{ when:, do: }, …]` tried in order.
    static let handler = KeyType.either([.actions, .list(of: .object(.alternative))])
    static let handlers = KeyType.mapping(of: handler)
    /// The layout styles the renderer and the diagrams implement (a screen's `layout.style`, a list's `layout`).
    public static let layoutStyles = ["table", "grouped_inset", "collection", "scroll"]

    static let flowPlaces: [PlaceSpec] = [
        PlaceSpec(
            .flow, title: "a flow file", doc: "the top level of a flow file",
            keys: [
                KeySpec("segue", .constant(1), required: true, doc: "format version; `1`", example: "1"),
                KeySpec("flow", .name, required: true, doc: "the flow's id", example: "donate"),
                KeySpec("title", .string, doc: "a human title", example: "Donations"),
                KeySpec("start", .name, required: true, doc: "the screen shown at launch", example: "main").naming(
                    .screen),
                KeySpec(
                    "locale", .string,
                    doc: "the locale built-in texts are shown in (`en`, `ru`); default: the device's",
                    example: "ru"),
                KeySpec(
                    "messages",
                    .mapping(of: .either([.string, .mapping(of: .either([.string, .mapping(of: .string)]))])),
                    doc: "the flow's own texts for built-in messages, by id, for every locale or per locale (below)",
                    example: "{ rule.required: Заполните поле }"),
                KeySpec(
                    "imports", .either([.string, .list(of: .string)]),
                    doc: "other flow files whose `components` and `types` this file uses (relative to it)",
                    example: "[common.yaml]"),
                KeySpec(
                    "types", .mapping(of: .recordFields), doc: "named record types and their computed fields (below)",
                    example: "{ Entry: { id: int, title: string } }"),
                KeySpec(
                    "events", .mapping(of: .either([.nothing, .mapping(of: .typeText)])),
                    doc: "typed event payloads (below)", example: "{ buy: { product: string } }"),
                KeySpec(
                    "services", .mapping(of: serviceDeclaration), doc: "the services the flow calls (below)",
                    example: "{ store: { kind: store } }"),
                KeySpec(
                    "data", .mapping(of: variableDeclaration), doc: "flow-wide variables (below)",
                    example: "{ count: int }"),
                KeySpec(
                    "let", .mapping(of: .expression),
                    doc: "named values every expression may read, computed where they are used (below)",
                    example: "{ margin: \"device.os_major >= 13 ? 20 : 16\" }"),
                KeySpec(
                    "functions", .mapping(of: .object(.function)),
                    doc: "pure computations with typed parameters every expression may call (below)",
                    example: "{ day: { parameters: { text: string }, value: \"parse_date(text, 'dd.MM.yyyy')\" } }"),
                KeySpec(
                    "theme", .any, doc: "design tokens (colours, icons, assets, styles) readable as `theme.*`",
                    example: "{ styles: { primary: { background: blue } } }"),
                KeySpec(
                    "components", .mapping(of: .object(.component)), doc: "reusable element groups (below)",
                    example: "{ card: { elements: [{ text: caption, value: Hi }] } }"),
                KeySpec(
                    "screens", .mapping(of: .object(.screen)), required: true, doc: "the screens (below)",
                    example: "{ main: { elements: [{ text: hello, value: Hi }] } }"),
                KeySpec(
                    "invariants", .mapping(of: .either([.expression, .object(.invariant)])),
                    doc: "conditions that must hold in every reachable state", example: "{ positive: \"count >= 0\" }"),
                KeySpec(
                    "reachable", .mapping(of: .either([.expression, .object(.invariant)])),
                    doc: "conditions some run must reach (`segue check`)", example: "{ entry_on_board: has_entry }"),
                KeySpec(
                    "always_possible", .mapping(of: .either([.expression, .object(.invariant)])),
                    doc: "conditions a run can still reach from every reachable state (`segue check`)",
                    example: "{ back_home: \"screen == 'main'\" }"),
                KeySpec(
                    "on_error", .actions, doc: "the last handler for errors before the default error alert",
                    example: "[{ alert: { title: Oops } }]"),
                KeySpec(
                    "on", handlers,
                    doc: "the last responder: events no screen on the stack handles (event → actions or alternatives)",
                    example: "{ signed_out: [{ unwind: main }] }"
                ).naming(.event),
            ]),
        PlaceSpec(
            .variable, title: "a variable", doc: "a `data:` variable written as a mapping",
            keys: [
                KeySpec("type", .typeText, required: true, doc: "the variable's type", example: "int"),
                KeySpec(
                    "default", .either([.expression, .list(of: .any), .mapping(of: .any)]),
                    doc: "the initial value (otherwise `null`, `0`, `\"\"`, `false`, `[]`, `{}` by type)", example: "0"),
                KeySpec(
                    "persist", .bool, default: "false", doc: "saved after every change and restored at launch",
                    example: "true"),
                KeySpec(
                    "from_defaults", .string, doc: "read at launch from the defaults service under this key",
                    example: "donor_name"),
            ]),
        {
            var spec = PlaceSpec(
                .parameter, title: "a parameter", doc: "a screen's or component's parameter written as a mapping",
                keys: [
                    KeySpec("type", .typeText, required: true, doc: "the parameter's type", example: "string"),
                    KeySpec(
                        "default", .expression, doc: "the value when the caller passes none", example: "\"\""),
                ])
            let reason =
                "a parameter is passed by its caller each time and cannot be saved or read from defaults; "
                + "declare a `data:` variable with `persist: true` or `from_defaults:` and pass it as the argument"
            spec.refused = [("persist", reason), ("from_defaults", reason)]
            return spec
        }(),
        PlaceSpec(
            .function, title: "a function", doc: "a flow function: a pure computation with typed parameters",
            keys: [
                KeySpec(
                    "parameters", .mapping(of: .typeText), doc: "its parameters and their types, in call order",
                    example: "{ text: string }"),
                KeySpec("returns", .typeText, doc: "its result type (default: the type of `value`)", example: "date?"),
                KeySpec(
                    "value", .expression, required: true, doc: "what it computes, from its parameters alone",
                    example: "\"parse_date(text, 'dd.MM.yyyy')\""),
            ]),
        PlaceSpec(
            .invariant, title: "an invariant", doc: "an invariant written as a mapping",
            keys: [
                KeySpec("holds", .expression, required: true, doc: "the condition", example: "\"count >= 0\""),
                KeySpec("message", .string, doc: "shown when it does not hold", example: "count went negative"),
            ]),
        PlaceSpec(
            .component, title: "a component", doc: "a reusable group of elements",
            keys: [
                KeySpec(
                    "parameters", .mapping(of: parameterDeclaration), doc: "what a use passes in `with:`",
                    example: "{ entry: Entry }"),
                KeySpec(
                    "let", .mapping(of: .expression),
                    doc:
                        "named values its elements may read, computed where they are used with the parameters in scope",
                    example: "{ full_name: \"entry.name + ' ' + entry.surname\" }"),
                KeySpec("elements", .elements, doc: "what the component shows", example: "[{ text: t, value: Hi }]"),
                KeySpec("layout", .object(.layout), doc: "how its elements are laid out", example: "{ scroll: true }"),
            ]),
        PlaceSpec(
            .screen, title: "a screen", doc: "one screen of the flow",
            keys: [
                KeySpec("title", .template, doc: "the navigation title", example: "Donate"),
                KeySpec(
                    "navigation", .bool, default: "false",
                    doc: "the screen is the root of a navigation controller: `show` pushes inside it",
                    example: "true"),
                KeySpec(
                    "parameters", .mapping(of: parameterDeclaration),
                    doc: "values passed by `present`/`show`/`replace` `with:`", example: "{ entry: Entry }"),
                KeySpec(
                    "data", .mapping(of: variableDeclaration), doc: "screen-local variables", example: "{ n: int }"),
                KeySpec(
                    "returns", .typeText,
                    doc: "the type of the result it hands back by `dismiss`/`pop` `{ result: … }` to `on_result`",
                    example: "Take"),
                KeySpec(
                    "let", .mapping(of: .expression),
                    doc: "named values the screen's expressions may read, computed where they are used",
                    example: "{ columns: \"device.width >= 414 ? 3 : 2\" }"),
                KeySpec("layout", .object(.layout), doc: "how the elements are laid out", example: "{ scroll: true }"),
                KeySpec(
                    "elements", .elements, doc: "what the screen shows, in order",
                    example: "[{ text: hello, value: Hi }]"),
                KeySpec("on_enter", .actions, doc: "run when the screen is entered", example: "[{ set: { n: 1 } }]"),
                KeySpec("on_exit", .actions, doc: "run when the screen is left", example: "[stop_playback]"),
                KeySpec(
                    "on", handlers,
                    doc: "event → actions, or a list of `{ when: expr, do: actions }` alternatives tried in order",
                    example: "{ refresh: [{ set: { n: 0 } }] }"
                ).naming(.event),
                KeySpec("on_error", .actions, doc: "errors no call branch handled", example: "[dismiss]"),
                KeySpec(
                    "initial_state", .either([.name, .list(of: .name)]),
                    doc:
                        "the nested state entered first (default: the first in `states`), or deeper states entered at once with their ancestors: one in each region of a parallel state",
                    example: "idle"
                ).needing(KeyRequirement("states")).naming(.state),
                KeySpec(
                    "states", .mapping(of: .object(.state)), doc: "a nested statechart (below)",
                    example: "{ idle: {}, busy: {} }"),
                KeySpec(
                    "parallel", .bool, default: "false", doc: "the nested states are all active at once",
                    example: "true"
                ).needing(KeyRequirement("states")),
                KeySpec(
                    "playback", .object(.playback), doc: "line-by-line audio playback (below)",
                    example: "{ lines: lines, current: current }"),
                KeySpec(
                    "recording", .object(.recording), doc: "audio recording with a level meter (below)",
                    example: "{ countdown: 3 }"),
            ]),
        PlaceSpec(
            .state, title: "a state", doc: "a nested state of a screen",
            keys: [
                KeySpec("on_enter", .actions, doc: "run when the state is entered", example: "[{ set: { n: 1 } }]")
                    .excluding(["history"], because: "a history state is never active"),
                KeySpec("on_exit", .actions, doc: "run when the state is left", example: "[{ set: { n: 0 } }]")
                    .excluding(["history"], because: "a history state is never active"),
                KeySpec(
                    "on", handlers,
                    doc:
                        "event descriptor → actions or transitions while in this state (`error` matches `error.x`, `*` any)",
                    example: "{ stop: [{ goto: idle }] }"
                ).excluding(["final", "history"], because: "a final or history state has no transitions").naming(
                    .event),
                KeySpec(
                    "always", .list(of: .object(.alternative)),
                    doc: "eventless transitions, taken as soon as their guard holds",
                    example: "[{ when: \"n > 9\", goto: full }]"
                ).excluding(["final", "history"], because: "a final or history state has no transitions"),
                KeySpec(
                    "initial", .either([.name, .list(of: .name)]),
                    doc:
                        "the child state entered first (default: the first child), or descendants entered at once with their ancestors: one in each region of a parallel state",
                    example: "a"
                )
                .needing(KeyRequirement("states")).naming(.state),
                KeySpec(
                    "initial_do", .actions,
                    doc:
                        "the initial transition's actions (SCXML's `<initial>` content): run when the state is entered by default, after its `on_enter` and before its initial children's",
                    example: "[{ send: started }]"
                )
                .needing(KeyRequirement("states"))
                .excluding(["parallel"], because: "a parallel state enters every region; it has no initial transition"),
                KeySpec("states", .mapping(of: .object(.state)), doc: "child states", example: "{ a: {}, b: {} }")
                    .excluding(["final", "history"], because: "a final or history state has no children"),
                KeySpec("parallel", .bool, default: "false", doc: "the child states are all active", example: "true")
                    .needing(KeyRequirement("states")),
                KeySpec(
                    "final", .bool, default: "false",
                    doc: "entering it completes the parent (`done.state.<parent>`); at the top it ends the flow",
                    example: "true"),
                KeySpec(
                    "done_data", .expression,
                    doc:
                        "a final state's result: the payload of `done.state.<parent>` (`event` in its handler), read as the state is entered",
                    example: "\"{ total: total }\""
                ).needing(KeyRequirement("final", "true")),
                KeySpec(
                    "history", .oneOf(HistoryDepth.allCases.map(\.rawValue)),
                    doc: "a history pseudo-state: re-enters the parent's last active child (`deep`: every descendant)",
                    example: "shallow"
                ).excluding(["final"], because: "a history state is a pseudo-state, never final"),
                KeySpec(
                    "default", .object(.historyDefault), doc: "the transition a history state takes the first time",
                    example: "{ goto: idle }"
                ).needing(KeyRequirement("history")),
                KeySpec(
                    "invoke", .either([.object(.invocation), .list(of: .object(.invocation))]),
                    doc:
                        "child charts, each run as its own session from the end of the step that enters the state until the state is left",
                    example: "{ id: worker, chart: { segue: 1, flow: worker, start: chart, screens: { chart: {} } } }"
                ).excluding(["final", "history"], because: "a final or history state is never active long enough"),
            ]),
        PlaceSpec(
            .invocation, title: "an invocation",
            doc:
                "a child chart run as its own session (SCXML's `<invoke>`): its own data, queues and timers; its events reach the parent's external queue",
            keys: [
                KeySpec(
                    "chart", .object(.flow), required: true,
                    doc: "the child: a whole flow written inline, whose first screen's `states:` is the chart",
                    example: "{ segue: 1, flow: worker, start: chart, screens: { chart: { states: { busy: {} } } } }"),
                KeySpec(
                    "when", .expression,
                    doc:
                        "starts the session only if it holds as the session would start (one that fails raises its error and starts none)",
                    example: "\"signed_in\""),
                KeySpec(
                    "id", .name,
                    doc:
                        "names the session for `send … to:`, `done.invoke.<id>` and `current_event.invokeid` (default: `<state>.<n>`)",
                    example: "worker"),
                KeySpec(
                    "idlocation", .name, doc: "a text data variable that receives the id as the session starts",
                    example: "worker_id"
                ).naming(.data),
                KeySpec(
                    "autoforward", .bool, default: "false",
                    doc: "every external event the parent takes is sent on to the child", example: "true"),
                KeySpec(
                    "with", assignments, doc: "values for the child's data variables, computed as it starts",
                    example: "{ job: job }"),
                KeySpec(
                    "finalize", .actions,
                    doc: "run before each event from the child is handled, with `current_event` bound to it",
                    example: "[{ set: { last: current_event.data } }]"),
            ]),
        PlaceSpec(
            .historyDefault, title: "a history default",
            doc: "the transition a history state takes before its parent was left",
            keys: [
                KeySpec(
                    "goto", .either([.name, .list(of: .name)]), required: true,
                    doc: "the state entered, or one state in each of several regions of a parallel state",
                    example: "idle"
                ).naming(.state),
                KeySpec("do", .actions, doc: "run between the exits and the entries", example: "[{ set: { n: 0 } }]"),
            ]),
        {
            var alternative = PlaceSpec(
                .alternative, title: "a transition",
                doc: "one `{ when:, goto:, type:, do: }` transition of a handler or of `always:`",
                keys: [
                    KeySpec("when", .expression, doc: "the guard; absent means always", example: "\"n > 0\""),
                    KeySpec(
                        "goto", .either([.name, .list(of: .name)]),
                        doc: "the target state: exits, then `do`, then entries (absent: targetless, no state changes); "
                            + "a list enters one state in each of several regions of a parallel state at once",
                        example: "idle"
                    ).naming(.state),
                    KeySpec(
                        "type", .oneOf(["external", "internal"]), default: "external",
                        doc: "`internal`: a transition into the source's own descendants does not exit the source",
                        example: "internal"
                    ).needing(KeyRequirement("goto")),
                    KeySpec("do", .actions, doc: "the actions run when it is taken", example: "[dismiss]"),
                ])
            alternative.oneRequired = ["do", "goto"]
            return alternative
        }(),
        PlaceSpec(
            .layout, title: "`layout`", doc: "how a screen's or component's elements are laid out",
            keys: [
                KeySpec("margins", .expression, doc: "points to the safe area", example: "16"),
                KeySpec("scroll", .bool, doc: "the elements scroll", example: "true"),
                KeySpec("bottom_inset", .expression, doc: "points kept free at the bottom", example: "20"),
                KeySpec("style", .oneOf(layoutStyles), doc: "the UIKit presentation", example: "grouped_inset"),
            ]),
        PlaceSpec(
            .playback, title: "`playback`", doc: "line-by-line audio playback",
            keys: [
                KeySpec("lines", .expression, required: true, doc: "the list of lines", example: "lines"),
                KeySpec(
                    "current", .name, required: true, doc: "the variable holding the current line's index",
                    example: "current"
                ).naming(.data),
                KeySpec(
                    "highlight", .expression, doc: "the colour of the playing line", example: "theme.colors.playing"),
                KeySpec(
                    "clip", .expression, doc: "per line (`line`, `index`): `take` or `sample`, the clip played",
                    example: "\"'take'\""),
                KeySpec(
                    "volume", .expression, doc: "per line: the character's gain, times the take's own volume",
                    example: "1"),
                KeySpec(
                    "end_event", .name, doc: "raised when continuous playback has played the last line",
                    example: "finished"
                ).naming(.event),
            ]),
        PlaceSpec(
            .recording, title: "`recording`", doc: "audio recording with a level meter",
            keys: [
                KeySpec(
                    "countdown", .wholeNumber(minimum: 0), default: "0", doc: "seconds counted down before recording",
                    example: "3"),
                KeySpec("level", .name, doc: "the variable the live input level (0…1) is written to", example: "level")
                    .naming(.data),
                KeySpec(
                    "highlight", .expression, doc: "the colour of the line being recorded",
                    example: "theme.colors.recording"),
                KeySpec(
                    "meter_interval", .duration, default: "0.05s", doc: "how often the level is read on a live clock",
                    example: "50ms"),
            ]),
    ]
}
