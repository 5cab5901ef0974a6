/// The W3C IRP tests `segue import scxml --test` does not run, each with the reason it does not apply to Segue; the
/// one table the command reads, and the n/a rows of docs/conformance.md. Only what Segue deliberately leaves out is
/// here: a test that fails because the importer or the runtime lacks something it could have stays a failure.
/// Empty since `<script>` of assignments is translated (tests 302–304 run).
public enum SCXMLSkippedTests {
    public static let reason: [String: String] = [:]
}
