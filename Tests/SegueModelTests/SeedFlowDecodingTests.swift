import Foundation
import SegueDiagnostics
import SegueYAML
import Testing

@testable import SegueModel

/// The two seed apps decode without a single diagnostic, and their shape is what the requirements need.
@Suite struct SeedFlowDecodingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func decode(_ name: String) throws -> (Flow?, [Diagnostic]) {
        let url = Self.root.appendingPathComponent("flows/\(name)")
        let file = SourceFile(path: "flows/\(name)", bytes: Array(try Data(contentsOf: url)))
        let loaded = YAMLLoader().load(file)
        var decoder = FlowDecoder(file: file)
        let flow = decoder.decodeFlow(loaded.root)
        return (flow, loaded.diagnostics + decoder.diagnostics)
    }

    @Test func donateDecodesCleanly() throws {
        let (flow, diagnostics) = try decode("donate.yaml")
        #expect(diagnostics.map { "\($0.range): \($0.message)" } == [])
        let donate = try #require(flow?.screen(named: "donate"))
        #expect(donate.navigation)
        #expect(flow?.start.text == "main")
        #expect(
            flow?.service(named: "board")?.operations.map(\.name.text) == [
                "list_entries", "upload_photo", "add_entry", "remove_entry",
            ])
        #expect(flow?.data.first { $0.name.text == "user_id" }?.defaultsKey?.text == "MatimatikProfileID")
    }

    @Test func pictoneDecodesCleanly() throws {
        let (flow, diagnostics) = try decode("pictone.yaml")
        #expect(diagnostics.map { "\($0.range): \($0.message)" } == [])
        let details = try #require(flow?.screen(named: "script_details"))
        #expect(details.playback?.current.text == "current_line")
        #expect(details.recording?.countdown == 3)
        #expect(details.states?.states.map(\.name.text) == ["playback", "recording"])
    }
}
