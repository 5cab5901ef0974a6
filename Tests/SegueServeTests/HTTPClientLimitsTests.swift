import Foundation
import SegueRuntime
import Testing

@testable import SegueServe

/// What one client may hold (`ConnectionTable`): sockets that never finish their request and event streams left
/// open give way to a newcomer instead of making the server answer 503, and a closed tab's stream is let go at once.
@Suite(.serialized) struct HTTPClientLimitsTests {
    static let get = "GET /echo?q=in HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func slowSocketsOfOneClientGiveWayToItsNextRequest() async throws {
        var limits = HTTPLimits()
        limits.connectionsPerClient = 4
        // Far beyond the test, however loaded the machine (under `--parallel` on a busy machine this test has taken
        // three minutes, past an earlier 120 s): only making room closes a socket here.
        limits.headerTimeout = 3600
        let (server, port) = try HTTPServerTests.server(limits)
        defer { server.stop() }
        // Six sockets that never send a request, accepted in the order they connected (the listener's queue is first
        // in, first out).
        // From an address of their own, so a stray connection from another test (to a port number its server had
        // before this one) is another client's and closes none of them.
        let source = "127.0.0.9"
        let slow = try (0..<6).map { _ in try LoopbackClient(port: port, from: source) }
        let next = try LoopbackClient(port: port, from: source)
        next.send(Self.get)
        let answer = await next.receive()
        #expect(LoopbackClient.status(of: answer) == 200, "a script's slow sockets made the page wait or 503")
        // The oldest gave way, the newest are still being waited on.
        #expect(await slow[0].closedByServer(within: 5))
        #expect(await slow[1].closedByServer(within: 5))
        #expect(await slow[2].closedByServer(within: 5))
        // Closed only on an arrival, before that arrival is answered: by now a close of the newest would be here.
        #expect(!(await slow[5].closedByServer(within: 0)))
        #expect(server.activeConnections <= 4)
    }

    @Test func theClientHoldingTheMostGivesWayWhenTheServerIsFull() async throws {
        var limits = HTTPLimits()
        limits.connections = 4
        limits.connectionsPerClient = 3
        limits.headerTimeout = 3600
        let (server, port) = try HTTPServerTests.server(limits)
        defer { server.stop() }
        // 127.0.0.2 holds three slow sockets, 127.0.0.1 one: the server is full.
        // Accepted in the order they connected.
        let greedy = try (0..<3).map { _ in try LoopbackClient(port: port, from: "127.0.0.2") }
        let modest = try LoopbackClient(port: port)
        let answer = try await LoopbackClient.exchange(port: port, Self.get)
        #expect(LoopbackClient.status(of: answer) == 200)
        #expect(await greedy[0].closedByServer(within: 5), "the client holding the most did not give way")
        // The other client's slow socket was left alone: its request is still answered.
        modest.send(Self.get)
        #expect(LoopbackClient.status(of: await modest.receive()) == 200)
    }

    @Test func connectionsBeingAnsweredAreNotClosedAndTheNextGets503() async throws {
        var limits = HTTPLimits()
        limits.connectionsPerClient = 2
        let gate = Gate()
        let (server, port) = try HTTPServerTests.server(limits, gate: gate)
        defer { server.stop() }
        let busy = try (0..<2).map { _ in try LoopbackClient(port: port) }
        for client in busy { client.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n") }
        await gate.arrivals(2)
        let refused = try await LoopbackClient.exchange(port: port, Self.get)
        #expect(LoopbackClient.status(of: refused) == 503)
        gate.open()
        for client in busy { #expect(await client.receive().hasSuffix("waited")) }
    }

    /// A stream whose first state is still being made (the session busy) is a stream already: the client's share
    /// of connections stays free for its page (a loaded machine answered the page 503 under forty such streams).
    @Test func streamsStillStartingLeaveTheClientsConnectionsFree() async throws {
        var limits = HTTPLimits()
        limits.connectionsPerClient = 2
        let gate = Gate()
        let (server, port) = try HTTPServerTests.server(limits, gate: gate)
        defer { server.stop() }
        // One after the other, each held where its first state is made: sockets still sending their request
        // would give way to the next, which is another rule (`slowSocketsOfOneClientGiveWayToItsNextRequest`).
        var starting: [LoopbackClient] = []
        for count in 1...2 {
            let client = try LoopbackClient(port: port)
            client.send("GET /slow-events HTTP/1.1\r\nHost: x\r\n\r\n")
            starting.append(client)
            await gate.arrivals(count)
        }
        let page = try await LoopbackClient.exchange(port: port, Self.get)
        #expect(LoopbackClient.status(of: page) == 200, "streams still starting took the client's connections")
        #expect(server.openEventStreams == 2, "\(server.openEventStreams) streams")
        gate.open()
    }

    @Test func aClientsOldestStreamClosesForItsNewestTab() async throws {
        let hub = EventHub()
        var limits = HTTPLimits()
        limits.eventStreamsPerClient = 2
        let (server, port) = try HTTPServerTests.server(limits, hub: hub)
        defer {
            hub.close()
            server.stop()
        }
        var tabs: [LoopbackClient] = []
        for _ in 0..<3 {
            let tab = try LoopbackClient(port: port)
            tab.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await tab.receive { $0.contains("data: first\n\n") }.contains("event: hello"))
            tabs.append(tab)
        }
        #expect(await tabs[0].closedByServer(within: 5), "the oldest stream was kept past the cap")
        // The oldest is closed as the newest starts streaming: by now a close of the newest would be here.
        #expect(!(await tabs[2].closedByServer(within: 0)))
        #expect(server.openEventStreams == 2)
        #expect(hub.subscribers == 2)
        // Streams do not take the places of requests: the server still answers.
        #expect(LoopbackClient.status(of: try await LoopbackClient.exchange(port: port, Self.get)) == 200)
    }

    /// The keep-alive comment is an hour away, so a stream let go within the minute the test waits was let go on
    /// the close itself (the hang-up check, every quarter second), never by writing a keep-alive. No wall-clock
    /// bound is asserted: a minute for a quarter-second check leaves any load room, and only a regression can
    /// reach the hour.
    @Test func aClosedTabsStreamIsLetGoBeforeTheKeepAlive() async throws {
        let hub = EventHub()
        var limits = HTTPLimits()
        limits.eventKeepAlive = 3600
        let (server, port) = try HTTPServerTests.server(limits, hub: hub)
        defer {
            hub.close()
            server.stop()
        }
        var tab: LoopbackClient? = try LoopbackClient(port: port)
        tab?.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = await tab?.receive { $0.contains("data: first\n\n") }
        #expect(hub.subscribers == 1)
        tab = nil  // closes the socket, as a closed tab does
        #expect(await BlockingWork.run(named: "hub-wait") { hub.waitUntilNoSubscribers(timeout: 60) })
        #expect(hub.subscribers == 0)
        #expect(await BlockingWork.run(named: "stream-wait") { server.waitUntilNoEventStreams(timeout: 60) })
        #expect(server.openEventStreams == 0)
    }
}
