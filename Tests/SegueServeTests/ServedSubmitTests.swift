import Foundation
import SegueDriver
import SegueScenario
import Testing

@testable import SegueServe

/// Return in a served field: the page learns which fields have `submit:` from the input query (a control's
/// `submit`, the drawing's `data-submit`), posts the text and the submit step together, and the saved scenario
/// holds both and passes.
@Suite struct ServedSubmitTests {
    static let flow = """
        segue: 1
        flow: chat
        start: room
        data:
          sent: { type: list<string>, default: "[]" }
        screens:
          room:
            title: Chat
            elements:
              - list: messages
                items: sent
                item: { use: bubble, with: { message: item } }
              - field: note
              - field: query
                placeholder: Message
                submit: [{ append: sent, value: event.value }, { set: { form.query: "''" } }]
        components:
          bubble:
            parameters: { message: string }
            elements:
              - text: words
                value: "${message}"
        """

    @Test func returnInAFieldIsPostedTakenAndSaved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-submit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("chat.yaml").path
        try Self.flow.write(toFile: path, atomically: true, encoding: .utf8)
        let options = ServiceOptions(dataDirectory: nil, boardEntries: 0, root: directory.path)
        let served = try await ServedFlow.open(path: path, options: options, hub: EventHub())
        let page = served.snapshot()
        #expect(page.inputs.filter { $0.kind == "edit" }.map { "\($0.path ?? "") \($0.submit ?? false)" } == [
            "note false", "query true",
        ])
        #expect(page.drawing.contains(#"data-path="query" "#) && page.drawing.contains(#"data-submit="true""#))
        #expect(page.drawing.components(separatedBy: "data-submit").count == 2, "only `query` returns")

        let post = try PageCommand.decode(Data(#"[{"fill": {"query": "green tea"}}, {"submit": "query"}]"#.utf8))
        #expect(await served.perform(post), "\(served.snapshot().message)")
        #expect(served.session.state.data == [.list([.string("green tea")])])
        #expect(served.session.state.topInstance?.form.values == [.string(""), .string("")])
        #expect(served.snapshot().timeline.commands == ["launch", "fill query green tea", "submit query"])
        let refused = try PageCommand.decode(Data(#"{"submit": "note"}"#.utf8))
        #expect(await served.perform(refused) == false)

        let yaml = try served.scenario()
        #expect(yaml.contains(#"  - submit: "query""#) || yaml.contains("  - submit: query"), "\(yaml)")
        let file = directory.appendingPathComponent("chat.scenario.yaml").path
        try yaml.write(toFile: file, atomically: true, encoding: .utf8)
        let result = await ScenarioRunner(root: directory.path).run(try ScenarioParser.parse(path: file))
        #expect(result.passed, "\(result.failure?.description ?? "")")
    }
}
