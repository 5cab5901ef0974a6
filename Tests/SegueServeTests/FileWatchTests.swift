import Foundation
import SegueRuntime
import Testing

@testable import SegueServe

/// `segue serve` reloads when the system says a watched folder changed, not by reading the files on a timer.
@Suite(.enabled(if: FileWatch() != nil, "no inotify here (Linux only)"))
struct FileWatchTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-watch-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aWriteAndARenameOverTheFileAreEachSeen() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let flow = directory + "/flow.yaml"
        try Data("segue: 1\n".utf8).write(to: URL(fileURLWithPath: flow))
        let watch = try #require(FileWatch())
        watch.watch([flow])
        try Data("segue: 1\nflow: a\n".utf8).write(to: URL(fileURLWithPath: flow))
        #expect(await BlockingWork.run(named: "watch") { watch.next() })
        // As editors save: a new file renamed over the old one.
        try Data("segue: 1\nflow: b\n".utf8).write(to: URL(fileURLWithPath: directory + "/flow.yaml.tmp"))
        _ = rename(directory + "/flow.yaml.tmp", flow)
        #expect(await BlockingWork.run(named: "watch") { watch.next() })
        watch.stop()
    }

    @Test func stopEndsAWaitingNext() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let watch = try #require(FileWatch())
        watch.watch([directory + "/flow.yaml"])
        async let waited = BlockingWork.run(named: "watch") { watch.next() }
        watch.stop()
        #expect(await waited == false)
        #expect(!watch.next())
    }
}
