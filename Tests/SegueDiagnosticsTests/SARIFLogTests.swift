import Foundation
import SegueDiagnostics
import Testing

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func range(_ path: String, _ line: Int, _ column: Int, _ offset: Int, to endColumn: Int) -> SourceRange {
    SourceRange(
        path: path, start: SourceLocation(line: line, column: column, offset: offset),
        end: SourceLocation(line: line, column: endColumn, offset: offset + endColumn - column))
}

/// Diagnostics with everything SARIF carries: notes with and without places, a fix-it, a path needing escapes.
private let sample: [Diagnostic] = [
    .error(
        "C101", "unknown screen `detial`; did you mean `detail`?", at: range("flows/t.yaml", 12, 25, 140, to: 31),
        notes: [DiagnosticNote("screens are declared under `screens:`", at: range("flows/t.yaml", 4, 1, 30, to: 8))],
        fixIts: [FixIt(range: range("flows/t.yaml", 12, 25, 140, to: 31), replacement: "detail")]),
    .warning("C301", "`show` needs a [navigation] stack", at: range("./my flows/a.yaml", 3, 5, 20, to: 9)),
    .error(
        "Y010", "duplicate key `a` in this mapping", at: range("/tmp/abs.yaml", 2, 1, 5, to: 2),
        notes: [DiagnosticNote("the first definition is kept")]),
    .error("C101", "unknown screen `x`", at: .synthesized),
]

private func render(_ diagnostics: [Diagnostic], documentationURL: String? = nil) throws -> [String: Any] {
    var renderer = DiagnosticRenderer(format: .sarif)
    renderer.toolVersion = "9.9.9"
    renderer.documentationURL = documentationURL
    let data = Data(renderer.render(diagnostics).utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

private func results(_ log: [String: Any]) -> [[String: Any]] {
    ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
}

private func value(_ object: Any?, _ path: String...) -> Any? {
    path.reduce(object) { current, key in
        if let index = Int(key) { return (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
        return (current as? [String: Any])?[key]
    }
}

struct SARIFLogTests {
    /// The OASIS schema check runs on `segue validate --format sarif` output (SARIFOutputTests).
    @Test func theLogHasTheStructureSARIFRequires() throws {
        let log = try render(sample, documentationURL: "https://example.com/segue/docs/diagnostics.md")
        #expect(SARIFStructure.problems(in: log) == [])
        #expect(log["version"] as? String == "2.1.0")
        #expect(value(log, "runs", "0", "tool", "driver", "name") as? String == "segue")
        #expect(value(log, "runs", "0", "tool", "driver", "version") as? String == "9.9.9")
        #expect(value(log, "runs", "0", "columnKind") as? String == "unicodeCodePoints")
    }

    @Test func theStructureCheckCatchesWhatCodeScanningWouldRefuse() throws {
        var log = try render(sample)
        var run = try #require((log["runs"] as? [[String: Any]])?.first)
        var result = try #require((run["results"] as? [[String: Any]])?.first)
        result["level"] = "fatal"
        result["ruleIndex"] = 7
        result["locations"] = []
        run["results"] = [result]
        log["runs"] = [run]
        log["versoin"] = "2.1.0"
        let problems = SARIFStructure.problems(in: log)
        #expect(problems.contains("log: unknown property `versoin`"))
        #expect(problems.contains("runs[0].results[0].level: unknown level fatal"))
        #expect(problems.contains("runs[0].results[0].ruleIndex: does not name the rule C101"))
        #expect(problems.contains("runs[0].results[0].locations: expected at least 1 item(s)"))
    }

    @Test func rulesAreTheCodesWithTheirDocumentation() throws {
        let log = try render(sample, documentationURL: "https://example.com/segue/docs/diagnostics.md")
        let rules = try #require(value(log, "runs", "0", "tool", "driver", "rules") as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["C101", "C301", "Y010"])
        #expect(
            value(rules[0], "shortDescription", "text") as? String
                == "`start`, `present`, `show`, `replace` or `unwind` names no screen.")
        #expect(rules[0]["helpUri"] as? String == "https://example.com/segue/docs/diagnostics.md#c101")
        #expect(rules[2]["helpUri"] as? String == "https://example.com/segue/docs/diagnostics.md#yaml-y")
        #expect(
            (value(rules[0], "help", "text") as? String)?.hasSuffix(
                "See docs/diagnostics.md#c101 in Segue's documentation.") == true)
        let withoutURL = try render(sample)
        #expect(value(withoutURL, "runs", "0", "tool", "driver", "rules", "0", "helpUri") == nil)
        #expect(results(log).map { $0["ruleIndex"] as? Int } == [0, 1, 2])
    }

    @Test func resultsCarryLevelsRegionsAndFixes() throws {
        let all = results(try render(sample))
        #expect(all.map { $0["level"] as? String } == ["error", "warning", "error"])
        let region = value(all[0], "locations", "0", "physicalLocation", "region") as? [String: Int]
        #expect(
            region == [
                "startLine": 12, "startColumn": 25, "endLine": 12, "endColumn": 31, "byteOffset": 140, "byteLength": 6,
            ])
        let replacement = value(all[0], "fixes", "0", "artifactChanges", "0", "replacements", "0")
        #expect(value(replacement, "insertedContent", "text") as? String == "detail")
        #expect(value(replacement, "deletedRegion", "startColumn") as? Int == 25)
        #expect(
            value(all[0], "fixes", "0", "artifactChanges", "0", "artifactLocation", "uri") as? String == "flows/t.yaml")
    }

    @Test func notesWithAPlaceAreRelatedLocationsLinkedFromTheMessage() throws {
        let all = results(try render(sample))
        #expect(
            value(all[0], "message", "text") as? String
                == "unknown screen `detial`; did you mean `detail`?\nnote: screens are declared under `screens:` "
                + "([flows/t.yaml:4:1](1))")
        #expect(value(all[0], "relatedLocations", "0", "id") as? Int == 1)
        #expect(value(all[0], "relatedLocations", "0", "physicalLocation", "region", "startLine") as? Int == 4)
        #expect(
            value(all[2], "message", "text") as? String
                == "duplicate key `a` in this mapping\nnote: the first definition is kept")
        #expect(value(all[1], "message", "text") as? String == "`show` needs a \\[navigation\\] stack")
    }

    @Test func pathsBecomeURIReferences() throws {
        let all = results(try render(sample))
        let uri = { (index: Int) in
            value(all[index], "locations", "0", "physicalLocation", "artifactLocation", "uri") as? String
        }
        #expect(uri(1) == "my%20flows/a.yaml")
        #expect(uri(2) == "file:///tmp/abs.yaml")
    }

    @Test func aDiagnosticWithNoPlaceIsANotificationOfTheRun() throws {
        let log = try render(sample)
        #expect(results(log).count == 3)
        let notification = value(log, "runs", "0", "invocations", "0", "toolExecutionNotifications", "0")
        #expect(value(notification, "message", "text") as? String == "unknown screen `x`")
        #expect(value(notification, "descriptor", "id") as? String == "C101")
        #expect(value(notification, "level") as? String == "error")
        #expect(value(log, "runs", "0", "invocations", "0", "executionSuccessful") as? Bool == true)
        #expect(value(try render(Array(sample.dropLast())), "runs", "0", "invocations") == nil)
    }
}

struct DiagnosticCatalogTests {
    /// Every `### CODE` section's first sentence, and every `| Y… |` row's code, from docs/diagnostics.md.
    private func documented() throws -> [String: String?] {
        let docs = try String(contentsOf: repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        var codes: [String: String?] = [:]
        let lines = docs.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("### "), index + 2 < lines.count {
                var paragraph: [String] = []
                var next = index + 2
                while next < lines.count, !lines[next].isEmpty {
                    paragraph.append(lines[next])
                    next += 1
                }
                codes[String(line.dropFirst(4))] = paragraph.joined(separator: " ")
            } else if line.hasPrefix("| Y"), line.dropFirst(6).hasPrefix(" |") {
                codes[String(line.dropFirst(2).prefix(4))] = .some(nil)
            }
        }
        return codes
    }

    @Test func theCatalogSaysWhatDocsDiagnosticsSays() throws {
        let documented = try documented()
        #expect(documented.count > 60)
        let regenerate = "run python3 scripts/gen-diagnostic-catalog.py"
        #expect(Set(DiagnosticCatalog.codes) == Set(documented.keys), "\(regenerate)")
        for (code, sentence) in documented {
            if let sentence { #expect(DiagnosticCatalog.summary(of: code) == sentence, "\(code): \(regenerate)") }
            #expect(DiagnosticCatalog.summary(of: code)?.isEmpty == false, "\(code)")
        }
    }

    @Test func everyAnchorIsAHeadingOfDocsDiagnostics() throws {
        let docs = try String(contentsOf: repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        // GitHub's anchors: lower case, spaces to `-`, punctuation other than `-` and `_` dropped.
        let anchors = Set(
            docs.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map { heading in
                String(
                    heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                        .compactMap {
                            $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil
                        })
            })
        for code in DiagnosticCatalog.codes {
            #expect(anchors.contains(DiagnosticCatalog.anchor(of: code)), "\(code)")
        }
    }
}
