import SegueDiagnostics

/// Turns libyaml's terse problem and context strings into a diagnostic written for the person editing the file.
struct SyntaxErrorTranslator {
    let file: SourceFile

    func diagnostic(for error: LibYAMLError, locator: inout SourceLocator) -> Diagnostic {
        if error.isReaderError {
            // The byte checks run first, so this is a fallback; libyaml's offset here is in bytes.
            let location = file.location(ofOffset: error.byteOffset)
            let code: YAMLCode = error.problem.contains("control") ? .controlCharacter : .invalidUTF8
            return .error(
                code, "the file is not valid YAML text: \(error.problem)",
                at: SourceRange(path: file.path, at: location))
        }
        let problemRange = characterRange(at: error.problemIndex, locator: &locator)
        let contextRange = error.contextIndex.map { characterRange(at: $0, locator: &locator) }
        let problem = error.problem
        let context = error.context ?? ""
        let character = problemRange.start.offset < file.bytes.count ? file.bytes[problemRange.start.offset] : nil
        let contextNote = { (message: String) -> [DiagnosticNote] in
            guard let contextRange, contextRange.start != problemRange.start else { return [] }
            return [DiagnosticNote(message, at: contextRange)]
        }

        if character == 0x09, problem.contains("tab") || problem.contains("cannot start any token") {
            let note = DiagnosticNote("YAML indentation must use spaces; replace the tab with spaces")
            if problem.contains("cannot start any token") && !isInIndentation(problemRange.start.offset) {
                return .error(.syntax, "a tab cannot start a value here", at: problemRange, notes: [note])
            }
            return .error(.tabIndentation, "tab character used for indentation", at: problemRange, notes: [note])
        }
        if context.contains("quoted scalar"),
            problem.contains("end of stream") || problem.contains("document indicator"),
            let contextRange
        {
            let quote =
                contextRange.start.offset < file.bytes.count && file.bytes[contextRange.start.offset] == 0x27
                ? "'" : "\""
            let ending = problem.contains("end of stream") ? "the file ends here" : "a document marker is reached here"
            return .error(
                .unclosedQuote, "unclosed quote: this string has no closing `\(quote)`", at: contextRange,
                notes: [DiagnosticNote(ending, at: problemRange)])
        }
        let (message, notes) = translate(
            problem: problem, context: context, character: character, contextNote: contextNote)
        return .error(.syntax, message, at: problemRange, notes: notes)
    }

    private func translate(
        problem: String, context: String, character: UInt8?, contextNote: (String) -> [DiagnosticNote]
    ) -> (String, [DiagnosticNote]) {
        let shown = character.map { String(decoding: [$0], as: UTF8.self) } ?? ""
        switch problem {
        case "found character that cannot start any token":
            if shown == "@" || shown == "`" {
                return ("`\(shown)` is reserved and cannot start a plain value", [DiagnosticNote("quote the value")])
            }
            return ("`\(shown)` cannot start a value here", [DiagnosticNote("quote the value if it is text")])
        case "mapping values are not allowed in this context":
            return (
                "unexpected `:` here; a value containing `: ` must be quoted",
                [DiagnosticNote("quote the value, or put a nested mapping on its own indented lines")]
            )
        case "block sequence entries are not allowed in this context":
            return (
                "a `- ` list item cannot start here",
                [DiagnosticNote("start the list on a new line, indented under its key")]
            )
        case "could not find expected ':'":
            return ("expected `:` after this key", contextNote("the key starts here"))
        case "did not find expected key":
            return (
                "expected a `key: value` line at this indentation; check how far this line is indented",
                contextNote("the mapping starts here")
            )
        case "did not find expected '-' indicator":
            return (
                "expected a `- ` list item at this indentation; check how far this line is indented",
                contextNote("the list starts here")
            )
        case "did not find expected node content":
            return ("expected a value here", contextNote("while reading the value that starts here"))
        case "did not find expected ',' or ']'":
            return ("expected `,` or `]` to continue or close the list", contextNote("the `[` list starts here"))
        case "did not find expected ',' or '}'":
            return ("expected `,` or `}` to continue or close the mapping", contextNote("the `{` mapping starts here"))
        case "did not find expected <document start>":
            return (
                "unexpected text after the end of the document",
                [DiagnosticNote("check for an extra closing bracket, a stray `...`, or wrong indentation")]
            )
        case "found unknown escape character":
            return (
                "unknown escape sequence in a double-quoted string",
                [
                    DiagnosticNote(
                        "write `\\\\` for a backslash, or use single quotes, where `\\` has no special meaning")
                ]
            )
        case "did not find expected hexdecimal number":
            return ("expected hexadecimal digits in this `\\x`, `\\u` or `\\U` escape", [])
        case "found invalid Unicode character escape code":
            return ("this escape does not name a valid Unicode character", [])
        case "did not find expected alphabetic or numeric character":
            let what = context.contains("alias") ? "an alias (`*`)" : "an anchor (`&`)"
            return ("\(what) needs a name made of letters, digits, `-` or `_`", [])
        case "found undefined tag handle":
            return ("undefined tag handle; use `!!type`, `!name`, or declare the handle with a %TAG directive", [])
        case "found a tab character that violates indentation",
            "found a tab character where an indentation space is expected":
            return ("tab character used for indentation", [DiagnosticNote("YAML indentation must use spaces")])
        case "did not find expected comment or line break":
            return ("expected the end of the line here", contextNote("after the indicator that starts here"))
        case "found an indentation indicator equal to 0":
            return ("a block scalar's indentation indicator must be 1 to 9", [])
        case "found incompatible YAML document", "found duplicate %YAML directive":
            return ("unsupported `%YAML` directive; Segue reads YAML 1.2 files", [])
        default:
            let while_ = context.isEmpty ? "" : " (\(context))"
            return ("YAML syntax error: \(problem)\(while_)", contextNote("the construct starts here"))
        }
    }

    /// A one-character range at a libyaml character index (zero-width at the end of the file).
    private func characterRange(at index: Int, locator: inout SourceLocator) -> SourceRange {
        let start = locator.location(ofCharacter: index)
        let end = start.offset < file.bytes.count ? locator.location(ofCharacter: index + 1) : start
        // A line break is not a visible character; point just before it.
        if start.offset < file.bytes.count, file.bytes[start.offset] == 0x0A || file.bytes[start.offset] == 0x0D {
            return SourceRange(path: file.path, at: start)
        }
        return SourceRange(path: file.path, start: start, end: end)
    }

    /// True when only spaces and tabs precede `offset` on its line.
    private func isInIndentation(_ offset: Int) -> Bool {
        let lineStart = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = offset - 1
        while index >= lineStart {
            let byte = file.bytes[index]
            if byte == 0x0A || byte == 0x0D { return true }
            if byte != 0x20 && byte != 0x09 { return false }
            index -= 1
        }
        return true
    }
}
