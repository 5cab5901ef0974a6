import Foundation
import SegueDiagnostics
import Testing

@testable import SegueYAML

/// A sanity check of load speed against libyaml alone; times are printed, not asserted.
@Suite struct LoadPerformanceTests {
    /// `entries` screens, each a mapping of a title, a flag and a short list.
    static func flowFile(entries: Int) -> SourceFile {
        var text = "screens:\n"
        for index in 0..<entries {
            text += "  screen_\(index):\n    title: \"Screen \(index)\"\n    navigation: true\n"
            text += "    elements: [a, b]\n"
        }
        return SourceFile(path: "big.yaml", text: text)
    }

    @Test func tenThousandEntryMappingOfMappings() throws {
        let file = Self.flowFile(entries: 10_000)
        var events: Int?
        let raw = Self.cpuMilliseconds { events = YAMLLoader.parseEventsOnly(file) }
        var result: YAMLLoadResult?
        let loaded = Self.cpuMilliseconds { result = YAMLLoader().load(file) }
        // Stream, document, root mapping and `screens` mapping start and end, the `screens` key; per screen:
        // its key, mapping start and end, 3 keys, 2 scalars, list start, 2 items, list end.
        #expect(events == 9 + 10_000 * 12)
        let screens = try #require(result?.root?.at("screens")?.mapping)
        #expect(result?.diagnostics.isEmpty == true)
        #expect(screens.count == 10_000)
        #expect(screens.last?.value.at("title")?.scalar?.text == "Screen 9999")
        #expect(screens.last?.key.range.start.line == 1 + 4 * 9_999 + 1)
        print(
            "YAML load of \(file.bytes.count) bytes, \(events ?? 0) events, CPU time: libyaml events only \(raw) ms,"
                + " load \(loaded) ms, freeing the tree \(Self.cpuMilliseconds { result = nil }) ms")
    }

    @Test func rawEventCountStopsAtASyntaxError() {
        #expect(YAMLLoader.parseEventsOnly(SourceFile(path: "a.yaml", text: "a: [1, {b: 2}]\n")) == 14)
        #expect(YAMLLoader.parseEventsOnly(SourceFile(path: "a.yaml", text: "a: [1,\n")) == nil)
    }

    /// CPU time of this thread, so other processes on a busy machine do not count.
    static func cpuMilliseconds(_ body: () -> Void) -> Int {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return (end.tv_sec - start.tv_sec) * 1000 + (end.tv_nsec - start.tv_nsec) / 1_000_000
    }
}
