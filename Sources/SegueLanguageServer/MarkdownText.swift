import SegueDiagnostics

/// Text from a flow (a name, an expression as written, a declaration's line, a file name) placed in the Markdown
/// of a hover: it shows as written and is never read as Markdown, so a flow cannot end a code span or block early
/// and add a link, an image (a request to any server when the hover shows) or HTML. Control and bidi characters are
/// shown as `TerminalText` writes them (`\u{202E}`), as everywhere Segue shows text from outside.
///
///     MarkdownText.code("a`b")                     // "``a`b``"
///     MarkdownText.block("x: ```", language: "yaml") // "````yaml\nx: ```\n````"
enum MarkdownText {
    /// An inline code span: fenced by one backtick more than the longest run inside, with a space inside each
    /// fence when the text starts or ends with a backtick or a space (CommonMark takes one such space off).
    static func code(_ text: String) -> String {
        let shown = TerminalText.escaped(text, lineBreaks: false)
        let fence = String(repeating: "`", count: longestBacktickRun(shown) + 1)
        let pad = shown.first.map { $0 == "`" || $0 == " " } == true || shown.last.map { $0 == "`" || $0 == " " } == true
        return fence + (pad ? " " : "") + shown + (pad ? " " : "") + fence
    }

    /// A fenced code block of one or more lines: the fence at least three backticks, and longer than any run inside.
    static func block(_ text: String, language: String) -> String {
        let shown = TerminalText.escaped(text, lineBreaks: true)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(shown) + 1))
        return fence + language + "\n" + shown + "\n" + fence
    }

    /// Text outside code: every ASCII punctuation character CommonMark may read as markup backslash-escaped.
    static func plain(_ text: String) -> String {
        var result = ""
        for character in TerminalText.escaped(text, lineBreaks: false) {
            if let ascii = character.asciiValue, ascii.isMarkdownPunctuation { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}

extension UInt8 {
    /// CommonMark's ASCII punctuation, each of which a backslash makes literal.
    fileprivate var isMarkdownPunctuation: Bool {
        (33...47).contains(self) || (58...64).contains(self) || (91...96).contains(self) || (123...126).contains(self)
    }
}
