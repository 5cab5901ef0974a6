/// SCXML's event descriptors, the keys of `on:`: a dotted name matches itself and every event it is a prefix of,
/// token by token; `*` matches every event.
///
///     EventDescriptor.matches("error", "error.execution")   // true
///     EventDescriptor.matches("error", "errors")            // false: tokens, not characters
///     EventDescriptor.matches("done.state.*", "done.state.timer")  // true: a trailing `.*` is the same as none
public enum EventDescriptor {
    /// The event SCXML raises when evaluating an expression fails at run time.
    public static let executionError = "error.execution"
    /// The event SCXML raises when a send cannot reach its target (another session).
    public static let communicationError = "error.communication"
    /// The prefix of the completion event of a compound or parallel state: `done.state.<state>`.
    public static let donePrefix = "done.state."
    /// The prefix of the event an invoked session's end raises in its parent: `done.invoke.<id>`.
    public static let doneInvokePrefix = "done.invoke."

    /// Whether the handler key `descriptor` takes `event`.
    public static func matches(_ descriptor: String, _ event: String) -> Bool {
        if descriptor == "*" { return true }
        var prefix = Substring(descriptor)
        if prefix.hasSuffix(".*") { prefix = prefix.dropLast(2) }
        guard event.hasPrefix(prefix) else { return false }
        let rest = event.dropFirst(prefix.count)
        return rest.isEmpty || rest.first == "."
    }

    /// The name an event is dispatched under when a flow's event tables know only some names: `event` itself when
    /// `isKnown` says so, else the longest known name that the same handler keys take, namely a prefix of `event`
    /// on dot boundaries (`foo.bar` for `foo.bar.baz`), that prefix's `.*` key, or `*`; nil when no handler key can
    /// take `event`. Every key that takes `event` other than `event` itself is such a prefix or `*`, and the
    /// longest known prefix is taken by exactly those keys (a longer key would be a longer known name), so
    /// dispatching it runs the handlers SCXML's descriptor rules choose for `event`.
    ///
    ///     EventDescriptor.dispatchName(for: "foo.bar.bat.bif") { ["foo.bar.bat", "*"].contains($0) }  // "foo.bar.bat"
    public static func dispatchName(for event: String, isKnown: (String) -> Bool) -> String? {
        if isKnown(event) { return event }
        var end = event.endIndex
        while let dot = event[..<end].lastIndex(of: ".") {
            let prefix = String(event[..<dot])
            if isKnown(prefix) { return prefix }
            if isKnown(prefix + ".*") { return prefix + ".*" }
            end = dot
        }
        return isKnown("*") ? "*" : nil
    }

    /// Whether `text` can name an event: identifiers joined by dots (`done.state.timer`).
    /// One pass over the text with nothing allocated: the checker asks it of every handler key.
    public static func isEventName(_ text: String) -> Bool {
        var atPartStart = true
        for scalar in text.unicodeScalars {
            if scalar == "." {
                guard !atPartStart else { return false }
                atPartStart = true
            } else if atPartStart {
                guard isLetterOrUnderscore(scalar) else { return false }
                atPartStart = false
            } else {
                guard isLetterOrUnderscore(scalar) || ("0"..."9").contains(scalar) else { return false }
            }
        }
        return !atPartStart
    }

    /// Whether `text` can be a handler key: an event name, `*`, or an event name ending in `.*`.
    public static func isDescriptor(_ text: String) -> Bool {
        if text == "*" { return true }
        if text.hasSuffix(".*") { return isEventName(String(text.dropLast(2))) }
        return isEventName(text)
    }

    /// Whether `text` is an identifier an expression can name: a letter or `_`, then letters, digits or `_`.
    public static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first, isLetterOrUnderscore(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetterOrUnderscore($0) || ("0"..."9").contains($0) }
    }

    /// A letter or `_`; ASCII is answered without Unicode's property tables, which cost most of a name check.
    private static func isLetterOrUnderscore(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The identifier closest to `text`: every run of other characters becomes one `_` (`"after 1s"` → `after_1s`).
    public static func identifier(from text: String, keepingDots: Bool = false) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in text.unicodeScalars {
            let keep =
                isLetterOrUnderscore(scalar) || ("0"..."9").contains(scalar)
                || (keepingDots && scalar == ".")
            if keep {
                if pendingUnderscore, !result.isEmpty { result += "_" }
                pendingUnderscore = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result.isEmpty ? "event" : result
    }
}
