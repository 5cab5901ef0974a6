import Foundation
import SegueDiagnostics
import SegueModel

/// One line typed at the REPL, parsed. Parsing is pure so transcripts and tests need no terminal.
///
///     try ReplCommand.parse("fill name Анна")   // .step(.fill(field: "name", text: "Анна"))
public enum ReplCommand: Sendable, Hashable {
    /// A step a person takes (`tap`, `fill`, `pick`, `tick`, `outcome`, `reset`, …): `UserStep+REPL.swift` reads it.
    case step(UserStep)
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
        ("submit", "submit FIELD", "submit query", "press return in a field (runs its `submit:` actions)"),
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

    /// The usage of `word` as an error, for a line whose arguments do not fit it.
    static func usage(of word: String) -> ParseError {
        let entry = catalog.first { $0.word == word }
        return ParseError(description: "usage: \(entry?.usage ?? word) (e.g. \(entry?.example ?? ""))")
    }

    public static func parse(_ line: String) throws(ParseError) -> ReplCommand {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .empty }
        let (word, rest) = UserStep.splitWord(trimmed)
        if let step = try UserStep.parse(replWord: word, rest: rest) { return .step(step) }
        let arguments = rest.unicodeScalars.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        func one() throws(ParseError) -> String {
            guard arguments.count == 1 else { throw usage(of: word) }
            return arguments[0]
        }
        func none() throws(ParseError) {
            guard arguments.isEmpty else { throw usage(of: word) }
        }
        switch word {
        case "state": try none(); return .state
        case "data":
            guard arguments.count <= 1 else { throw usage(of: word) }
            return .data(arguments.first)
        case "stack": try none(); return .stack
        case "trace": try none(); return .trace
        case "history": try none(); return .history
        case "undo": try none(); return .undo
        case "redo": try none(); return .redo
        case "save": return .save(path: try one())
        case "load": return .load(path: try one())
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
}
