import Foundation
import SegueDiagnostics
import SegueModel
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// Any event name can be sent from the REPL (and so `segue serve`) and scenarios, matched by SCXML's descriptor
/// rules: a handler key takes the events it is a prefix of on dot boundaries, `*` takes every event (issue 29).
@Suite struct SentEventTests {
    static let flow = """
        segue: 1
        flow: descriptors
        start: main
        data:
          last: { type: string, default: "''" }
        screens:
          main:
            states:
              idle:
                on:
                  foo.bar.bat: [{ do: [{ set: { last: "'bat ' + current_event.name" } }] }]
                  error: [{ goto: failed }]
              failed:
                on: { other.*: [{ do: [{ set: { last: "'other ' + current_event.name" } }] }] }
        """

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-sent-event-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try flow.write(toFile: path + "/flow.yaml", atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        ("foo.bar.bat", "foo.bar.bat"), ("foo.bar.bat.bif", "foo.bar.bat"), ("error.x.y", "error"),
        ("error", "error"), ("foo.bar", nil), ("foo.bar.batty", nil), ("nothing", nil),
    ] as [(String, String?)])
    func aNameIsDispatchedAsTheLongestKnownNameTheSameKeysTake(_ sent: String, _ dispatched: String?) {
        let known: Set<String> = ["foo.bar.bat", "error", "last"]
        #expect(EventDescriptor.dispatchName(for: sent) { known.contains($0) } == dispatched)
        #expect(EventDescriptor.dispatchName(for: "a.b.c") { $0 == "a.*" } == "a.*")
        #expect(EventDescriptor.dispatchName(for: "a.b.c") { $0 == "*" } == "*")
    }

    @Test func theReplSendsANameAKeyTakesAsAPrefixAndKeepsItsName() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        let sent = await session.execute("send foo.bar.bat.bif")
        #expect(!sent.failed, "\(sent.text)")
        #expect(await session.execute("data last").text.contains("bat foo.bar.bat.bif"))
        let unhandled = await session.execute("send foo.bar.baz")
        #expect(!unhandled.failed)
        #expect(
            unhandled.text.contains(
                "warning: no handler of the flow takes `foo.bar.baz`; it is dropped, as SCXML drops it; did you mean `foo.bar.bat`?"
            ), "\(unhandled.text)")
        #expect(await session.execute("send foo.bar").text.contains("no handler of the flow takes `foo.bar`"))
        let error = await session.execute("send error.custom.detail")
        #expect(error.text.contains("enter state main.failed"), "\(error.text)")
        let other = await session.execute("send other.thing")
        #expect(other.text.contains("other.thing: taken as other.*"), "\(other.text)")
        #expect(await session.execute("data last").text.contains("other other.thing"))
    }

    /// `*` takes any name, one the flow never mentions too; no name is then without a handler.
    @Test func aStarHandlerTakesAnyName() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.flow.replacingOccurrences(of: "other.*:", with: "\"*\":").write(
            toFile: directory + "/flow.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        _ = await session.execute("send error")
        let sent = await session.execute("send never.mentioned")
        #expect(!sent.text.contains("warning"), "\(sent.text)")
        #expect(await session.execute("data last").text.contains("other never.mentioned"))
    }

    @Test func aScenarioSendsAnyNameAndWarnsOfOneNoHandlerTakes() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = """
            scenario: descriptors
            flow: flow.yaml
            steps:
              - launch
              - send: foo.bar.bat.bif
              - expect: { data: { last: "bat foo.bar.bat.bif" } }
              - send: foo.baz
              - send: error.custom
              - send: other.thing
              - expect: { state: failed, data: { last: "other other.thing" } }
            """
        let scenario = try ScenarioParser.parse(SourceFile(path: directory + "/s.yaml", text: text))
        let result = await ScenarioRunner(root: directory).run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.warnings.map(\.range.start.line) == [7])
        #expect(result.warnings.first?.message.hasPrefix("no handler of the flow takes `foo.baz`") == true)
    }
}
