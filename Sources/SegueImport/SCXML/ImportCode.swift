import SegueDiagnostics

/// The stable codes of the problems `segue import scxml` reports; each is listed with an example in
/// docs/diagnostics.md.
public enum ImportCode: String, Sendable, CaseIterable {
    /// The file is not well-formed XML (or too large, or holds no element).
    case notXML = "I001"
    /// An element SCXML does not define (or not in that place).
    case unknownElement = "I002"
    /// An attribute the element does not take, or a required one missing.
    case badAttribute = "I003"
    /// A transition, `initial` or history default names no state of the document, or several that cannot be
    /// active together.
    case missingState = "I004"
    /// A construct SCXML defines that the importer does not translate (`<invoke>`, `<script>`, `<foreach>`, …).
    case unsupported = "I005"
    /// An expression outside the subset Segue shares with SCXML's null and ECMAScript datamodels.
    case expression = "I006"
    /// Eventless transitions that, once taken, always lead back to where they started: the chart never settles.
    case eventlessCycle = "I007"
    /// A state or data id that is declared twice or cannot become a Segue name.
    case badIdentifier = "I008"
    /// A warning: what SCXML does here at run time is known from the document alone (an event no transition takes
    /// is discarded; assigning to a location no `<data>` declares raises `error.execution`), and the flow does it.
    case decidedStatically = "I009"
    /// A document type declaration (`<!DOCTYPE`, with or without an internal subset of `<!ENTITY …>`): SCXML needs
    /// none, and entities are how a small chart expands to gigabytes or reads files (OWASP: refuse DTDs).
    case documentType = "I010"
    /// The document is past one of the importer's limits, checked before the work: its size (by `fstat`, unread),
    /// how deep its elements nest, the length of an attribute or of an element's text.
    case overLimit = "I011"
}

extension Diagnostic {
    static func warning(_ code: ImportCode, _ message: String, at range: SourceRange) -> Diagnostic {
        .warning(code.rawValue, message, at: range)
    }

    static func error(_ code: ImportCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [])
        -> Diagnostic
    {
        .error(code.rawValue, message, at: range, notes: notes)
    }
}
