import SegueCheck
import SegueExpression
import Testing

@testable import SegueExplore

/// Every exploration ends: paging lists, repeated calls, growing data and memory are bounded, and a bound that
/// stops it says so and names what kept growing.
@Suite struct ExplorationBoundsTests {
    /// A wall that pages 50 at a time for as long as a page comes back full.
    static let pagingWall = """
        segue: 1
        flow: paging
        start: wall
        types:
          Entry: { name: string, text: string? }
        services:
          board:
            kind: api
            endpoints:
              list: { method: GET, path: /list, parameters: { offset: { type: int }, count: { type: int } }, result: list<Entry> }
        data:
          wall: { type: list<Entry>, default: [] }
          more: { type: bool, default: true }
        components:
          row:
            parameters: { entry: Entry }
            elements: [{ text: name, value: "${entry.name}" }]
        screens:
          wall:
            on_enter: [{ send: load_more }]
            elements:
              - list: wall
                items: wall
                item: { use: row, with: { entry: item } }
                paging: { size: 50, near_end: load_more, has_more: more }
            on:
              load_more:
                - when: more
                  do:
                    - call: board.list
                      with: { offset: "len(wall)", count: 50 }
                      ok: [{ set: { wall: "wall + result", more: "len(result) == 50" } }]
                      error: []
        """

    @Test func aPagingListIsEmptyShortFullAndThenOneMorePage() throws {
        let exploration = try FlowExplorerTests.explore(Self.pagingWall)
        #expect(exploration.stoppedBy == nil)
        let lengths = Set(
            exploration.graph.states.compactMap { state -> Int? in
                guard case .list(let items)? = state.machine.data.first else { return nil }
                return items.count
            })
        // The first page: empty, one item, a full page of 50; the page after a full one: empty or one item.
        #expect(lengths == [0, 1, 50, 51])
    }

    @Test func aCallTappedAgainWhilePendingIsFollowedOnlyAsOftenAsTheBoundSays() throws {
        let text = """
            segue: 1
            flow: double_tap
            start: main
            services:
              board: { kind: api, endpoints: { ping: { method: GET, path: /ping, result: any } } }
            screens:
              main:
                elements:
                  - button: ping
                    label: Ping
                    tap: [{ call: board.ping, ok: [], error: [] }]
            """
        let twice = try FlowExplorerTests.explore(text, bounds: ExplorationBounds(maxSameCall: 2, interleave: true))
        #expect(twice.stoppedBy == nil)
        #expect(twice.graph.states.map(\.machine.pendingCalls.count).max() == 2)
        #expect(twice.prunedCalls > 0)
        // By default the button cannot be tapped again while its request is in flight.
        let once = try FlowExplorerTests.explore(text)
        #expect(once.graph.states.map(\.machine.pendingCalls.count).max() == 1)
        #expect(once.stoppedBy == nil)
        #expect(once.prunedCalls == 0)
        let interleaved = try FlowExplorerTests.explore(text, bounds: ExplorationBounds(interleave: true))
        #expect(interleaved.graph.states.map(\.machine.pendingCalls.count).max() == 1)
        #expect(interleaved.prunedCalls > 0)
    }

    @Test func thePurchaseSheetCoversTheAppWhileItIsPending() throws {
        let exploration = try FlowExplorerTests.explore(CheckFlows.lostPurchase)
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.graph.states.map(\.machine.pendingCalls.count).max() == 1)
        #expect(exploration.prunedCalls == 0)
        // Launch, the sheet up, and after it: nothing bought, bought, charged without coins (plus restarts).
        #expect(!exploration.graph.states.isEmpty && exploration.graph.count < 10)
    }

    /// A log that grows by a long line on every tap; an invariant reads it, so it is not data nothing reads.
    static let growingLog = """
        segue: 1
        flow: growing
        start: main
        data:
          log: { type: list<string>, default: [] }
        invariants:
          short_lines: "len(log) >= 0"
        screens:
          main:
            elements:
              - button: more
                label: More
                tap: { set: { log: "log + ['a line long enough to take some room in memory, again and again']" } }
        """

    @Test func theMemoryBoundStopsAnExplorationThatKeepsGrowing() throws {
        let exploration = try FlowExplorerTests.explore(
            Self.growingLog, bounds: Self.unscoped(ExplorationBounds(maxStates: 1_000_000, maxMemory: 4 << 20)))
        let reason = try #require(exploration.stoppedBy)
        #expect(reason.hasPrefix("the memory bound (4 MiB, "))
        #expect(reason.hasSuffix("`log` kept growing (\(exploration.graph.count) values)"))
        #expect(exploration.memoryGrowth > 4 << 20)
    }

    @Test func theDepthBoundStopsAndSaysSo() throws {
        let exploration = try FlowExplorerTests.explore(
            Self.growingLog, bounds: Self.unscoped(ExplorationBounds(maxDepth: 5)))
        #expect(exploration.stoppedBy == "the depth bound (5 steps)")
        #expect(exploration.depth == 5)
        #expect(exploration.graph.count == 6)
        // One is said in the singular (it said "1 steps").
        let one = try FlowExplorerTests.explore(Self.growingLog, bounds: Self.unscoped(ExplorationBounds(maxDepth: 1)))
        #expect(one.stoppedBy == "the depth bound (1 step)")
    }

    /// The bounds without a scope (`--scope none`): growth goes on until a bound stops it.
    static func unscoped(_ bounds: ExplorationBounds) -> ExplorationBounds {
        var bounds = bounds
        bounds.scopeListItems = nil
        return bounds
    }

    /// Within the default scope the growing log stops at three lines, and the exploration finishes, saying so.
    @Test func aListTheFlowGrowsStopsAtTheScopeAndTheResultSaysSo() throws {
        let exploration = try FlowExplorerTests.explore(Self.growingLog)
        #expect(exploration.stoppedBy == nil)
        // Launch, then 1, 2 and 3 lines (and restart, which keeps nothing).
        #expect(exploration.graph.count == 4)
        #expect(exploration.outOfScope == ["`log` grew past 3 items": 1])
        #expect(
            exploration.scopeNote
                == "within scope: lists ≤ 3 items, counters within ±8 (`log` grew past 3 items)")
        var wider = ExplorationBounds()
        wider.scopeListItems = 5
        #expect(try FlowExplorerTests.explore(Self.growingLog, bounds: wider).graph.count == 6)
    }

    /// A counter stays within the largest number the flow writes, so a button shown from 10 taps on is reached.
    @Test func countersGoAsFarAsTheFlowsOwnNumbers() throws {
        let flow = """
            segue: 1
            flow: counter
            start: main
            data:
              taps: { type: int, default: 0 }
            screens:
              main:
                elements:
                  - button: more
                    label: More
                    tap: { set: { taps: "taps + 1" } }
                  - button: prize
                    label: Prize
                    visible: "taps >= 12"
                    tap: { set: { taps: "0" } }
            """
        let exploration = try FlowExplorerTests.explore(flow)
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.findings.isEmpty, "\(exploration.findings)")
        #expect(exploration.scope?.counters == 13)
        #expect(exploration.outOfScope == ["`taps` went past ±13": 1])
    }

    @Test func sizesReadAsBytes() {
        #expect(ExplorationBounds.bytes("512M") == 512 << 20)
        #expect(ExplorationBounds.bytes("2G") == 2 << 30)
        #expect(ExplorationBounds.bytes("1.5GiB") == 3 << 29)
        #expect(ExplorationBounds.bytes("4096") == 4096)
        #expect(ExplorationBounds.bytes("lots") == nil)
        #expect(ExplorationBounds.bytes("-1G") == nil)
    }
}
