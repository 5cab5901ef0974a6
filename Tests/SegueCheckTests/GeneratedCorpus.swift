import Foundation
import SegueCheck
import SegueDiagnostics
import SegueFrontEnd
import SegueYAML
import Testing

/// Invalid inputs that cannot be stored as corpus files: unreadable paths, bad bytes, limits, cycles across files.
///
/// Each is made in a scratch directory and loaded; the tests below assert what each reports, and the corpus
/// coverage test counts the codes they actually produce (no list to keep in step by hand).
enum GeneratedCorpus {
    static let flow = """
        segue: 1
        flow: t
        start: main
        screens:
          main:
            elements:
              - text: hello
                value: Hi

        """

    /// Every generated input, by what it is.
    static var all: [(name: String, load: (Scratch) throws -> FlowLoadResult)] {
        [
            ("a missing file", { _ in missingFile() }), ("a directory", directory), ("invalid UTF-8", invalidUTF8),
            ("a control character", controlCharacter), ("a file over the size limit", oversized),
            ("too deep", tooDeep), ("a scalar too long", scalarTooLong), ("an alias bomb", aliasBomb),
            ("an import cycle", { try importCycle($0).result }),
            ("a missing nested import", { try missingImport($0).result }),
        ]
    }

    /// The codes the generated inputs produce, each loaded in its own scratch directory.
    static func codes() throws -> Set<String> {
        var codes: Set<String> = []
        for (_, load) in all {
            let scratch = try Scratch()
            defer { scratch.remove() }
            codes.formUnion(try load(scratch).diagnostics.map(\.code))
        }
        return codes
    }

    static func missingFile() -> FlowLoadResult { FlowLoader().load(path: "/no/such/dir/flow.yaml") }

    static func directory(_ scratch: Scratch) -> FlowLoadResult { FlowLoader().load(path: scratch.path) }

    static func invalidUTF8(_ scratch: Scratch) throws -> FlowLoadResult {
        let path = try scratch.write(
            "bad.yaml", bytes: Array("segue: 1\nflow: t\nstart: m".utf8) + [0xFF] + Array("\n".utf8))
        return FlowLoader().load(path: path)
    }

    static func controlCharacter(_ scratch: Scratch) throws -> FlowLoadResult {
        FlowLoader().load(path: try scratch.write("bell.yaml", "segue: 1\nflow: t\u{07}\n"))
    }

    static func oversized(_ scratch: Scratch) throws -> FlowLoadResult {
        FlowLoader(limits: YAMLLimits(maxFileBytes: 16)).load(path: try scratch.write("big.yaml", flow))
    }

    static func tooDeep(_ scratch: Scratch) throws -> FlowLoadResult {
        FlowLoader(limits: YAMLLimits(maxDepth: 3)).load(path: try scratch.write("flow.yaml", flow))
    }

    static func scalarTooLong(_ scratch: Scratch) throws -> FlowLoadResult {
        FlowLoader(limits: YAMLLimits(maxScalarBytes: 4)).load(path: try scratch.write("flow.yaml", flow))
    }

    static func aliasBomb(_ scratch: Scratch) throws -> FlowLoadResult {
        let bomb = try scratch.write(
            "bomb.yaml",
            "segue: 1\na: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c]\n")
        return FlowLoader(limits: YAMLLimits(maxAliasExpansion: 50)).load(path: bomb)
    }

    /// `a.yaml` imports `lib/b.yaml`, which imports `a.yaml` again.
    static func importCycle(_ scratch: Scratch) throws -> (result: FlowLoadResult, a: String, b: String) {
        let a = try scratch.write(
            "a.yaml", flow.replacingOccurrences(of: "start: main", with: "start: main\nimports: [lib/b.yaml]"))
        let b = try scratch.write("lib/b.yaml", "segue: 1\nimports: [../a.yaml]\n")
        return (FlowLoader().load(path: a), a, b)
    }

    /// `a.yaml` imports `b.yaml`, which imports a file that does not exist.
    static func missingImport(_ scratch: Scratch) throws -> (result: FlowLoadResult, b: String) {
        let a = try scratch.write(
            "a.yaml", flow.replacingOccurrences(of: "start: main", with: "start: main\nimports: [b.yaml]"))
        let b = try scratch.write("b.yaml", "segue: 1\nimports: [gone.yaml]\n")
        return (FlowLoader().load(path: a), b)
    }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct Scratch {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("segue-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` (or `bytes`) at a path relative to the scratch directory, creating folders; returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String? = nil, bytes: [UInt8]? = nil) throws -> String {
        let full = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes ?? Array((text ?? "").utf8)).write(to: URL(fileURLWithPath: full))
        return full
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct GeneratedCorpusTests {
    static let flow = GeneratedCorpus.flow

    @Test func aMissingFileIsAnIOProblemNotAFlowProblem() {
        let result = GeneratedCorpus.missingFile()
        #expect(result.flow == nil)
        #expect(result.isUnreadable)
        #expect(result.diagnostics.map(\.code) == ["C003"])
        #expect(result.diagnostics.first?.message == "cannot read `/no/such/dir/flow.yaml`: no such file")
        #expect(result.diagnostics.first?.range.description == "/no/such/dir/flow.yaml:1:1")
    }

    @Test func aDirectoryIsNotAFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = GeneratedCorpus.directory(scratch)
        #expect(result.isUnreadable)
        #expect(result.diagnostics.map(\.message) == ["cannot read `\(scratch.path)`: it is a directory"])
        #expect(result.diagnostics.map(\.code) == ["C003"])
    }

    @Test func contentProblemsAreNotIOProblems() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            "flow.yaml", Self.flow.replacingOccurrences(of: "start: main", with: "start: mian"))
        let result = FlowLoader().load(path: path)
        #expect(!result.isUnreadable)
        #expect(result.hasErrors)
        #expect(result.diagnostics.map(\.code) == ["C101"])
    }

    @Test func invalidUTF8IsReportedAtTheByte() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GeneratedCorpus.invalidUTF8(scratch)
        #expect(result.flow == nil)
        #expect(result.diagnostics.map { "\($0.range.start) \($0.code)" } == ["3:9 Y002"])
    }

    @Test func aControlCharacterIsReported() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GeneratedCorpus.controlCharacter(scratch)
        #expect(result.diagnostics.map { "\($0.range.start) \($0.code)" } == ["2:8 Y003"])
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeParsing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GeneratedCorpus.oversized(scratch)
        #expect(result.flow == nil)
        #expect(result.diagnostics.map(\.code) == ["Y001"])
    }

    @Test func limitsOnDepthScalarsAndAliasesAreEnforced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try GeneratedCorpus.tooDeep(scratch).diagnostics.map(\.code) == ["Y008"])
        #expect(try GeneratedCorpus.scalarTooLong(scratch).diagnostics.map(\.code).first == "Y009")
        #expect(try GeneratedCorpus.aliasBomb(scratch).diagnostics.map(\.code) == ["Y014"])
    }

    @Test func anImportCycleAcrossTwoFilesIsReportedWhereItCloses() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (result, a, b) = try GeneratedCorpus.importCycle(scratch)
        #expect(result.diagnostics.map { "\($0.range) \($0.code)" } == ["\(b):2:11 C001"])
        #expect(result.diagnostics.first?.message == "import cycle: a.yaml → b.yaml → a.yaml")
        #expect(result.sources.map(\.path) == [a, b])
    }

    @Test func aMissingNestedImportIsReportedInTheFileThatImportsIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (result, b) = try GeneratedCorpus.missingImport(scratch)
        #expect(result.diagnostics.map { "\($0.range) \($0.code)" } == ["\(b):2:11 M008"])
        #expect(result.diagnostics.first?.message == "cannot import `gone.yaml`: no such file")
    }

    @Test func importedComponentsTypesAndEventsAreUsable() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(
            "shared/cards.yaml",
            """
            segue: 1
            types:
              Card: { title: string }
            events:
              opened: { card: Card }
            components:
              card:
                parameters: { card: Card }
                elements:
                  - button: open
                    label: "${card.title}"
                    tap: { send: opened, with: { card: card } }

            """)
        let main = try scratch.write(
            "flow.yaml",
            """
            segue: 1
            flow: t
            start: main
            imports: [shared/cards.yaml]
            data:
              first: { type: Card, default: "{title: 'A'}" }
            screens:
              main:
                elements:
                  - use: card
                    with: { card: first }
                on:
                  opened:
                    - set: { first: event.card }

            """)
        let result = FlowLoader().load(path: main)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.flow?.imports.map(\.text) == ["shared/cards.yaml"])
        #expect(result.sources.count == 2)
    }

    @Test func aLibraryImportedTwiceLendsItsDefinitionsOnceAndReportsItsProblemsOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let flow = try scratch.write(
            "flow.yaml",
            Self.flow.replacingOccurrences(of: "start: main", with: "start: main\nimports: [b.yaml, c.yaml]")
                + "      - use: shared\n")
        try scratch.write("b.yaml", "segue: 1\nimports: [d.yaml]\n")
        try scratch.write("c.yaml", "segue: 1\nimports: [d.yaml]\n")
        let d = try scratch.write(
            "d.yaml", "segue: 1\ncomponents:\n  shared:\n    elements: [{ text: t, value: \"${nope}\" }]\n")
        let result = FlowLoader().load(path: flow)
        #expect(result.diagnostics.map { "\($0.range) \($0.code)" } == ["\(d):4:37 X101"])
        #expect(
            result.sources.map { ($0.path as NSString).lastPathComponent } == [
                "flow.yaml", "b.yaml", "d.yaml", "c.yaml",
            ])
    }

    @Test func aDirectoryWalkFindsFlowsAndSkipsOtherYAML() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let top = try scratch.write("flow.yaml", Self.flow)
        let nested = try scratch.write("deep/er/other.yml", "# a comment first\n---\n" + Self.flow)
        let scenario = try scratch.write("scenarios/buy.yaml", "scenario: buy\nsteps: []\n")
        try scratch.write("notes.txt", "segue: 1\n")
        try scratch.write(".hidden/flow.yaml", Self.flow)
        let scan = try FlowDirectory.scan(scratch.path)
        #expect(scan.flows == [nested, top])
        #expect(scan.skipped == [scenario])
        let loaded = try FlowLoader().loadDirectory(scratch.path)
        #expect(loaded.results.map(\.path) == [nested, top])
        #expect(loaded.diagnostics.isEmpty)
        #expect(!loaded.hasErrors)
    }

    @Test func aMissingDirectoryCannotBeWalked() {
        #expect(throws: FlowDirectory.ScanError.self) { try FlowDirectory.scan("/no/such/directory") }
    }

    @Test func aFlowIsRecognisedByItsFirstLine() {
        #expect(FlowDirectory.isFlowText("\u{FEFF}segue: 1\n"))
        #expect(FlowDirectory.isFlowText("# comment\n\n%YAML 1.2\n---\nsegue: 1\n"))
        #expect(!FlowDirectory.isFlowText("scenario: x\nsegue: 1\n"))
        #expect(!FlowDirectory.isFlowText("  segue: 1\n"))
        #expect(!FlowDirectory.isFlowText(""))
    }
}

@Suite struct BatchTests {
    @Test func pathsMixFilesAndDirectoriesAndTheExitStatusFollowsTheWorst() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.write("flows/good.yaml", GeneratedCorpusTests.flow)
        let warned = try scratch.write(
            "flows/warned.yaml", GeneratedCorpusTests.flow + "  orphan:\n    elements: [{ text: t, value: T }]\n")
        let bad = try scratch.write(
            "bad.yaml", GeneratedCorpusTests.flow.replacingOccurrences(of: "start: main", with: "start: x"))
        let loader = FlowLoader()

        let clean = loader.load(paths: [good])
        #expect(clean.exitStatus(strict: true) == 0)

        let directory = loader.load(paths: [(scratch.path as NSString).appendingPathComponent("flows")])
        #expect(directory.results.map(\.path) == [good, warned])
        #expect(directory.diagnostics.map(\.code) == ["C401"])
        #expect(directory.exitStatus(strict: false) == 0)
        #expect(directory.exitStatus(strict: true) == 1)

        #expect(loader.load(paths: [good, bad]).exitStatus(strict: false) == 1)
        #expect(loader.load(paths: [bad, "/no/such/file.yaml"]).exitStatus(strict: false) == 2)
    }
}
