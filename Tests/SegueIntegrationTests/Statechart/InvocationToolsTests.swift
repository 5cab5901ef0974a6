import Foundation
import SegueDiagnostics
import SegueMachine
import Testing

@testable import SegueDriver
@testable import SegueExplore
@testable import SegueREPL

/// An invoked session as the people who run a flow see it: the REPL prints its start, its own changes under its
/// id and its end; `segue check`'s canonical states move its clock back with the parent's.
@Suite struct InvocationToolsTests {
    static let flow = """
        segue: 1
        flow: parent
        start: main
        screens:
          main:
            states:
              waiting:
                invoke:
                  id: worker
                  chart:
                    segue: 1
                    flow: worker
                    start: chart
                    screens:
                      chart:
                        states:
                          busy:
                            on_enter: [{ send: ready, to: parent, delay: 1s }]
                            on: { go: [{ goto: finished }] }
                          finished: { final: true }
                on:
                  ready: [{ send: go, to: worker }]
                  done.invoke.worker: [{ goto: idle }]
              idle: {}
            elements: []
        """

    @Test func theReplShowsTheSessionItsChangesAndItsEnd() async throws {
        let path = NSTemporaryDirectory() + "segue-invoke-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.flow.write(toFile: path + "/flow.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: path + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: path))
        let reply = await session.execute("tick 1s")
        #expect(!reply.failed)
        #expect(reply.text.contains("[worker] exit state chart.busy"))
        #expect(reply.text.contains("[worker] enter state chart.finished"))
        #expect(reply.text.contains("• invoke worker: its session ended"))
        #expect(reply.text.contains("enter state main.idle"))
    }

    @Test func aCanonicalStateMovesTheSessionsClockWithItsParents() throws {
        let machine = Machine(program: try Compiler.compile(SourceFile(path: "flow.yaml", text: Self.flow)))
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        let later = machine.step(launched, .advanceTime(by: ClockDuration(seconds: 0.5))).state
        var unread: UnreadData?
        let canonical = CanonicalState.of(later, clearing: nil, unread: &unread)
        #expect(canonical.now == .zero)
        #expect(canonical.sessions.first?.state.timers.map(\.deadline) == [ClockDuration(seconds: 0.5)])
        // Its timer is still due half a second on, as it was before the clock moved back.
        #expect(canonical.nextDeadline == ClockDuration(seconds: 0.5))
    }
}
