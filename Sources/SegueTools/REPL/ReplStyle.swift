/// How REPL output is decorated: ANSI colour on a terminal, plain text in pipes, scripts and tests.
///
///     let style = ReplStyle(color: isatty(1) == 1 && environment["NO_COLOR"] == nil)
///     style.bold("donate")
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

    private func wrap(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
