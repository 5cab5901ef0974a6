import Foundation
import SegueCheck
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime
import Testing

@testable import SegueDriver

/// `kind: custom` services without Swift: outcomes from a fixture file (matched by arguments, delayed on the
/// virtual clock) and processes speaking JSON lines (a Python and a shell service), through a flow's driver.
@Suite struct CustomServiceTests {
    static let fixtures = EmbeddedServicesTests.root.appendingPathComponent("Tests/SegueDriverTests/Driver/Fixtures")

    /// Options that start the flow's commands, as `--trust` does.
    static var trusted: ServiceOptions {
        var options = ServiceOptions()
        options.commands = .start
        return options
    }

    /// A stepped driver over the library flow's embedded services.
    static func driver() async throws -> (FlowDriver, EmbeddedServices) {
        let loaded = FlowLoader().load(path: fixtures.appendingPathComponent("library.yaml").path)
        #expect(loaded.diagnostics.map(\.message) == [])
        let flow = try #require(loaded.flow)
        let embedded = try await EmbeddedServices.make(for: flow, options: Self.trusted)
        let driver = FlowDriver(program: try Compiler.compile(loaded), embedded: embedded)
        await driver.launch()
        return (driver, embedded)
    }

    static func tap(_ driver: FlowDriver, _ name: String) async throws {
        let path = try #require(driver.program.path(name, on: driver.state.topInstance?.screen ?? 0))
        await driver.send(.tap(path))
    }

    static func data(_ driver: FlowDriver, _ name: String) -> Value? {
        driver.program.dataIndex[name].map { driver.state.data[$0] }
    }

    @Test func aFixturesOutcomeArrivesAfterItsDelayOnTheVirtualClock() async throws {
        let (driver, embedded) = try await Self.driver()
        defer { embedded.removeTemporaryFiles() }
        try await Self.tap(driver, "books")
        #expect(driver.state.pendingCalls.map(\.operation) == ["search"])
        await driver.advance(by: 1)
        #expect(Self.data(driver, "found") == .list([]))
        await driver.advance(by: 0.5)
        #expect(driver.state.pendingCalls.isEmpty)
        #expect(
            Self.data(driver, "found") == .list([.string("The Swift Programming Language"), .string("Swift in Depth")]))
    }

    @Test func theFirstMatchingRuleWinsAndARuleWithoutWhenIsTheDefault() async throws {
        let service = try #require(try await Self.driver().1.services["books"])
        #expect(
            await service.answer("search", arguments: ["query": .string("")], call: 1).outcome
                == .error(ServiceError(service: "books", code: "empty_query", message: "Type something to search for")))
        #expect(await service.answer("search", arguments: ["query": .string("cobol")], call: 2).outcome == .cancelled)
    }

    @Test func aPopBeforeTheDelayCancelsTheCallAndItsHeldOutcomeNeverArrives() async throws {
        let (driver, embedded) = try await Self.driver()
        defer { embedded.removeTemporaryFiles() }
        try await Self.tap(driver, "open")
        #expect(driver.state.pendingCalls.map(\.operation) == ["search"])
        await driver.send(.back)
        #expect(
            driver.lastSteps.flatMap(\.trace).map(\.description).contains(
                "call #1 books.search cancelled: its screen is gone"))
        await driver.advance(by: 2)
        #expect(!driver.lastSteps.flatMap(\.trace).map(\.description).contains { $0.contains("#1") })
        #expect(Self.data(driver, "found") == .list([]))
        #expect(await driver.session.cancelledCalls == [1])
    }

    @Test func aPythonServiceAnswersAndItsStderrIsInTheTrace() async throws {
        let (driver, embedded) = try await Self.driver()
        defer { embedded.removeTemporaryFiles() }
        try await Self.tap(driver, "python")
        #expect(
            Self.data(driver, "found") == .list([.string("The Swift Programming Language"), .string("Swift in Depth")]))
        let trace = driver.lastSteps.flatMap(\.trace).map(\.description)
        #expect(trace.contains(#"python says: search {"query": "swift"}"#), "\(trace)")
    }

    @Test func aShellServiceAnswersAfterTheDelayItAsksFor() async throws {
        let (driver, embedded) = try await Self.driver()
        defer { embedded.removeTemporaryFiles() }
        try await Self.tap(driver, "shell")
        #expect(driver.lastSteps.flatMap(\.trace).map(\.description).contains("shell says: shell service got search"))
        #expect(Self.data(driver, "found") == .list([]))
        await driver.advance(by: 0.5)
        #expect(Self.data(driver, "found") == .list([.string("Shell Scripting")]))
    }

    @Test func aScreenThatGoesAwayTellsTheProcessItsCallIsCancelled() async throws {
        let loaded = FlowLoader().load(path: Self.fixtures.appendingPathComponent("library.yaml").path)
        let embedded = try await EmbeddedServices.make(for: try #require(loaded.flow), options: Self.trusted)
        defer { embedded.removeTemporaryFiles() }
        let session = Session(program: try Compiler.compile(loaded), services: embedded.services, mode: .realTime)
        await session.launch()
        let program = session.machine.program
        await session.send(.tap(try #require(program.path("open", on: 0))))
        let waiting = try #require(program.screens.firstIndex { $0.name == "waiting" })
        // The call's request reaches the process whenever its task starts: written before the call waits, it
        // comes before the cancel.
        await session.send(.tap(try #require(program.path("slow", on: waiting))))
        await session.send(.back)
        await session.waitUntilIdle()
        #expect(await session.cancelledCalls == [1, 2])
        let python = try #require(embedded.services["python"])
        let seen = await python.call("seen", arguments: [:])
        #expect(seen == .ok(.list([.string("slow 1"), .string("cancel 1"), .string("seen 2")])))
        // Neither outcome reached the flow: the held fixture answer nor the process's.
        #expect(await session.state.data[program.dataIndex["problem"] ?? 0] == .string(""))
        #expect(await session.state.data[program.dataIndex["found"] ?? 0] == .list([]))
    }
}
