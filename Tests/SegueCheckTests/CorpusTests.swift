import Foundation
import SegueCheck
import SegueDiagnostics
import SegueModel
import Testing

/// One expected diagnostic, written in a corpus file as `# expect: 7:15 error C201`.
struct Expectation: Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var severity: String
    var code: String

    var description: String { "\(line):\(column) \(severity) \(code)" }

    /// Every `# expect:` line of a file.
    static func parse(_ text: String) -> [Expectation] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "# expect: ") else { return nil }
            let parts = line[range.upperBound...].split(separator: " ")
            guard parts.count >= 3 else { return nil }
            let position = parts[0].split(separator: ":")
            guard position.count == 2, let row = Int(position[0]), let column = Int(position[1]) else { return nil }
            return Expectation(line: row, column: column, severity: String(parts[1]), code: String(parts[2]))
        }
    }

    init(line: Int, column: Int, severity: String, code: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.code = code
    }

    init(_ diagnostic: Diagnostic) {
        self.init(
            line: diagnostic.range.start.line, column: diagnostic.range.start.column,
            severity: diagnostic.severity.rawValue, code: diagnostic.code)
    }
}

enum Corpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")
    /// The corpus is one project: `valid/` and `invalid/` import from `imports/` beside them.
    static let loader = FlowLoader(root: ProjectRoot(root.path))
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func files(_ folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// The diagnostics of the file itself (imports may report in other files), as expectations.
    static func actual(_ path: String) -> [Expectation] {
        Corpus.loader.load(path: path).diagnostics.filter { $0.range.path == path }.map(Expectation.init)
    }

    /// The codes docs/diagnostics.md documents: its `### C101` sections and its `| Y001 | … |` table rows.
    static func documentedCodes() throws -> Set<String> {
        let docs = try String(contentsOf: repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        var codes: Set<String> = []
        for line in docs.split(separator: "\n") {
            for prefix in ["### ", "| "] where line.hasPrefix(prefix) {
                let code = line.dropFirst(prefix.count).prefix(4)
                if code.count == 4, code.first?.isUppercase == true, code.dropFirst().allSatisfy(\.isNumber),
                    (line.dropFirst(prefix.count + 4).first ?? " ") == " "
                {
                    codes.insert(String(code))
                }
            }
        }
        return codes
    }

    static func describe(_ path: String) -> String {
        let result = Corpus.loader.load(path: path)
        return DiagnosticRenderer(format: .human, sources: result.sources).render(result.diagnostics)
    }
}

@Suite struct CorpusTests {
    @Test(arguments: Corpus.files("invalid"))
    func invalidFlowReportsExactlyItsExpectedDiagnostics(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = Expectation.parse(text)
        #expect(!expected.isEmpty, "\(path) has no `# expect:` lines")
        let actual = Corpus.actual(path)
        #expect(
            actual.sorted { $0.description < $1.description } == expected.sorted { $0.description < $1.description },
            "\((path as NSString).lastPathComponent):\n\(Corpus.describe(path))")
    }

    @Test(arguments: Corpus.files("valid"))
    func validFlowHasNoDiagnostics(path: String) {
        let result = Corpus.loader.load(path: path)
        #expect(result.flow != nil)
        #expect(result.diagnostics.isEmpty, "\((path as NSString).lastPathComponent):\n\(Corpus.describe(path))")
    }

    @Test func theDonationsFlowChecksClean() {
        let path = Corpus.repository.appendingPathComponent("flows/donate.yaml").path
        let result = FlowLoader().load(path: path)
        #expect(result.flow?.screens.count == 5)
        #expect(result.diagnostics.isEmpty, "donate.yaml:\n\(Corpus.describe(path))")
    }

    @Test func everyCodeIsDocumentedWithAnExample() throws {
        let docs = try String(
            contentsOf: Corpus.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let codes = CheckCode.all + DiagnosticCode.all
        let undocumented = codes.filter { !docs.contains("### \($0)\n") || !docs.contains("[\($0)]:") }
        #expect(undocumented.isEmpty, "codes without a docs section and example: \(undocumented)")
    }

    @Test func theInvalidCorpusCoversEveryCode() throws {
        var codes: Set<String> = []
        for path in Corpus.files("invalid") {
            codes.formUnion(Expectation.parse(try String(contentsOfFile: path, encoding: .utf8)).map(\.code))
        }
        codes.formUnion(try GeneratedCorpus.codes())
        // Every checker code, and every code docs/diagnostics.md documents (the model's and the YAML layer's too).
        // The importer's I codes are about SCXML files; their fixtures are in Tests/SegueImportTests/Fixtures.
        let required = Set(CheckCode.all).union(DiagnosticCode.all).union(
            try Corpus.documentedCodes().filter { !$0.hasPrefix("I") })
        #expect(required.count >= 67)
        let missing = required.sorted().filter { !codes.contains($0) }
        #expect(missing.isEmpty, "codes without a corpus file: \(missing)")
        #expect(Corpus.files("invalid").count >= 80)
    }
}
