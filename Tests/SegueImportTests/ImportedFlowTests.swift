import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDiagram
import SegueDriver
import SegueREPL
import Testing

@testable import SegueImport

/// An imported chart is a flow like any other: it validates (warnings such as an unreachable `fail` aside), draws,
/// and runs in the REPL.
@Suite struct ImportedFlowTests {
    static func importedMicrowave() throws -> String {
        let yaml = try #require(SCXMLImporter.translate(try Fixture.source("microwave.scxml")).yaml)
        let path = NSTemporaryDirectory() + "segue-import-\(UUID().uuidString).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyFixtureThatImportsValidates() throws {
        let suite = try FileManager.default.contentsOfDirectory(
            atPath: Fixture.root.appendingPathComponent("suite").path
        )
        // invoke-src.scxml, invoke-srcexpr.scxml and script-src.scxml read a file beside them: SuiteRunnerTests runs them from their
        // real paths.
        .filter {
            $0.hasSuffix(".scxml") && !["invoke-src.scxml", "invoke-srcexpr.scxml", "script-src.scxml"].contains($0)
        }
        .map { "suite/" + $0 }
        for name in ["microwave.scxml", "diagnostics/decided-statically.scxml"] + suite {
            let yaml = try #require(SCXMLImporter.translate(try Fixture.source(name)).yaml, "\(name)")
            let loaded = FlowLoader().load(SourceFile(path: name + ".yaml", text: yaml))
            #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(name): \(loaded.diagnostics)")
            #expect(loaded.checked != nil, "\(name)")
        }
    }

    @Test func theDiagramDrawsTheChartsStates() async throws {
        let path = try Self.importedMicrowave()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let flow = try #require(FlowLoader().load(path: path).flow)
        let diagram = try await DiagramRequest(format: .mermaid).render(flow).text
        for state in ["cooking", "idle", "light_on", "ringing", "end"] {
            #expect(diagram.contains(state), "\(state) missing from\n\(diagram)")
        }
    }

    /// A `<send>` no transition takes is seen in the REPL as the output event it leaves as.
    @Test func theREPLShowsAnEventTheChartSendsToTheHost() async throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" datamodel="ecmascript">
              <datamodel><data id="score" expr="0"/></datamodel>
              <state id="playing">
                <transition event="hit"><assign location="score" expr="score + 10"/>
                  <send event="updateScore"><param name="score" expr="score"/></send></transition>
              </state>
            </scxml>
            """
        let yaml = try #require(SCXMLImporter.translate(SourceFile(path: "pinball.scxml", text: xml)).yaml)
        let path = NSTemporaryDirectory() + "segue-import-\(UUID().uuidString).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try await ReplSession.open(path: path, options: ServiceOptions())
        let hit = await session.execute("send hit")
        #expect(hit.text.contains("emit updateScore {score: 10}"), "\(hit.text)")
    }

    @Test func theREPLRunsTheChart() async throws {
        let path = try Self.importedMicrowave()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try await ReplSession.open(path: path, options: ServiceOptions())
        let start = await session.execute("state")
        #expect(start.text.contains("off"), "\(start.text)")
        let on = await session.execute("send turn.on")
        #expect(!on.failed, "\(on.text)")
        #expect(on.text.contains("enter state chart.on"), "\(on.text)")
        #expect(on.text.contains("enter state chart.idle"), "\(on.text)")
        #expect(on.text.contains("emit log {label: \"power\", value: \"on\"}"), "\(on.text)")
    }
}
