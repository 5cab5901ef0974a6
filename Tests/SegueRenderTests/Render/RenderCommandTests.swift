import Foundation
import SegueTestFixtures
import Testing

/// `segue render` as a person runs it.
@Suite struct RenderCommandTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("segue-render-\(UUID().uuidString)")
    }

    @Test func itDrawsEveryScreenOfAFlowAndSaysHowItGotThere() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await segue(["render", "flows/donate.yaml", "--out", folder.path])
        #expect(run.status == 0, "\(run.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "donate.svg", "donate_all_post.svg", "donate_form.svg", "donate_one_post.svg", "main.svg",
            ])
        #expect(run.output.contains("donate_form.svg  ← tap donate, select options[0]"))
        #expect(!run.error.contains("not the local board"), "no server line without SEGUE_API_URL")
        let main = try String(contentsOf: folder.appendingPathComponent("main.svg"), encoding: .utf8)
        #expect(main.contains("data-kind=\"tap\" data-path=\"donate\""))
    }

    @Test func theTourNeverCallsARealServer() async throws {
        // Issue 31: render only reads a flow. With SEGUE_API_URL set the tour still draws the local board's demo
        // entries (here nothing listens at the address: a call to it would draw an error alert instead).
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await segue(
            ["render", "flows/donate.yaml", "--screen", "donate", "--out", folder.path],
            environment: ["SEGUE_API_URL": "http://127.0.0.1:9"])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("127.0.0.1:9"), "\(run.error)")
        let svg = try String(contentsOf: folder.appendingPathComponent("donate.svg"), encoding: .utf8)
        #expect(!svg.contains("127.0.0.1"), "no error naming the server is drawn")
        #expect(svg.contains("data-kind=\"select\" data-path=\"options[0]\""), "the products are listed")
    }

    @Test func aScenarioStepIsDrawnOnBothDevicesSideBySide() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = "flows/scenarios/donate/d13-form-rules.yaml"
        guard FileManager.default.fileExists(atPath: repository.appendingPathComponent(scenario).path) else {
            Issue.record("\(scenario) is missing")
            return
        }
        let run = try await segue([
            "render", "flows/donate.yaml", "--scenario", scenario, "--step", "5", "--all-devices", "--out", folder.path,
        ])
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOf: folder.appendingPathComponent("d13-form-rules-step5.svg"), encoding: .utf8)
        #expect(svg.contains("iPhone SE · 320×568 pt") && svg.contains("iPhone 16 Pro Max · 440×956 pt"))
    }

    @Test func pngGoesThroughAConverterOrSaysWhichToInstall() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await segue([
            "render", "flows/pictone.yaml", "--screen", "home", "--format", "png", "--out", folder.path,
        ])
        let converter = ["/usr/bin/rsvg-convert", "/usr/bin/chromium"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard converter else {
            #expect(run.status == 2)
            #expect(run.error.contains("apt-get install librsvg2-bin"))
            return
        }
        #expect(run.status == 0, "\(run.error)")
        let png = try Data(contentsOf: folder.appendingPathComponent("home.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func mistakesAreExplained() async throws {
        let unknown = try await segue(["render", "flows/donate.yaml", "--screen", "donat_form"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("has no screen `donat_form`; did you mean `donate_form`?"))
        let device = try await segue(["render", "flows/donate.yaml", "--device", "iPhone 99"])
        #expect(device.status == 2)
        #expect(device.error.contains("unknown device `iPhone 99`"))
        let step = try await segue(["render", "flows/donate.yaml", "--step", "2"])
        #expect(step.status == 2)
        #expect(step.error.contains("--step N needs --scenario FILE"))
        let missing = try await segue(["render"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("name the flow file to draw"))
    }
}
