import SegueFrontEnd

/// The stable codes of the check stage (C…); docs/diagnostics.md lists each with an example.
public enum CheckCode {
    // MARK: files and imports

    /// A file imports itself, directly or through other files.
    public static let importCycle = FrontEndCode.importCycle
    /// A component, type or event is defined both here and in an imported file (or in two imported files).
    public static let duplicateImport = "C002"
    /// A flow file could not be read (missing, unreadable, a directory): an I/O problem, not a flow problem.
    public static let unreadableFile = FrontEndCode.unreadableFile
    /// A fixture file a service names is missing or cannot be read (relative to the flow file).
    public static let unreadableFixture = FrontEndCode.unreadableFixture

    // MARK: references

    /// `start`, `present`, `show`, `replace` or `unwind` names no screen.
    public static let unknownScreen = "C101"
    /// `goto` or an initial state names no state of the screen's chart.
    public static let unknownState = "C102"
    /// An event is sent (or raised by paging or playback) but no handler of the screen answers it.
    public static let unhandledEvent = "C103"
    /// `form.x` in `set:` names no field of the screen, or `x.field` no stored field of `x`'s record.
    public static let unknownField = "C104"
    /// `use:` names no component.
    public static let unknownComponent = "C105"
    /// A component use passes an argument the component does not declare.
    public static let unknownComponentArgument = "C106"
    /// A component use omits a parameter that has no default.
    public static let missingComponentArgument = "C107"
    /// `call:` names no declared service.
    public static let unknownService = "C108"
    /// `call:` names an operation the service does not have.
    public static let unknownOperation = "C109"
    /// `call … with:` passes a parameter the operation does not declare.
    public static let unknownCallArgument = "C110"
    /// `call …` omits a required parameter.
    public static let missingCallArgument = "C111"
    /// `present`/`show`/`replace … with:` passes an argument the screen does not declare.
    public static let unknownScreenArgument = "C112"
    /// Navigation to a screen omits a parameter that has no default.
    public static let missingScreenArgument = "C113"
    /// `set`, `as`, `current` or `level` names no data variable.
    public static let unknownVariable = "C114"
    /// A type annotation names no type.
    public static let unknownType = "C115"
    /// `send … with:` passes a field the declared event does not have.
    public static let unknownEventField = "C116"
    /// `send` of a declared event omits one of its payload fields.
    public static let missingEventField = "C117"
    /// A `codes:` branch names a code the API's code table does not list.
    public static let unknownResponseCode = "C118"
    /// `cancel_timer` names no timer of the screen.
    public static let unknownTimer = "C119"
    /// An element's `style` names no style of the theme's `styles`.
    public static let unknownStyle = "C120"
    /// `play` or `stop_playback` on a screen without `playback`.
    public static let playWithoutPlayback = "C121"
    /// `send … to:` names neither `parent` nor the `id` of an invocation of the flow.
    public static let unknownSession = "C126"
    /// An invocation passes a value to a variable its chart does not declare, or its chart declares what an
    /// invoked session cannot have (services, persisted data).
    public static let badInvocation = "C127"

    // MARK: types of expressions in flow positions

    /// An expression has the wrong type for where it stands (`visible` must be `bool`).
    public static let typeMismatch = "C201"
    /// An argument's type does not fit the parameter it is passed to.
    public static let argumentTypeMismatch = "C202"
    /// A value's type does not fit the variable or field it is assigned to.
    public static let assignmentTypeMismatch = "C203"
    /// A value that may be null is interpolated inside other text without a fallback: it would show as nothing.
    public static let optionalInText = "C204"
    /// A value that may be null is used where a value is needed: an operand, a function's argument, a field read.
    public static let optionalOperand = "C205"

    // MARK: navigation

    /// `show` where no navigation controller can be on the stack: UIKit presents modally.
    public static let showWithoutNavigation = "C301"
    /// `dismiss` where no modal layer can be on top of the root.
    public static let nothingToDismiss = "C302"
    /// `pop` or `pop_to_root` where the screen can never be above a navigation controller's root.
    public static let nothingToPop = "C303"
    /// `unwind` to a screen that is never below.
    public static let unwindTargetNeverBelow = "C304"
    /// `dismiss` or `pop` hands a `result:` back from a screen that declares no `returns:`.
    public static let resultWithoutReturns = "C305"
    /// `on_result:` on a navigation to a screen that declares no `returns:`: nothing is ever handed back.
    public static let onResultWithoutReturns = "C306"

    // MARK: reachability and outcomes

    /// No navigation path from `start` reaches the screen.
    public static let unreachableScreen = "C401"
    /// No `goto` or initial state ever enters the state.
    public static let unreachableState = "C402"
    /// A call that can fail has no `error` branch, no enclosing handler and no `on_error`.
    public static let unhandledFailure = "C403"
    /// A call the user can cancel has no `cancelled` branch.
    public static let unhandledCancel = "C404"

    // MARK: declarations, elements and forms

    /// Two elements of one screen (or component) share an id.
    public static let duplicateElement = "C501"
    /// Two fields of one screen share a name.
    public static let duplicateField = "C502"
    /// A name declared twice in one scope (a screen's parameter and data, two states).
    public static let duplicateDeclaration = "C503"
    /// A `pattern` rule's regular expression does not compile.
    public static let invalidPattern = "C504"
    /// A `submits: true` button on a screen without fields.
    public static let submitWithoutFields = "C505"
    /// A component that shows itself, directly or through other components: it would never finish drawing.
    public static let recursiveComponent = "C506"
    /// Named values (`let:`) that depend on each other in a cycle: none of them could ever be computed.
    public static let namedValueCycle = "C507"
    /// A non-trivial expression written twice or more where one `let:` could name it (a warning).
    public static let repeatedExpression = "C508"
    /// A computed field of a record type set: by `set:` of its path, or a record literal that gives it.
    public static let computedFieldSet = "C509"

    // MARK: statecharts

    /// A state name that is not an identifier, or an `on:` key that is not an event descriptor.
    public static let invalidName = "C601"
    /// An `on:` key that can never fire: `done.state.x` where `x` is no compound or parallel state of the screen.
    public static let handlerNeverFires = "C602"
    /// A history state outside a compound state, or its `default:` target outside its parent.
    public static let misplacedHistory = "C603"
    /// A transition with several targets (`goto: [a, b]`) that cannot be active together: one contains another,
    /// or two are children of one compound state rather than in different regions of a parallel state.
    public static let conflictingTargets = "C604"

    // MARK: locale and messages

    /// `locale:` (or a locale key under `messages:`) names a language no built-in messages exist in.
    public static let unknownLocale = "C701"
    /// A `messages:` key that is no built-in message's id.
    public static let unknownMessage = "C702"
    /// A message text uses a placeholder the message does not have.
    public static let unknownPlaceholder = "C703"
    /// Plural forms that do not fit: a form missing, a category the locale lacks, or forms for a message without a number.
    public static let pluralForms = "C704"

    // MARK: bugs in segue

    /// An expression (or a `set:` key's steps) of a flow the checks accepted that they never parsed: the compiler
    /// would have nothing to run. Never reported for a flow, only for a bug in segue; not in `all`, which lists the
    /// codes a flow file can cause (each with a corpus file).
    public static let uncheckedExpression = "C900"

    /// Every code above, in order.
    public static let all = [
        importCycle, duplicateImport, unreadableFile, unreadableFixture, unknownScreen, unknownState, unhandledEvent,
        unknownField,
        unknownComponent, unknownComponentArgument, missingComponentArgument, unknownService, unknownOperation,
        unknownCallArgument, missingCallArgument, unknownScreenArgument, missingScreenArgument, unknownVariable,
        unknownType, unknownEventField, missingEventField, unknownResponseCode, unknownTimer, unknownStyle,
        playWithoutPlayback, typeMismatch,
        argumentTypeMismatch, assignmentTypeMismatch, optionalInText, optionalOperand, showWithoutNavigation,
        nothingToDismiss, nothingToPop,
        unwindTargetNeverBelow, resultWithoutReturns, onResultWithoutReturns, unreachableScreen, unreachableState,
        unhandledFailure, unhandledCancel,
        duplicateElement, duplicateField, duplicateDeclaration, invalidPattern, submitWithoutFields,
        recursiveComponent, namedValueCycle, repeatedExpression, computedFieldSet,
        invalidName, handlerNeverFires,
        misplacedHistory, conflictingTargets,
        unknownLocale, unknownMessage, unknownPlaceholder, pluralForms,
    ]
}
