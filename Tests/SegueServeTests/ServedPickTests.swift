import Foundation
import SegueDriver
import SegueScenario
import Testing

@testable import SegueServe

/// The page posts typed steps, so a picker's option with a space is chosen as it is, and the saved scenario holds it
/// and passes (7GUIs defect 4 in the browser: once a REPL line, such an option could not be posted).
@Suite struct ServedPickTests {
    static let flow = """
        segue: 1
        flow: booking
        start: main
        data:
          kind: { type: string, default: "'one-way flight'" }
        screens:
          main:
            elements:
              - picker: kind_picker
                options: [one-way flight, return flight]
                selected: kind
                change: [{ set: { kind: event.value } }]
              - text: shown
                value: "${kind}"
        """

    @Test func anOptionWithASpaceIsPostedPickedAndSaved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-pick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("booking.yaml").path
        try Self.flow.write(toFile: path, atomically: true, encoding: .utf8)
        let options = ServiceOptions(dataDirectory: nil, boardEntries: 0, root: directory.path)
        let served = try await ServedFlow.open(path: path, options: options, hub: EventHub())
        let post = try PageCommand.decode(Data(#"{"pick": {"kind_picker": "return flight"}}"#.utf8))
        #expect(await served.perform(post), "\(served.snapshot().message)")
        #expect(served.session.state.data == [.string("return flight")])
        #expect(served.snapshot().timeline.commands == ["launch", "pick kind_picker return flight"])
        let yaml = try served.scenario()
        #expect(yaml.contains(#"  - pick: { kind_picker: "return flight" }"#))
        let file = directory.appendingPathComponent("booking.scenario.yaml").path
        try yaml.write(toFile: file, atomically: true, encoding: .utf8)
        let result = await ScenarioRunner(root: directory.path).run(try ScenarioParser.parse(path: file))
        #expect(result.passed, "\(result.failure?.description ?? "")")
    }
}
