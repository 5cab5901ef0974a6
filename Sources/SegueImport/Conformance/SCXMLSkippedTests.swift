/// The W3C IRP tests `segue import scxml --test` does not run, each with the reason it does not apply to Segue; the
/// one table the command reads, and the n/a rows of docs/conformance.md. Only what Segue deliberately leaves out is
/// here: a test that fails because the importer or the runtime lacks something it could have stays a failure.
public enum SCXMLSkippedTests {
    static let script = "n/a: <script> is the ECMAScript datamodel's own; Segue's expressions run no code"

    public static let reason: [String: String] = [
        "302": script,
        "303": script,
        "304": script,
    ]
}
