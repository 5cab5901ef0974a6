import Foundation
import Testing

/// `segue validate --format sarif`: the log code scanning uploads, from the same diagnostics as the text.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct SARIFOutputTests {
    let file = "Tests/SegueCheckTests/Corpus/invalid/c101_unknown_present_target.yaml"

    @Test func validateWritesASARIFLogOfTheDiagnostics() throws {
        let result = try segue(["validate", "--format", "sarif", file])
        #expect(result.status == 1)
        #expect(result.error.isEmpty, "\(result.error)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["name"] as? String == "segue")
        #expect((driver?["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["C101", "C401"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        let location = ((results.first?["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == file)
        let region = location?["region"] as? [String: Int]
        #expect(region?["startLine"] == 12)
        #expect(region?["startColumn"] == 25)
        #expect(region?["endColumn"] == 31)
        let fix = ((results.first?["fixes"] as? [[String: Any]])?.first)?["artifactChanges"] as? [[String: Any]]
        let inserted = ((fix?.first?["replacements"] as? [[String: Any]])?.first?["insertedContent"] as? [String: Any])
        #expect(inserted?["text"] as? String == "detail")
    }

    @Test func rulesLinkToTheDocumentationWhereItIsPublished() throws {
        let url = "https://example.com/segue/blob/v1/docs/diagnostics.md"
        let result = try segue(["validate", "--format", "sarif", file], environment: ["SEGUE_DOCS_URL": url])
        #expect(result.output.contains("\"helpUri\" : \"\(url)#c101\""))
    }

    @Test func aCleanFlowIsALogWithNoResults() throws {
        let result = try segue(["validate", "--format", "sarif", "--strict", "flows/donate.yaml"])
        #expect(result.status == 0)
        let log = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        #expect((run?["results"] as? [Any])?.isEmpty == true)
        #expect((((run?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any])?.isEmpty == true)
    }
}
