import Foundation
import Testing

@testable import SegueServe

/// Editing the served flow: a flow that compiles is replayed to the same step, one with errors is shown and the
/// old flow keeps running, a step that no longer works is named, a deleted file is said to be gone.
@Suite struct LiveReloadTests {
    @Test func anEditThatCompilesIsReplayedToTheSameStep() async throws {
        let path = try ServeFixture.helloCopy()
        let served = try await ServedFlow.open(path: path, options: ServeFixture.options, hub: EventHub())
        await served.tap("start")
        await served.type("name", "Ann")
        #expect(!(await served.reloadIfChanged()))
        try ServeFixture.edit(path) { $0.replacingOccurrences(of: "Greet me", with: "Say hi") }
        #expect(await served.reloadIfChanged())
        let page = served.snapshot()
        #expect(page.version == 1)
        #expect(page.reload == "reloaded; replayed 2 steps to the same point")
        #expect(page.screen?.screen == "ask_name")
        #expect(page.screen?.element("greet")?.text == "Say hi")
        #expect(served.field("name")?.value == "Ann")
    }

    @Test func anEditWithErrorsKeepsTheOldFlowRunning() async throws {
        let path = try ServeFixture.helloCopy()
        let served = try await ServedFlow.open(path: path, options: ServeFixture.options, hub: EventHub())
        try ServeFixture.edit(path) {
            $0.replacingOccurrences(of: "tap: { present: ask_name }", with: "tap: { present: nowhere }")
        }
        #expect(await served.reloadIfChanged())
        var page = served.snapshot()
        #expect(page.version == 0)
        #expect(page.reload?.contains("has 1 error; the flow as it was keeps running") == true)
        #expect(page.diagnostics.contains("nowhere"))
        #expect(await served.tap("start"))
        #expect(served.screenName == "ask_name")
        try FileManager.default.removeItem(atPath: path)
        #expect(await served.reloadIfChanged())
        page = served.snapshot()
        #expect(page.reload?.contains("cannot be read now") == true)
        #expect(served.screenName == "ask_name")
    }

    @Test func aReplayThatNoLongerWorksSaysWhere() async throws {
        let path = try ServeFixture.helloCopy()
        let served = try await ServedFlow.open(path: path, options: ServeFixture.options, hub: EventHub())
        await served.tap("start")
        await served.tap("cancel")
        try ServeFixture.edit(path) {
            $0.replacingOccurrences(
                of: "      - button: cancel\n        label: Cancel\n        tap: dismiss\n", with: "")
        }
        #expect(await served.reloadIfChanged())
        let page = served.snapshot()
        #expect(page.version == 1)
        #expect(
            page.reload?.hasPrefix("reloaded; the replay diverged at step 2, `tap cancel`: no element `cancel`") == true
        )
        #expect(page.screen?.screen == "ask_name")
        #expect(page.timeline.commands == ["launch", "tap start"])
    }

    @Test func anEditOfAnImportReloadsTheFlow() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let library = directory.appendingPathComponent("cards.yaml").path
        try """
        segue: 1
        components:
          card:
            elements:
              - text: title
                value: Shared
        """.write(toFile: library, atomically: true, encoding: .utf8)
        let flow = directory.appendingPathComponent("flow.yaml").path
        try """
        segue: 1
        flow: imported
        start: main
        imports: [cards.yaml]
        screens:
          main:
            elements:
              - use: card
        """.write(toFile: flow, atomically: true, encoding: .utf8)
        let served = try await ServedFlow.open(path: flow, options: ServeFixture.options, hub: EventHub())
        #expect(served.snapshot().screenText.contains("Shared"))
        try ServeFixture.edit(library) { $0.replacingOccurrences(of: "value: Shared", with: "value: Changed") }
        #expect(await served.reloadIfChanged())
        #expect(served.snapshot().version == 1)
        #expect(served.snapshot().screenText.contains("Changed"))
        #expect(served.snapshot().drawing.contains("Changed"))
    }
}

/// Issue 31: serve names every command and server when it starts; an edit that would reach anything else is not
/// run, even in a run that may start commands.
@Suite struct ReloadTrustTests {
    @Test func anEditThatAddsACommandIsNotRunUntilServeRestarts() async throws {
        let path = try ServeFixture.helloCopy()
        let folder = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ServeFixture.options
        options.commands = .start
        let served = try await ServedFlow.open(path: path, options: options, hub: EventHub())
        try ServeFixture.edit(path) {
            $0.replacingOccurrences(
                of: "data:\n",
                with: "services:\n  sneak:\n    kind: custom\n    command: [sh, -c, 'touch started']\n"
                    + "    operations: { go: {} }\ndata:\n")
        }
        #expect(await served.reloadIfChanged())
        let page = served.snapshot()
        #expect(page.version == 0)
        #expect(
            page.reload?.hasPrefix(
                "the changed flow would reach what was not named when serve started (service `sneak` runs "
                    + "`sh -c 'touch started'`") == true, "\(page.reload ?? "")")
        #expect(!FileManager.default.fileExists(atPath: folder + "/started"))
    }
}
