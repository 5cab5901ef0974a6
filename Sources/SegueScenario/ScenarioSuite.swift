import Foundation
import SegueDiagnostics
import SegueDriver

/// Finds scenario files, runs them, and reports: one line per scenario, JUnit XML, requirement coverage.
public enum ScenarioSuite {
    /// Scenario files under `paths` (files are taken as given; directories are searched recursively for YAML files
    /// whose first key is `scenario:`), sorted, and what a search passed over without opening it (a FIFO, a device).
    public static func collect(_ paths: [String]) throws(ScenarioError) -> FileScan {
        var found = FileScan()
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioError(diagnostics: [
                    .error(
                        "T001", "no such file or directory",
                        at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)))
                ])
            }
            guard isDirectory.boolValue else {
                found.files.append(path)
                continue
            }
            guard let scan = try? FileScan.walk(path, endings: [".yaml", ".yml"], skippingHidden: false) else {
                continue
            }
            found.files += scan.files.filter(isScenario)
            found.passedOver += scan.passedOver
        }
        found.files.sort()
        return found
    }

    /// Whether the file's first key (after comments) is `scenario:`; only a regular file's first 4 KiB are read.
    public static func isScenario(_ path: String) -> Bool {
        guard let bytes = try? SafeFile.head(path, count: 4096, links: .followed) else { return false }
        let head = String(decoding: bytes, as: UTF8.self)
        for line in head.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "---" { continue }
            return trimmed.hasPrefix("scenario:")
        }
        return false
    }

    /// JUnit XML for CI dashboards: one test case per scenario, grouped by flow. Always well-formed XML 1.0: the
    /// control characters it cannot carry even as references (and the bidi ones) are written as text, `\u{1B}`,
    /// by the one rule (`TerminalText`); a line break in an attribute is `&#10;`.
    public static func junit(_ results: [ScenarioResult]) -> String {
        func text(_ text: String) -> String {
            TerminalText.escaped(text).replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        func escape(_ attribute: String) -> String {
            text(attribute).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\n", with: "&#10;")
                .replacingOccurrences(of: "\t", with: "&#9;")
        }
        let failures = results.filter { !$0.passed }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"segue\" tests=\"\(results.count)\" failures=\"\(failures)\" time=\"\(String(format: "%.3f", total))\">\n"
        let byFlow = Dictionary(grouping: results) { $0.scenario.flowPath }
        for flow in byFlow.keys.sorted() {
            let cases = byFlow[flow]!
            let failed = cases.filter { !$0.passed }.count
            xml += "  <testsuite name=\"\(escape(flow))\" tests=\"\(cases.count)\" failures=\"\(failed)\">\n"
            for result in cases {
                xml +=
                    "    <testcase classname=\"\(escape(result.scenario.path))\" name=\"\(escape(result.scenario.name))\" time=\"\(String(format: "%.3f", result.seconds))\""
                if let failure = result.failure {
                    xml +=
                        ">\n      <failure message=\"\(escape(failure.message))\">\(text(failure.description + "\n" + failure.screen))</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}

/// The requirements table kept in the project (`| ID | title |` rows of a Markdown file).
public struct RequirementsTable: Sendable {
    public var requirements: [(id: String, title: String)]

    public init(markdown: String) {
        requirements = markdown.split(whereSeparator: \.isNewline).compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let first = cells.first,
                first.range(of: #"^[A-Z]+[0-9]+$"#, options: .regularExpression) != nil
            else { return nil }
            return (first, cells[1])
        }
    }

    /// Which IDs passing scenarios cover, and which they do not (failing scenarios cover nothing).
    public func coverage(_ results: [ScenarioResult]) -> (covered: [String: [String]], missing: [String]) {
        var covered: [String: [String]] = [:]
        for result in results where result.passed {
            for id in result.scenario.covers { covered[id, default: []].append(result.scenario.path) }
        }
        let missing = requirements.map(\.id).filter { covered[$0] == nil }
        return (covered, missing)
    }
}
