/// The W3C IRP tests `segue import scxml --test` does not run, each with the reason it does not apply to Segue; the
/// one table the command reads, and the n/a rows of docs/conformance.md.
public enum SCXMLSkippedTests {
    public static let reason: [String: String] = [:]
}
