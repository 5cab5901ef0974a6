import Foundation
import SegueCheck
import SegueDiagnostics
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueRender
@testable import SegueScenario

/// A scenario's `flow:`, its flow's fixtures and the pictures a drawing inlines are read only inside the project
/// root; what is outside gets one message, whether or not it is there, and is never quoted.
@Suite struct ProjectRootToolsTests {
    /// `top/project/` with a flow, beside `top/outside/` holding a secret, a flow and a picture; removed afterwards.
    private func inTree(_ body: (_ project: String, _ outside: String) throws -> Void) throws {
        let top = NSTemporaryDirectory() + "segue-tools-root-" + UUID().uuidString
        for folder in [top + "/project/scenarios", top + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: top) }
        let flow = "segue: 1\nflow: f\nstart: main\nscreens:\n  main:\n    elements: []\n"
        try flow.write(toFile: top + "/project/f.yaml", atomically: true, encoding: .utf8)
        try flow.write(toFile: top + "/outside/g.yaml", atomically: true, encoding: .utf8)
        try "TOKEN=hunter2\n".write(toFile: top + "/outside/secret.yaml", atomically: true, encoding: .utf8)
        try Data(Self.png).write(to: URL(fileURLWithPath: top + "/outside/p.png"))
        try Data(Self.png).write(to: URL(fileURLWithPath: top + "/project/p.png"))
        try body(top + "/project", top + "/outside")
    }

    /// The PNG signature and a little more: enough for `ImageFiles` to call it a picture.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

    /// The scenario's problems, parsed with `flow: <flow>` from `project/scenarios/s.yaml` inside `project`.
    private func scenarioProblems(flow: String, project: String, rootIsExplicit: Bool = false) -> [String] {
        let path = project + "/scenarios/s.yaml"
        try? "scenario: s\nflow: \(flow)\nsteps: [launch]\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioParser.parse(path: path, root: ProjectRoot(project), rootIsExplicit: rootIsExplicit)
            return []
        } catch {
            #expect(!"\(error)".contains("hunter2"))
            return error.diagnostics.map { "\($0.code) \($0.range.start.line):\($0.range.start.column) \($0.message)" }
        }
    }

    @Test func aScenariosFlowOutsideTheRootIsRefusedAlikeMissingOrNot() throws {
        try inTree { project, outside in
            for flow in ["../../outside/secret.yaml", "../../outside/absent.yaml", "/etc/passwd", "/etc/absent"] {
                #expect(
                    scenarioProblems(flow: flow, project: project) == [
                        "T002 2:7 `flow:` names `\(flow)`, outside the project root `\(project)`"
                    ])
            }
            try FileManager.default.createSymbolicLink(atPath: project + "/out", withDestinationPath: outside)
            #expect(scenarioProblems(flow: "../out/secret.yaml", project: project).count == 1)
        }
    }

    @Test func aScenariosFlowInsideOrAFlowElsewhereRuns() throws {
        try inTree { project, outside in
            #expect(scenarioProblems(flow: "../f.yaml", project: project) == [])
            // A Segue flow elsewhere (a saved trace's) runs inside its own folder.
            let scenario = try ScenarioParser.parse(
                SourceFile(
                    path: project + "/scenarios/s.yaml",
                    text: "scenario: s\nflow: ../../outside/g.yaml\n"
                        + "steps: [launch]\n"), root: ProjectRoot(project))
            #expect(scenario.root?.folder == outside)
        }
    }

    @Test func anExplicitRootAdmitsNoFlowOutsideIt() throws {
        try inTree { project, _ in
            // Said as `--root` would say it, without setting the process's command-line root under tests that run
            // beside this one (one of them once read it and refused a flow of its own).
            #expect(
                scenarioProblems(flow: "../../outside/g.yaml", project: project, rootIsExplicit: true).count == 1)
        }
    }

    @Test func aPictureIsDrawnOnlyFromInsideItsRoot() throws {
        try inTree { project, outside in
            try FileManager.default.createSymbolicLink(atPath: project + "/pics", withDestinationPath: outside)
            try FileManager.default.createSymbolicLink(
                atPath: project + "/linked.png", withDestinationPath: outside + "/p.png")
            try FileManager.default.createDirectory(atPath: project + "/in", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: project + "/in/q.png", withDestinationPath: "../p.png")
            let images = ImageFiles(roots: [project])
            #expect(images.dataURI(for: "p.png")?.hasPrefix("data:image/png;base64,") == true)
            #expect(images.dataURI(for: "in/q.png") != nil, "a link that stays inside is followed")
            #expect(images.dataURI(for: "pics/p.png") == nil, "a linked folder out of the root")
            #expect(images.dataURI(for: "linked.png") == nil, "a linked file out of the root")
        }
    }

    /// The StoreKit configuration and the outcomes file beside it are each read in one open through the root: an
    /// outcomes file that is a link out of the root is refused at `configuration:` (it was read before), and what
    /// it holds is never used or quoted.
    @Test func aStoresOutcomesFileIsReadOnlyInsideTheRoot() async throws {
        try await inTreeAsync { project, outside in
            let storeKit = ReplFixture.root + "/flows/donate/Products.storekit"
            try FileManager.default.copyItem(atPath: storeKit, toPath: project + "/Products.storekit")
            try #"{"next": ["pending"], "hunter2": 1}"#.write(
                toFile: outside + "/outcomes.json", atomically: true, encoding: .utf8)
            let flow = try #require(
                FlowLoader().load(
                    SourceFile(
                        path: project + "/store.yaml",
                        text: "segue: 1\nflow: store\nstart: main\nservices:\n"
                            + "  store: { kind: store, configuration: Products.storekit }\n"
                            + "screens:\n  main:\n    elements: []\n")
                ).flow)
            // Inside the root, the outcomes file beside the configuration is read.
            try #"{"next": ["cancelled"]}"#.write(
                toFile: project + "/Products.outcomes.json", atomically: true, encoding: .utf8)
            let inside = try await EmbeddedServices.make(for: flow, options: ServiceOptions())
            let store = try #require(inside.services["store"])
            #expect(await store.call("purchase", arguments: ["product": .string("donate.small")]) == .cancelled)
            try FileManager.default.removeItem(atPath: project + "/Products.outcomes.json")
            try FileManager.default.createSymbolicLink(
                atPath: project + "/Products.outcomes.json", withDestinationPath: outside + "/outcomes.json")
            do {
                _ = try await EmbeddedServices.make(for: flow, options: ServiceOptions())
                Issue.record("an outcomes file linked out of the root was read")
            } catch {
                let said = "\(error)"
                #expect(said.contains("outside the project root `\(project)`"), "\(said)")
                #expect(said.contains("store.yaml:5:"), "\(said)")
                #expect(!said.contains("hunter2"))
            }
        }
    }

    /// `inTree` for a test that awaits.
    private func inTreeAsync(_ body: (_ project: String, _ outside: String) async throws -> Void) async throws {
        let top = NSTemporaryDirectory() + "segue-tools-root-" + UUID().uuidString
        for folder in [top + "/project", top + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: top) }
        try await body(TrustList.realPath(top + "/project")!, TrustList.realPath(top + "/outside")!)
    }
}
