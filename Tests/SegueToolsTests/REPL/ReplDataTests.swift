import Foundation
import Testing

@testable import SegueTools

/// The REPL's `data`: maps as literals that read back, and named values marked as computed.
@Suite struct ReplDataTests {
    static let flow = """
        segue: 1
        flow: shown
        start: main
        data:
          volumes: { type: "map<string, number>", default: "{Hamlet: 0.5, 'two words': 1}" }
        let:
          margin: "device.os_major >= 13 ? 20 : 16"
        screens:
          main:
            data:
              count: { type: int, default: 3 }
            let:
              loudest: "max(values(volumes))"
              ratio: "10 / (count - 3)"
            elements:
              - text: hello
                value: "${loudest}"
        """

    @Test func dataShowsMapsAndComputedValues() async throws {
        let directory = NSTemporaryDirectory() + "segue-repl-data-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.flow.write(toFile: directory + "/shown.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: directory + "/shown.yaml",
            options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: ReplFixture.root))
        _ = await session.start()
        let reply = await session.execute("data")
        #expect(
            reply.text == """
                flow data:
                  volumes = {Hamlet: 0.5, "two words": 1}
                  margin = 20 (computed)
                main data:
                  count = 3
                  loudest = 1 (computed)
                  ratio = error: division by zero (computed)
                """)
    }
}
