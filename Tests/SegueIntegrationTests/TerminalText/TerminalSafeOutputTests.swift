import Foundation
import SegueDiagnostics
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 31: control and bidi characters from outside (a flow's keys and texts, scenario and file names) reach no
/// terminal raw: diagnostics, the REPL, `segue test`, `import scxml --test`; JUnit and SARIF stay well-formed.
@Suite struct TerminalSafeOutputTests {
    /// ESC [2J clears the screen, OSC 52 writes the clipboard, ESC [8m hides text, U+202E reverses a line: in a
    /// screen's name (a key), a label and a message, all as YAML escapes, so the file itself is valid.
    static let hostileFlow = #"""
        segue: 1
        flow: hostile
        start: main
        screens:
          main:
            elements:
              - button: go
                label: "\e[8mhidden\u202E"
                tap: { present: "\e[2J\e]52;c;aGk=\a" }
          "\e[2J\e]52;c;aGk=\a":
            elements: []
        """#

    /// `bytes` has no ESC, BEL, C1 CSI or bidi override anywhere.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }
    }

    static func scratch(_ name: String, _ contents: String) throws -> (folder: String, path: String) {
        let folder = NSTemporaryDirectory() + "segue-terminal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func validateShowsEscapesInEveryFormatNeverRawBytes() async throws {
        // A misspelled target: an unknown screen quoting the name, and a did-you-mean fix-it with the real one.
        let misspelled = Self.hostileFlow.replacingOccurrences(
            of: #"present: "\e[2J\e]52;c;aGk=\a""#, with: #"present: "\e[2J\e]52;c;aGk=\aX""#)
        #expect(misspelled != Self.hostileFlow)
        let (folder, path) = try Self.scratch("hostile.yaml", misspelled)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in ["human", "github", "json", "sarif"] {
            let run = try await segue(["validate", "--format", format, "--strict", path])
            #expect(run.status == 1, "\(format): \(run.output)\(run.error)")
            #expect(Self.isClean(run.output + run.error), "\(format): \(run.output)")
            // JSON writes the escape's backslash as `\\`.
            let shown = #"\u{1B}[2J\u{1B}]52;c;aGk=\u{7}"#
            let written = ["json", "sarif"].contains(format) ? shown.replacingOccurrences(of: #"\"#, with: #"\\"#) : shown
            #expect(run.output.contains(written), "\(format): \(run.output)")
        }
        let sarif = try await segue(["validate", "--format", "sarif", path])
        #expect(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) is [String: Any])
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func aRawControlCharacterInTheFileIsEscapedInTheExcerptWithTheCaretUnderIt() async throws {
        let (folder, path) = try Self.scratch(
            "raw.yaml", "segue: 1\nflow: raw\nstart: main\nscreens:\n  main:\n    title: \"a\u{1B}[2J\u{202E}b\"\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try await segue(["validate", path])
        #expect(run.status != 0)
        #expect(Self.isClean(run.output + run.error), "\(run.output)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let source = try #require(lines.firstIndex { $0.hasPrefix("6 | ") }, "\(run.output)")
        #expect(lines[source] == #"6 |     title: "a\u{1B}[2J\u{202E}b""#)
        // The caret stands under the ESC as printed: column 15 of the line, 8 + "\u{1B}" wide in print.
        let caret = lines[source + 1]
        let offset = try #require(caret.firstIndex(of: "^")).utf16Offset(in: caret)
        let escape = try #require(lines[source].range(of: #"\u{1B}"#)).lowerBound.utf16Offset(in: lines[source])
        #expect(offset == escape, "\(lines[source])\n\(caret)")
    }

    @Test func theREPLShowsEscapesAndKeepsOnlyItsOwnColours() async throws {
        for color in [false, true] {
            try await ReplFixture.withScratchFile(named: "hostile.yaml", contents: Self.hostileFlow) { path in
                let session = try await ReplSession.open(
                    path: path, options: ServiceOptions(), style: ReplStyle(color: color))
                let start = await session.start()
                let reply = await session.execute("tap go").text
                let echo = ReplSession.echo("tap \u{1B}[2J")
                for text in [start, reply, echo] {
                    #expect(!text.contains("\u{1B}[2J") && !text.contains("\u{1B}]") && !text.contains("\u{1B}[8m"))
                    #expect(!text.unicodeScalars.contains { [0x07, 0x202E].contains($0.value) }, "\(text)")
                    #expect(!text.contains("\u{F8FE}"), "no stand-in for ESC is left")
                }
                #expect(start.contains(#"\u{1B}[8mhidden\u{202E}"#), "\(start)")
                #expect(reply.contains(#"\u{1B}[2J\u{1B}]52;c;aGk=\u{7}"#), "\(reply)")
                let escapes = start.unicodeScalars.filter { $0.value == 0x1B }.count
                #expect(color ? escapes > 0 : escapes == 0, "the style's own colour codes, only with colour")
            }
        }
    }

    @Test func junitWithControlCharactersInNamesIsWellFormed() async throws {
        let file = SourceFile(
            path: "flows/s.yaml",
            text: #"scenario: "\e[2J\e]52;c;aGk=\a \u202E<&\" \x01\x7F\u0085 \uFFFE""# + "\nflow: hostile.yaml\nsteps: []\n")
        let scenario = try ScenarioParser.parse(file)
        let failure = ScenarioFailure(
            range: scenario.range, message: "expected \u{0}\u{1B}[31m", screen: "screen: \u{1B}]0;title\u{07}")
        let results = [
            ScenarioResult(scenario: scenario, failure: nil, seconds: 0, visitedScreens: [], transitions: [:]),
            ScenarioResult(scenario: scenario, failure: failure, seconds: 0, visitedScreens: [], transitions: [:]),
        ]
        let xml = ScenarioSuite.junit(results)
        #expect(Self.isClean(xml))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0xFFFE })
        #if canImport(FoundationXML) || canImport(Darwin)
            let names = JUnitNames()
            let parser = XMLParser(data: Data(xml.utf8))
            parser.delegate = names
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
            #expect(names.testcases == Array(repeating: scenario.name.unicodeScalars.map(Self.shown).joined(), count: 2))
        #endif
    }

    /// A scalar as the rule shows it, for the expected names.
    static func shown(_ scalar: Unicode.Scalar) -> String { TerminalText.escaped(String(scalar)) }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func segueTestAndImportTestPrintNamesEscaped() async throws {
        let (folder, flow) = try Self.scratch("hostile.yaml", Self.hostileFlow)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = folder + "/s.yaml"
        try #"scenario: "\e[2Jclear \u202Eevil"\#nflow: hostile.yaml\#nsteps:\#n  - launch\#n  - expect: { screen: nowhere }\#n"#
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        _ = flow
        let junit = folder + "/junit.xml"
        let test = try await segue(["test", scenario, "--junit", junit])
        #expect(test.status == 1)
        #expect(Self.isClean(test.output + test.error), "\(test.output)")
        #expect(test.output.contains(#"FAIL \u{1B}[2Jclear \u{202E}evil"#), "\(test.output)")
        #expect(Self.isClean(try String(contentsOfFile: junit, encoding: .utf8)))
        let suite = folder + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        try "<scxml/>".write(toFile: suite + "/test1\u{1B}[2J\u{1B}]52;c;aGk=\u{07}.txml", atomically: true, encoding: .utf8)
        let imported = try await segue(["import", "scxml", "--test", suite])
        #expect(Self.isClean(imported.output + imported.error), "\(imported.output)")
        #expect(imported.output.contains(#"\u{1B}[2J\u{1B}]52;c;aGk=\u{7}"#), "\(imported.output)")
    }
}

#if canImport(FoundationXML) || canImport(Darwin)
    /// The `name` of every `testcase` a JUnit report holds.
    final class JUnitNames: NSObject, XMLParserDelegate {
        var testcases: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "testcase", let value = attributes["name"] { testcases.append(value) }
        }
    }
#endif
