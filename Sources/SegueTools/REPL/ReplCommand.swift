import Foundation
import SegueDiagnostics
import SegueModel

/// One line typed at the REPL, parsed. Parsing is pure so transcripts and tests need no terminal.
///
///     try ReplCommand.parse("fill name Анна")   // .fill(field: "name", text: "Анна")
public enum ReplCommand: Sendable, Hashable {
    case tap(String)
    case select(list: String, index: Int)
    case fill(field: String, text: String)
    case clear(field: String)
    case slide(element: String, value: Double)
    case pick(element: String, option: String)
    /// Pinch a photo field's picture to a zoom (D14).
    case pinch(field: String, zoom: Double)
    /// Pan a photo field's picture so its frame is centred at (x, y), fractions of the picture.
    case pan(field: String, x: Double, y: Double)
    case scroll(list: String)
    case back
    case dismiss
    case send(event: String, payload: String?)
    case tick(ClockDuration)
    case outcome(call: String, result: String, payload: String?)
    case state
    /// All flow and screen data, or one variable in full (`data products`).
    case data(String?)
    case stack
    case trace
    case history
    case undo
    case redo
    case save(path: String)
    case load(path: String)
    case reset
    case device(String?)
    case help(String?)
    case quit
    case empty

    /// Every command word with its usage and an example, for `help` and completion.
    public static let catalog: [(word: String, usage: String, example: String, summary: String)] = [
        (
            "tap", "tap ELEMENT", "tap donate · tap options[0] · tap lines[2].play",
            "tap a button, a list item or an element inside one"
        ),
        ("select", "select LIST INDEX", "select latest 0", "select a list's item (same as tap LIST[INDEX])"),
        ("fill", "fill FIELD TEXT…", "fill name Анна", "type into a field (replaces its text)"),
        ("clear", "clear FIELD", "clear url", "empty a field"),
        ("slide", "slide SLIDER VALUE", "slide character_volumes[0].volume 0.5", "move a slider"),
        ("pick", "pick PICKER OPTION…", "pick kind return flight", "choose a picker option (the rest of the line)"),
        ("pinch", "pinch PHOTO ZOOM", "pinch photo 2", "pinch-zoom a photo field's picture (within its min/max zoom)"),
        (
            "pan", "pan PHOTO X Y", "pan photo 0.25 0.25",
            "move a photo field's frame to centre (X, Y), fractions of the picture (kept on it)"
        ),
        ("scroll", "scroll LIST", "scroll wall", "scroll a list near its end (loads the next page)"),
        ("back", "back", "back", "the back button / swipe back (pop)"),
        ("dismiss", "dismiss", "dismiss", "swipe the top modal down"),
        ("send", "send EVENT [JSON]", "send buy {\"item\": {\"id\": \"donate.small\"}}", "raise an event"),
        ("tick", "tick DURATION", "tick 3s · tick 500ms", "advance the virtual clock; due timers fire"),
        (
            "outcome", "outcome SERVICE.OPERATION RESULT [JSON]",
            "outcome store.purchase cancelled · outcome board.add_entry error {\"code\": \"12\"}",
            "script the next outcome of a call: ok, error or cancelled"
        ),
        ("state", "state", "state", "the whole machine state"),
        ("data", "data [NAME]", "data · data products", "flow and screen data, or one variable in full"),
        ("stack", "stack", "stack", "the navigation stack with transition kinds"),
        ("trace", "trace", "trace", "what the last step did"),
        ("history", "history", "history", "the commands so far"),
        ("undo", "undo", "undo", "go back one step in time"),
        ("redo", "redo", "redo", "go forward again after undo"),
        ("save", "save FILE", "save session.json", "save the session as a trace that replays"),
        ("load", "load FILE", "load session.json", "replay a saved trace"),
        ("reset", "reset", "reset", "start the flow again from launch"),
        ("device", "device [PROFILE]", "device iphone_7", "show or change the device profile (restarts)"),
        ("help", "help [COMMAND]", "help outcome", "this list, or one command"),
        ("quit", "quit", "quit", "leave (also Ctrl-D)"),
    ]

    public static var words: [String] { catalog.map(\.word) + ["exit"] }

    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ line: String) throws(ParseError) -> ReplCommand {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .empty }
        let (word, rest) = splitWord(trimmed)
        let arguments = rest.unicodeScalars.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        func usage() -> ParseError {
            let entry = catalog.first { $0.word == word }
            return ParseError(description: "usage: \(entry?.usage ?? word) (e.g. \(entry?.example ?? ""))")
        }
        func one() throws(ParseError) -> String {
            guard arguments.count == 1 else { throw usage() }
            return arguments[0]
        }
        func none() throws(ParseError) {
            guard arguments.isEmpty else { throw usage() }
        }
        switch word {
        case "tap": return .tap(try one())
        case "select":
            guard arguments.count == 2, let index = Int(arguments[1]), index >= 0 else { throw usage() }
            return .select(list: arguments[0], index: index)
        case "fill":
            let (field, text) = splitWord(rest)
            guard !field.isEmpty else { throw usage() }
            return .fill(field: field, text: text)
        case "clear": return .clear(field: try one())
        case "slide":
            guard arguments.count == 2, let value = Double(arguments[1]) else { throw usage() }
            return .slide(element: arguments[0], value: value)
        case "pick":
            // The option is the rest of the line, spaces and all; one pair of quotes around it is dropped.
            let (picker, option) = splitWord(rest)
            guard !picker.isEmpty, !option.isEmpty else { throw usage() }
            return .pick(element: picker, option: Self.unquoted(option))
        case "pinch":
            guard arguments.count == 2, let zoom = Double(arguments[1]), zoom.isFinite else { throw usage() }
            return .pinch(field: arguments[0], zoom: zoom)
        case "pan":
            guard arguments.count == 3, let x = Double(arguments[1]), let y = Double(arguments[2]), x.isFinite,
                y.isFinite
            else { throw usage() }
            return .pan(field: arguments[0], x: x, y: y)
        case "scroll": return .scroll(list: try one())
        case "back": try none(); return .back
        case "dismiss": try none(); return .dismiss
        case "send":
            let (event, payload) = splitWord(rest)
            guard !event.isEmpty else { throw usage() }
            return .send(event: event, payload: payload.isEmpty ? nil : payload)
        case "tick":
            guard let span = parseDuration(try one()) else {
                throw ParseError(description: "`tick` takes a duration like 3s, 500ms or 1.5 (seconds)")
            }
            return .tick(span)
        case "outcome":
            let (call, afterCall) = splitWord(rest)
            let (result, payload) = splitWord(afterCall)
            guard call.contains("."), ["ok", "error", "cancelled"].contains(result) else { throw usage() }
            return .outcome(call: call, result: result, payload: payload.isEmpty ? nil : payload)
        case "state": try none(); return .state
        case "data":
            guard arguments.count <= 1 else { throw usage() }
            return .data(arguments.first)
        case "stack": try none(); return .stack
        case "trace": try none(); return .trace
        case "history": try none(); return .history
        case "undo": try none(); return .undo
        case "redo": try none(); return .redo
        case "save": return .save(path: try one())
        case "load": return .load(path: try one())
        case "reset": try none(); return .reset
        case "device": return .device(arguments.first)
        case "help", "?": return .help(arguments.first)
        case "quit", "exit": return .quit
        default:
            let suggestion = Suggestion.closest(to: word, in: words)
            throw ParseError(
                description: "unknown command `\(word)`"
                    + (suggestion.map { "; did you mean `\($0)`?" } ?? "; type `help` for the list"))
        }
    }

    /// `3s`, `500ms`, `1.5s`, `2m`, or plain seconds.
    /// `3s`, `500ms`, `1.5` (seconds), read exactly: `2.8s` and `2800ms` are the same span.
    /// `text` without one pair of matching quotes around it: `'return flight'` is `return flight`.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }

    public static func parseDuration(_ text: String) -> ClockDuration? {
        ClockDuration(parsing: text)
    }

    /// The first word and the rest, split at a space scalar: a space and the tag or combining characters typed
    /// after it are one Character, and `fill name <tags>` must still fill `name`.
    private static func splitWord(_ text: String) -> (String, String) {
        let trimmed = text.unicodeScalars.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " ") else { return (String(trimmed), "") }
        return (String(trimmed[..<space]), String(trimmed[space...].drop { $0 == " " }))
    }
}
