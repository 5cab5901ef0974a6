import Foundation
import SegueTools

/// What the page posts, as JSON, and the REPL command line it becomes, so the page, a saved trace and the REPL
/// all name one input the same way.
///
///     {"kind": "tap", "path": "options[0]"}             → tap options[0]
///     {"kind": "edit", "path": "name", "text": "Анна"}   → fill name Анна
///     {"kind": "select", "path": "options[0]"}          → tap options[0] (a list's item)
///     {"kind": "change", "path": "start", "value": 0.25} → slide start 0.25
///     {"kind": "change", "path": "lines[0].clip", "option": "take"} → pick lines[0].clip take
///     {"kind": "pinch", "path": "photo", "value": 2}   → pinch photo 2 (the wheel on a photo's crop frame)
///     {"kind": "pan", "path": "photo", "x": 0.3, "y": 0.6} → pan photo 0.3 0.6 (a drag on it)
public struct PageCommand: Sendable, Decodable, Hashable {
    public var kind: String
    public var path: String?
    public var text: String?
    public var value: Double?
    public var option: String?
    /// Where a pan puts the crop frame's centre, as fractions of the picture.
    public var x: Double?
    public var y: Double?

    public init(
        kind: String, path: String? = nil, text: String? = nil, value: Double? = nil, option: String? = nil,
        x: Double? = nil, y: Double? = nil
    ) {
        self.kind = kind
        self.path = path
        self.text = text
        self.value = value
        self.option = option
        self.x = x
        self.y = y
    }

    /// Why a posted command cannot be turned into an input.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The kinds the page posts: those its drawing marks on `.segue-input` items (`data-kind`), and a photo's
    /// crop frame (`crop`) as `pinch` and `pan`.
    public static let kinds = [
        "tap", "select", "edit", "change", "scroll_end", "back", "swipe_dismiss", "dismiss_alert", "pinch", "pan",
    ]

    public static func decode(_ body: Data) throws(Problem) -> PageCommand {
        do {
            return try JSONDecoder().decode(PageCommand.self, from: body)
        } catch {
            throw Problem(description: "the input is not JSON of the form {\"kind\": \"tap\", \"path\": \"donate\"}")
        }
    }

    /// The REPL line for this input; nil for `dismiss_alert`, which the session handles without a command.
    public func line() throws(Problem) -> String? {
        func path() throws(Problem) -> String {
            guard let path = self.path, !path.isEmpty, !path.contains(where: \.isWhitespace) else {
                throw Problem(description: "`\(kind)` needs the element's `path`, e.g. \"options[0]\"")
            }
            return path
        }
        switch kind {
        case "tap": return "tap \(try path())"
        case "edit":
            let text = self.text ?? ""
            return text.isEmpty ? "clear \(try path())" : "fill \(try path()) \(text)"
        case "select": return "tap \(try path())"
        case "change":
            if let option {
                guard !option.isEmpty, !option.contains(where: \.isWhitespace) else {
                    throw Problem(description: "a picker's `option` is one word")
                }
                return "pick \(try path()) \(option)"
            }
            guard let value, value.isFinite else {
                throw Problem(description: "`change` needs a slider's numeric `value` or a picker's `option`")
            }
            return "slide \(try path()) \(value)"
        case "pinch":
            guard let value, value.isFinite else { throw Problem(description: "`pinch` needs the zoom as `value`") }
            return "pinch \(try path()) \(value)"
        case "pan":
            guard let x, let y, x.isFinite, y.isFinite else {
                throw Problem(
                    description: "`pan` needs the frame's new centre as `x` and `y` (fractions of the picture)")
            }
            return "pan \(try path()) \(x) \(y)"
        case "scroll_end": return "scroll \(try path())"
        case "back": return "back"
        case "swipe_dismiss": return "dismiss"
        case "dismiss_alert": return nil
        default:
            throw Problem(description: "unknown input kind `\(kind)`; one of: \(Self.kinds.joined(separator: ", "))")
        }
    }
}
