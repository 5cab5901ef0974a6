import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueServices

/// A call whose screen goes away is cancelled all the way down: the session cancels its task, libcurl closes the
/// connection before the server answers, and no outcome reaches the machine.
@Suite struct CancelledRequestTests {
    static let flow = """
        segue: 1
        flow: cancelling
        start: main
        services:
          board:
            kind: api
            endpoints:
              list_entries: { method: GET, path: /board/list, result: any }
        data:
          answered: { type: bool, default: false }
        screens:
          main:
            navigation: true
            elements:
              - button: open
                label: Open
                tap: { show: wall }
          wall:
            on_enter:
              - call: board.list_entries
                ok: [{ set: { answered: "true" } }]
                error: [{ set: { answered: "true" } }]
            elements:
              - text: title
                value: Wall
        """

    static func program() throws -> Program {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cancel-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cancelling.yaml")
        try Self.flow.write(to: file, atomically: true, encoding: .utf8)
        return try Compiler.compile(path: file.path)
    }

    @Test func aDismissedScreensRequestIsClosedBeforeTheServerAnswers() async throws {
        try await withBoardServer { server in
            // The server would answer after 30 s, watching the connection meanwhile.
            try await server.setFault("slow", options: ["seconds": "30"])
            let board = APIFlowService(
                endpoints: WallOfHonorContract.endpoints, service: HTTPAPIService(baseURL: server.baseURL),
                serviceName: "board")
            let session = Session(program: try Self.program(), services: ["board": board], mode: .realTime)
            await session.launch()
            await session.send(.tap(try #require(session.machine.program.path("open", on: 0))))
            #expect(await session.state.pendingCalls.map(\.operation) == ["list_entries"])
            // Back once the request is at the server, waiting there.
            _ = try await server.requestCount(atLeast: 1)
            let back = await session.send(.back)
            #expect(
                back.first?.effects.contains(.cancelCall(id: 1, service: "board", operation: "list_entries")) == true)
            #expect(
                back.first?.trace.contains(
                    .callCancelled(id: 1, service: "board", operation: "list_entries", reason: "its screen is gone"))
                    == true)
            await session.waitUntilIdle()
            // Aborting wakes libcurl's poll at once: the server notes a connection closed before its answer (it
            // notes none it answered), the event itself rather than a clock a loaded machine could stretch.
            #expect(try await server.abandoned(atLeast: 1).count == 1)
            #expect(await session.cancelledCalls == [1])
            // No late outcome: nothing after the cancel names call #1, and the flow never heard back.
            let traced = await session.history.flatMap(\.trace)
            #expect(
                !traced.contains {
                    switch $0 {
                    case .outcome(1, _), .outcomeDropped(1, _): true
                    default: false
                    }
                })
            #expect(await session.state.data[0] == .bool(false))
        }
    }
}
