/// What each diagnostic code means, in one sentence, and where docs/diagnostics.md explains it.
///
/// SARIF output names a rule per code from this table, which scripts/gen-diagnostic-catalog.py writes from
/// docs/diagnostics.md; a test fails when they drift apart.
///
///     DiagnosticCatalog.summary(of: "C101")  // "`start`, `present`, … names no screen."
///     DiagnosticCatalog.anchor(of: "C101")   // "c101"
public enum DiagnosticCatalog {
    /// docs/diagnostics.md's path in Segue's repository.
    public static let documentPath = "docs/diagnostics.md"

    /// The sentence docs/diagnostics.md opens the code's section with (for Y codes, what the table's row is about).
    public static func summary(of code: String) -> String? { summaries[code] }

    /// The anchor of the code's place in docs/diagnostics.md: its own `### C101` heading, or the YAML section's.
    public static func anchor(of code: String) -> String {
        code.hasPrefix("Y") ? "yaml-y" : code.lowercased()
    }

    /// Every code the catalog describes.
    public static var codes: [String] { summaries.keys.sorted() }

    private static let summaries: [String: String] = [
        "Y001": "The file is larger than the limit for a flow file.",
        "Y002": "The file is not valid UTF-8 text.",
        "Y003": "A control character that YAML does not allow.",
        "Y004": "A YAML syntax error.",
        "Y005": "A tab character used for indentation.",
        "Y006": "A quoted string with no closing quote.",
        "Y007": "More than one YAML document in a flow file.",
        "Y008": "Sequences and mappings nested too deeply.",
        "Y009": "A value longer than the limit for one scalar.",
        "Y010": "A key appears twice in one mapping.",
        "Y011": "A mapping key that is a sequence, a mapping or an alias of one.",
        "Y012": "An alias with no anchor defined before it.",
        "Y013": "An alias inside the node it refers to.",
        "Y014": "Aliases that would expand the document beyond the node limit.",
        "Y015": "A merge key `<<` whose value is not a mapping or a sequence of mappings.",
        "Y016": "A value that does not match its tag.",
        "Y017": "An integer that does not fit in 64 bits.",
        "Y018": "An unknown tag, ignored.",
        "M001": "A key this place does not allow.",
        "M002": "A scalar where a mapping belongs, a mapping where a list belongs, …",
        "M003": "A required key is absent.",
        "M004": "A value outside its allowed set or range.",
        "M005": "The file is not a Segue flow, or of a version this tool does not read.",
        "M006": "An element or action written with a kind that does not exist.",
        "M007":
            "Two keys that cannot go together, or a key without the one it needs (the vocabulary declares both: a slider's or picker's `tap` beside its `change`, `crop` without `kind: photo`).",
        "M008": "A file imported by `imports:` could not be read.",
        "M009":
            "A key this place refuses, with why and what to use instead: a screen's or component's parameter cannot `persist` or come `from_defaults` (its caller passes it each time).",
        "C001": "A file imports itself, directly or through other files.",
        "C002": "A component, type or event is defined both here and in an imported file (or in two imported files).",
        "C003":
            "A flow file could not be read (missing, unreadable, a directory): an I/O problem, not a flow problem.",
        "C004":
            "A file a service names — a store's `configuration:`, the photos service's `sample_photo:`, the audio service's `input:` — is missing or cannot be read. Paths are relative to the flow file, so the flow carries its own fixtures.",
        "C101": "`start`, `present`, `show`, `replace` or `unwind` names no screen.",
        "C102":
            "`goto` or an initial state names no state of the screen's chart, or a `goto` is in the flow's own `on:` or `on_error`, which run over whichever screen is on top and so have no screen's states to enter. A `goto` in an imported component is checked against the states of each screen of the importing flow that shows it, and reported in the imported file.",
        "C103":
            "An event is sent (or raised by paging or playback) but nothing in the responder chain can take it: not the screen, no screen that can be below it, not the flow's `on:` (a warning).",
        "C104":
            "`form.x` in `set:` names no field of the screen's form (the `field`s written directly under its `elements:`; a field inside a component or a `lines`' footer is not one), or `x.field` no stored field of `x`'s record (or `x` is not a record).",
        "C105": "`use:` names no component.",
        "C106": "A component use passes an argument the component does not declare.",
        "C107": "A component use omits a parameter that has no default.",
        "C108": "`call:` names no declared service.",
        "C109": "`call:` names an operation the service does not have.",
        "C110": "`call … with:` passes a parameter the operation does not declare.",
        "C111": "`call …` omits a required parameter.",
        "C112": "`present`/`show`/`replace … with:` passes an argument the screen does not declare.",
        "C113": "Navigation to a screen omits a parameter that has no default.",
        "C114": "`set`, `as`, `current` or `level` names no data variable.",
        "C115": "A type annotation names no type.",
        "C116": "`send … with:` passes a field the declared event does not have.",
        "C117": "`send` of a declared event omits one of its payload fields.",
        "C118": "A `codes:` branch names a code the API's code table does not list.",
        "C119": "`cancel_timer` names no timer of the screen.",
        "C120": "An element's `style` names no style of the theme's `styles`.",
        "C121": "`play` or `stop_playback` on a screen without `playback`.",
        "C126": "`send … to:` names neither `parent` nor the `id` of an invocation of the flow.",
        "C127":
            "An invocation passes a value to a variable its chart does not declare, or its chart declares what an invoked session cannot have (services, persisted data).",
        "C201": "An expression has the wrong type for where it stands (`visible` must be `bool`).",
        "C202": "An argument's type does not fit the parameter it is passed to.",
        "C203": "A value's type does not fit the variable or field it is assigned to.",
        "C204":
            "A value that may be null is interpolated inside other text without a fallback: it would show as nothing.",
        "C205":
            "A value that may be null is used where a value is needed: an operand, a function's argument, a field read.",
        "C301": "`show` where no navigation controller can be on the stack: UIKit presents modally.",
        "C302": "`dismiss` where no modal layer can be on top of the root.",
        "C303": "`pop` or `pop_to_root` where the screen can never be above a navigation controller's root.",
        "C304": "`unwind` to a screen that is never below.",
        "C305": "`dismiss` or `pop` hands a `result:` back from a screen that declares no `returns:`.",
        "C306": "`on_result:` on a navigation to a screen that declares no `returns:`: nothing is ever handed back.",
        "C401": "No navigation path from `start` reaches the screen.",
        "C402": "No `goto` or initial state ever enters the state.",
        "C403": "A call that can fail has no `error` branch, no enclosing handler and no `on_error`.",
        "C404": "A call the user can cancel has no `cancelled` branch.",
        "C501": "Two elements of one screen (or component) share an id.",
        "C502": "Two fields of one screen share a name.",
        "C503": "A name declared twice in one scope (a screen's parameter and data, two states).",
        "C504": "A `pattern` rule's regular expression does not compile.",
        "C505": "A `submits: true` button on a screen without fields.",
        "C506": "A component that shows itself, directly or through other components: it would never finish drawing.",
        "C507": "Named values (`let:`) that depend on each other in a cycle: none of them could ever be computed.",
        "C508":
            "A non-trivial expression is written twice or more where one `let:` could name it (a warning; `--strict` fails on it).",
        "C509":
            "A computed field of a record type is set: by `set:` of its path, or by a record literal that gives it a value.",
        "C601":
            "A name no expression, `goto` or REPL command could write: a state name that is not an identifier, or an `on:` key that is not an event descriptor (identifiers joined by dots, `*`), so it could never be entered or fire; or a type, record field, computed field, data variable, parameter, named value, function, service or operation whose name is not an identifier, or an event declared with a name that is not one.",
        "C602":
            "An `on:` key that can never fire: `done.state.x` where `x` is no compound state with a final child and no parallel state of the screen.",
        "C603":
            "A history state outside a compound state (at the top of a screen's states), or one whose `default:` enters a state outside its parent.",
        "C604":
            "A transition with several targets (`goto: [a, b]`) whose states cannot be active together: one contains another, or two lie in one compound state instead of in different regions of a parallel state.",
        "C701": "`locale:` (or a locale key under `messages:`) names a language no built-in messages exist in.",
        "C702": "A `messages:` key that is no built-in message's id.",
        "C703": "A message text uses a placeholder the message does not have.",
        "C704":
            "Plural forms that do not fit: a form missing, a category the locale lacks, or forms for a message without a number.",
        "I001":
            "The file is not well-formed XML (or holds no element, or cannot be read: missing, a FIFO or a device); libxml2's message, at the line and column it stopped (a limit of libxml2's own is said as `past a limit of the XML reader`).",
        "I002":
            "An element SCXML does not define, one that cannot stand where it is written (a `<transition>` inside `<final>`), or a W3C suite `conf:` element the importer does not map.",
        "I003":
            "An attribute the element does not take (with did-you-mean), a required one missing, or a value outside its choices (`type` of a history or a transition).",
        "I004":
            "A transition's `target`, an `initial`, a history default or `In('…')` names no state of the document, or a `target` names several states that cannot be active together (not in different regions of one `<parallel>`).",
        "I005":
            "A construct SCXML defines that has no Segue translation (docs/import.md lists what is translated): a datamodel other than null and ECMAScript, an `<invoke>` of anything but an SCXML session or a `srcexpr`/`typeexpr` whose documents are not known when the chart is imported, `<content>` markup held as a value, a `<script>` statement outside the translated subset (at its position, in the document or its `src` file), an event the host would have to deliver that the chart raises itself.",
        "I006":
            "An expression outside the subset Segue shares with SCXML's null and ECMAScript datamodels: assignment, bitwise operators, `new`, function and method calls other than `In(…)` and the `Math`, `JSON` and string methods that are mapped, system variables other than `_event`, `_sessionid` and `_name`, hexadecimal numbers (docs/import.md lists the subset).",
        "I007":
            "Eventless transitions without `cond` that, once taken, always come back to a state they left: the chart would never settle. Reported at the first transition of the cycle; a guarded transition, a history or a parallel entry on the way ends the search (they may settle).",
        "I008":
            "A state id declared twice, or a data id that is not a name expressions can use (errors); as a warning, two state ids or two event names that would become the same Segue name (`s-1` and `s_1`): the one that is not already a name gets the next free one (`s_1_2`).",
        "I009":
            "A warning: what SCXML does here at run time is known from the document alone, and the flow does it: an event no transition takes (by SCXML's prefix matching) is discarded, so it is not raised; assigning to a location no `<data>` declares, or sending to a target or type SCXML cannot deliver to, raises `error.execution` (`error.communication` for another session) and ends the block, as SCXML ends a block at its first error.",
        "I010":
            "A document type declaration, refused whatever it declares: SCXML needs none, and its entities could expand without end (a billion laughs) or read other files (an external entity). The parser stops at the `<!DOCTYPE`, before any entity is read.",
        "I011":
            "The document is past one of the importer's limits, each checked before the work: the file over 8 MiB (by its size, unread), elements nested more than 100 deep, an attribute value or an element's text over 64 KiB.",
    ]
}
