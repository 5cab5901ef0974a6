import Foundation
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// A chart that loops until the event limit stops it prints its first lines, one line for the rest and why it
/// stopped: never a line per event (issue 29: 2.58 million lines before).
@Suite struct ReplLoopTests {
    @Test func aLoopPrintsBoundedOutputAndWhyItStopped() async throws {
        let directory = NSTemporaryDirectory() + "segue-repl-loop-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
        segue: 1
        flow: loops
        start: main
        screens:
          main:
            states:
              spinning:
                on: { ping: [{ do: [{ emit: tick }, { send: ping }] }] }
        """.write(toFile: directory + "/flow.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        let reply = await session.execute("send ping")
        let lines = reply.text.split(separator: "\n")
        #expect(lines.count <= ChangePrinter.lineLimit + 10, "\(lines.count) lines")
        #expect(lines.filter { $0.contains("emit tick") }.count < ChangePrinter.lineLimit)
        #expect(reply.text.contains("more lines left out"), "\(reply.text.suffix(500))")
        #expect(reply.text.contains("stopped after 10000 raised events"), "\(reply.text.suffix(500))")
    }
}
