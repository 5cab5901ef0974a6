import Foundation
import SegueMachine
import SegueModel
import SegueREPL

/// Everything the page shows, sent as one JSON object after every step (server-sent event `state`) and from
/// `GET /state`: the phone, the panels beside it, the clock, the timeline, diagnostics and the last reload.
struct PageState: Sendable, Encodable {
    struct Device: Sendable, Encodable {
        var name: String
        var width: Double
        var height: Double
        var os: String
    }

    struct Clock: Sendable, Encodable {
        var now: Double
        /// Seconds until the next timer is due, when one is scheduled.
        var nextTimer: Double?
        var realTime: Bool
    }

    struct Timeline: Sendable, Encodable {
        var position: Int
        /// Every command, launch first; those after `position` are what redo brings back.
        var commands: [String]
    }

    /// A call whose next outcome the page can choose, with the choices (ok, each API code, error, cancelled).
    struct Outcomes: Sendable, Encodable {
        var call: String
        var choices: [Choice]
    }

    struct Choice: Sendable, Encodable {
        var label: String
        var result: String
        var code: String?
    }

    var flow: String
    var file: String
    /// Counts the reloads that compiled, so the page can tell a new flow from a new step.
    var version: Int
    var device: Device
    var screen: ScreenView?
    /// The top screen drawn as `segue render` draws it (SVG), its inputs tagged `.segue-input` (docs/render.md).
    var drawing: String
    /// The REPL's drawing of the top screen, as text (shown with the page's "as text" switch).
    var screenText: String
    var inputs: [PageInput]
    var message: String
    var failed: Bool
    var stack: String
    var data: String
    var trace: String
    var state: String
    var clock: Clock
    var timeline: Timeline
    var outcomes: [Outcomes]
    /// The diagnostics of the flow file as last read ("" when it compiled cleanly).
    var diagnostics: String
    /// What the last reload did, or nil before the first.
    var reload: String?

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// The outcome choices for every call of `session`'s services; API services offer each code of their table.
    static func outcomes(of session: ReplSession) -> [Outcomes] {
        session.operations.map { call in
            let service = String(call.prefix { $0 != "." })
            var choices = [Choice(label: "ok", result: "ok")]
            let declaration = session.flow.services.first { $0.name.text == service }
            for row in declaration?.codes ?? [] {
                choices.append(Choice(label: "\(row.code.text) — \(row.meaning)", result: "error", code: row.code.text))
            }
            choices.append(Choice(label: "error", result: "error"))
            choices.append(Choice(label: "cancelled", result: "cancelled"))
            return Outcomes(call: call, choices: choices)
        }
    }
}
