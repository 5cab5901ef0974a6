/// The W3C IRP tests `segue import scxml --test` does not run, each with the reason it does not apply to Segue; the
/// one table the command reads, and the n/a rows of docs/conformance.md. Only what Segue deliberately leaves out is
/// here: a test that fails because the importer or the runtime lacks something it could have stays a failure.
public enum SCXMLSkippedTests {
    static let invoke = "n/a: <invoke> of another SCXML session; a flow runs one chart"
    static let script = "n/a: <script> is the ECMAScript datamodel's own; Segue's expressions run no code"

    public static let reason: [String: String] = [
        "187": invoke,
        "191": invoke,
        "192": invoke,
        "207": invoke,
        "215": invoke,
        "216": invoke,
        "220": invoke,
        "223": invoke,
        "224": invoke,
        "225": invoke,
        "226": invoke,
        "228": invoke,
        "229": invoke,
        "232": invoke,
        "233": invoke,
        "234": invoke,
        "235": invoke,
        "236": invoke,
        "237": invoke,
        "239": invoke,
        "240": invoke,
        "241": invoke,
        "242": invoke,
        "243": invoke,
        "244": invoke,
        "245": invoke,
        "247": invoke,
        "252": invoke,
        "253": invoke,
        "276": invoke,
        "338": invoke,
        "347": invoke,
        "422": invoke,
        "530": invoke,
        "554": invoke,
        "302": script,
        "303": script,
        "304": script,
    ]
}
