import SegueDiagnostics

/// How REPL output is decorated: ANSI colour on a terminal, plain text in pipes, scripts and tests.
///
///     let style = ReplStyle(color: isatty(1) == 1 && environment["NO_COLOR"] == nil)
///     style.terminal(style.bold("donate"))
///
/// Text from the flow (names, labels, data) may carry control characters of its own, so the style writes its
/// colour codes with a stand-in for ESC, and `terminal(_:)` escapes every control and bidi character of the
/// whole reply by the one rule (`TerminalText`) before it turns the stand-ins into ESC.
public struct ReplStyle: Sendable, Hashable {
    public var color: Bool

    public init(color: Bool) {
        self.color = color
    }

    public static let plain = ReplStyle(color: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// `text` as the terminal gets it: control and bidi characters shown as `\u{1B}`, then this style's own colour
    /// codes written.
    public func terminal(_ text: String) -> String {
        let safe = TerminalText.escaped(text)
        return color ? safe.replacingOccurrences(of: Self.escape, with: "\u{1B}") : safe
    }

    /// What stands for ESC until `terminal(_:)`: private-use characters around 128 random bits, drawn once a
    /// process, so no text written before the run can contain it.
    static let escape: String = {
        var generator = SystemRandomNumberGenerator()
        let bits = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        return "\u{F8FE}" + bits + "\u{F8FF}"
    }()

    private func wrap(_ text: String, _ code: String) -> String {
        color ? "\(Self.escape)[\(code)m\(text)\(Self.escape)[0m" : text
    }
}
