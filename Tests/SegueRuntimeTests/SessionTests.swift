import Foundation
import SegueExpression
import Testing

@testable import SegueMachine
@testable import SegueRuntime

/// The session performs effects against services and persistence and feeds outcomes back.
@Suite struct SessionTests {
    static let flow = """
        segue: 1
        flow: session
        start: main
        services:
          store: { kind: store }
          defaults: { kind: defaults }
          board:
            kind: api
            endpoints:
              list_entries: { method: GET, path: /entries, result: list<string> }
        data:
          bought: { type: string?, persist: true }
          user_id: { type: string?, from_defaults: MatimatikProfileID }
          ticks: { type: int, default: 0 }
        screens:
          main:
            elements:
              - button: buy
                label: Buy
                tap:
                  - call: store.purchase
                    with: { product: "'donate.small'" }
                    ok: [{ set: { bought: result.product } }]
              - button: site
                label: Site
                tap: { open_url: "https://example.org/${user_id}" }
              - button: tick
                label: Tick
                tap: [{ after: 0.05s, do: [{ set: { ticks: "ticks + 1" } }] }]
              - button: missing
                label: Missing
                tap: [{ call: board.list_entries }]
        """

    static func services() -> [String: any FlowService] {
        [
            "store": InMemoryService(operations: ["purchase"]) { _, arguments in
                .ok(.record(["product": arguments["product"] ?? .null, "transaction_id": .string("t1")]))
            },
            "defaults": InMemoryService(operations: ["get"]) { _, arguments in
                arguments["key"] == .string("MatimatikProfileID") ? .ok(.string("test-user")) : .ok(.null)
            },
        ]
    }

    @Test func callsAreAnsweredByServicesAndPersistedDataIsSaved() async throws {
        let persistence = MemoryPersistence()
        let session = Session(
            program: try Harness.compile(Self.flow), services: Self.services(), persistence: persistence)
        await session.launch()
        #expect(await session.state.data[1] == .string("test-user"))
        let path = try #require(session.machine.program.path("buy", on: 0))
        await session.send(.tap(path))
        await session.waitUntilIdle()
        #expect(await session.state.data[0] == .string("donate.small"))
        #expect(await persistence.values == ["bought": .string("donate.small")])
        #expect(await session.state.pendingCalls.isEmpty)
    }

    @Test func aRelaunchedSessionRestoresPersistedData() async throws {
        let persistence = MemoryPersistence(["bought": .string("donate.large")])
        let session = Session(
            program: try Harness.compile(Self.flow), services: Self.services(), persistence: persistence)
        await session.launch()
        #expect(await session.state.data[0] == .string("donate.large"))
    }

    @Test func anUnregisteredServiceFailsTheCallWithAClearError() async throws {
        let session = Session(program: try Harness.compile(Self.flow), services: Self.services())
        await session.launch()
        await session.send(.tap(try #require(session.machine.program.path("missing", on: 0))))
        await session.waitUntilIdle()
        #expect(
            await session.state.alert
                == AlertState(image: "error", title: "Error", message: "no service `board` is registered"))
    }

    @Test func openURLEffectsAreCollectedAndObserversSeeEveryStep() async throws {
        let session = Session(program: try Harness.compile(Self.flow), services: Self.services())
        let stream = await session.steps()
        await session.launch()
        await session.send(.tap(try #require(session.machine.program.path("site", on: 0))))
        #expect(await session.openedURLs == ["https://example.org/test-user"])
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first?.trace.first == .transition(kind: .root, from: nil, to: "main"))
        #expect(second?.effects == [.openURL("https://example.org/test-user")])
    }

    @Test func virtualTimersFireOnlyWhenTheClockIsAdvanced() async throws {
        let session = Session(program: try Harness.compile(Self.flow), services: Self.services())
        await session.launch()
        await session.send(.tap(try #require(session.machine.program.path("tick", on: 0))))
        // The timer is pending in the state, and no task on the wall clock could fire it.
        #expect(await !session.state.timers.isEmpty)
        #expect(await session.timers.isEmpty)
        #expect(await session.state.data[2] == .int(0))
        await session.advance(by: 0.05)
        #expect(await session.state.data[2] == .int(1))
    }

    @Test(.timeLimit(.minutes(1))) func realTimersFireOnTheWallClock() async throws {
        let session = Session(program: try Harness.compile(Self.flow), services: Self.services(), mode: .realTime)
        let steps = await session.steps()
        await session.launch()
        await session.send(.tap(try #require(session.machine.program.path("tick", on: 0))))
        // The step the timer's firing makes.
        for await step in steps where step.state.data[2] == .int(1) { break }
        #expect(await session.state.data[2] == .int(1))
        #expect(await session.state.timers.isEmpty)
    }

    @Test func filePersistenceWritesAtomicallyAndReadsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilePersistence(path: directory.appendingPathComponent("saved.json").path)
        #expect(try persistence.load() == [:])
        try persistence.save(["bought": .string("donate.small"), "count": .int(3)])
        try persistence.save(["bought": .string("donate.large"), "count": .int(4)])
        #expect(try persistence.load() == ["bought": .string("donate.large"), "count": .int(4)])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files == ["saved.json"])
        try Data("{not json".utf8).write(to: directory.appendingPathComponent("saved.json"))
        #expect(throws: PersistenceError.self) { try persistence.load() }
    }
}
