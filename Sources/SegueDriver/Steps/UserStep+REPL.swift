import Foundation
import SegueExpression
import SegueMachine
import SegueModel

/// The REPL's words for steps: read from a command line, written back as one (`history`, `undo`, a saved trace),
/// so that reading what was written gives the same step.
///
///     try UserStep.parse(repl: "fill name 'Анна '")  // .fill(field: "name", text: "Анна ")
///     UserStep.fill(field: "name", text: "Анна ").replText  // "fill name 'Анна '"
extension UserStep {
    /// The step a whole command line says; a line whose first word is not a step's is a usage error.
    public static func parse(repl line: String) throws(ReplCommand.ParseError) -> UserStep {
        let (word, rest) = splitWord(line.trimmingCharacters(in: .whitespaces))
        guard let step = try parse(replWord: word, rest: rest) else {
            throw ReplCommand.ParseError(description: "`\(word)` is not a step")
        }
        return step
    }

    /// The step `word` and the rest of its line say, or nil when `word` is not a step's (`state`, `undo`, …).
    static func parse(replWord word: String, rest: String) throws(ReplCommand.ParseError) -> UserStep? {
        let arguments = rest.unicodeScalars.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let usage = ReplCommand.usage(of: word)
        func one() throws(ReplCommand.ParseError) -> String {
            guard arguments.count == 1 else { throw usage }
            return arguments[0]
        }
        func none() throws(ReplCommand.ParseError) {
            guard arguments.isEmpty else { throw usage }
        }
        func number(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
        switch word {
        case "tap": return .tap(try one())
        case "select":
            guard arguments.count == 2, let index = Int(arguments[1]), index >= 0 else { throw usage }
            return .tap("\(arguments[0])[\(index)]")
        case "fill":
            // The text is the rest of the line; one pair of quotes around it is dropped (`fill name ' Анна'`).
            let (field, text) = splitWord(rest)
            guard !field.isEmpty else { throw usage }
            return .fill(field: field, text: unquoted(text))
        case "clear": return .clear(field: try one())
        case "submit": return .submit(field: try one())
        case "slide":
            guard arguments.count == 2, let value = number(arguments[1]) else { throw usage }
            return .slide(slider: arguments[0], value: value)
        case "pick":
            // The option is the rest of the line, spaces and all; one pair of quotes around it is dropped.
            let (picker, option) = splitWord(rest)
            guard !picker.isEmpty, !option.isEmpty else { throw usage }
            return .pick(picker: picker, option: unquoted(option))
        case "pinch":
            guard arguments.count == 2, let zoom = number(arguments[1]) else { throw usage }
            return .pinch(field: arguments[0], zoom: zoom)
        case "pan":
            guard arguments.count == 3, let x = number(arguments[1]), let y = number(arguments[2]) else {
                throw usage
            }
            return .pan(field: arguments[0], x: x, y: y)
        case "scroll": return .scroll(list: try one())
        case "back": try none(); return .back
        case "dismiss": try none(); return .dismiss
        case "send":
            let (event, payload) = splitWord(rest)
            guard !event.isEmpty else { throw usage }
            return .send(event: event, payload: try json(payload, what: "the payload of `\(event)`") ?? .record([:]))
        case "tick":
            guard let span = ClockDuration(parsing: try one()) else {
                throw ReplCommand.ParseError(description: "`tick` takes a duration like 3s, 500ms or 1.5 (seconds)")
            }
            return .tick(span)
        case "outcome":
            let (call, afterCall) = splitWord(rest)
            let (result, payload) = splitWord(afterCall)
            guard call.contains("."), outcomeResults.contains(result) else { throw usage }
            let value = try json(payload, what: "the outcome's JSON")
            guard let outcome = scriptedOutcome(call: call, result: result, value: value) else { throw usage }
            return .outcome(call: call, outcome)
        case "reset": try none(); return .restart
        default: return nil
        }
    }

    /// The command line that reads back as this step.
    public var replText: String {
        switch self {
        case .tap(let name): "tap \(name)"
        case .fill(let field, let text): text.isEmpty ? "fill \(field)" : "fill \(field) \(Self.quotedIfNeeded(text))"
        case .clear(let field): "clear \(field)"
        case .submit(let field): "submit \(field)"
        case .slide(let slider, let value): "slide \(slider) \(Value.number(value).description)"
        case .pick(let picker, let option): "pick \(picker) \(Self.quotedIfNeeded(option))"
        case .pinch(let field, let zoom): "pinch \(field) \(Value.number(zoom).description)"
        case .pan(let field, let x, let y):
            "pan \(field) \(Value.number(x).description) \(Value.number(y).description)"
        case .scroll(let list): "scroll \(list)"
        case .back: "back"
        case .dismiss: "dismiss"
        case .send(let event, let payload):
            payload == .record([:]) ? "send \(event)" : "send \(event) \(StepText.json(payload))"
        case .tick(let span): "tick \(span.description)"
        case .outcome(let call, let outcome): Self.outcomeLine(call, Self.scripted(outcome))
        case .restart: "reset"
        }
    }

    private static func outcomeLine(_ call: String, _ scripted: (result: String, value: Value?)) -> String {
        (["outcome", call, scripted.result] + (scripted.value.map { [StepText.json($0)] } ?? [])).joined(separator: " ")
    }

    /// `text` as the rest of a line gives it back: quoted when reading would change it (spaces at either end, a
    /// pair of quotes around it, nothing at all).
    static func quotedIfNeeded(_ text: String) -> String {
        let edges = [text.unicodeScalars.first, text.unicodeScalars.last].compactMap { $0 }
        let needs = edges.isEmpty || edges.contains { CharacterSet.whitespacesAndNewlines.contains($0) }
        return needs || unquoted(text) != text ? "'\(text)'" : text
    }

    /// `text` without one pair of matching quotes around it: `'return flight'` is `return flight`.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }

    /// The first word and the rest, split at a space scalar: a space and the tag or combining characters typed
    /// after it are one Character, and `fill name <tags>` must still fill `name`.
    static func splitWord(_ text: String) -> (String, String) {
        let trimmed = text.unicodeScalars.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " ") else { return (String(trimmed), "") }
        return (String(trimmed[..<space]), String(trimmed[space...].drop { $0 == " " }))
    }

    /// A JSON argument; nil when none was given.
    static func json(_ text: String, what: String) throws(ReplCommand.ParseError) -> Value? {
        guard !text.isEmpty else { return nil }
        do {
            return try Value.parse(json: text)
        } catch {
            throw ReplCommand.ParseError(description: "\(what) is not valid JSON: \(text)")
        }
    }
}
