import SegueDiagnostics

/// The stable codes of the problems the YAML layer reports; each is listed with an example in docs/diagnostics.md.
enum YAMLCode: String {
    case fileTooLarge = "Y001"
    case invalidUTF8 = "Y002"
    case controlCharacter = "Y003"
    case syntax = "Y004"
    case tabIndentation = "Y005"
    case unclosedQuote = "Y006"
    case secondDocument = "Y007"
    case tooDeep = "Y008"
    case scalarTooLong = "Y009"
    case duplicateKey = "Y010"
    case complexKey = "Y011"
    case undefinedAlias = "Y012"
    case recursiveAlias = "Y013"
    case aliasExpansion = "Y014"
    case invalidMerge = "Y015"
    case tagMismatch = "Y016"
    case integerOutOfRange = "Y017"
    case unknownTag = "Y018"
}

extension Diagnostic {
    static func error(_ code: YAMLCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [])
        -> Diagnostic
    {
        .error(code.rawValue, message, at: range, notes: notes)
    }
}
