import SegueCheck
import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueExplore
@testable import SegueMachine

/// The packed states `segue check` keeps: equal states pack to equal bytes, different ones to different bytes, and
/// every state unpacks to itself, so the packed graph explores exactly what a graph of whole states did.
@Suite struct StatePackingTests {
    /// Up to `limit` distinct states the machine makes from launch over every move the explorer tries, ids and
    /// clock as the machine leaves them (not renumbered), alerts and touched fields included.
    static func rawStates(_ path: String, limit: Int) throws -> [CheckState] {
        let (flow, program) = try CheckSampleTests.load(try CheckSampleTests.text(path), path: path)
        let machine = Machine(program: program)
        let moves = ExplorerMoves(
            machine: machine, outcomes: OutcomeSampler(flow: flow, program: program), interleave: true)
        let launch = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let launched = CheckState(machine: MachineState(), pages: []).next(
            launch.state, canonical: launch.state, effects: launch.effects, in: program)
        var seen: Set<CheckState> = [launched]
        var queue = [launched]
        var head = 0
        while head < queue.count, queue.count < limit {
            let from = queue[head]
            head += 1
            for move in moves.moves(in: from, available: machine.inputs(in: from.machine)) {
                let step = machine.step(from.machine, move.input)
                let next = from.next(step.state, canonical: step.state, effects: step.effects, in: program)
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return queue
    }

    @Test(arguments: ["flows/pictone.yaml", "flows/donate.yaml", CheckFlows.path("signup")])
    func everyStateUnpacksToItselfAndOnlyEqualStatesShareBytes(_ path: String) throws {
        let states = try Self.rawStates(path, limit: 1_500)
        #expect(states.count > 100)
        var packer = StatePacker()
        var byBytes: [[UInt8]: MachineState] = [:]
        for (index, state) in Set(states.map(\.machine)).enumerated() {
            var bytes: [UInt8] = []
            packer.pack(state, extra: index % 3, into: &bytes)
            let unpacked = try #require(bytes.withUnsafeBufferPointer { packer.unpack($0) })
            #expect(unpacked.state == state)
            #expect(unpacked.extra == index % 3)
            // The states are distinct, so their bytes must be too (the extra is the state's last byte).
            #expect(
                byBytes.updateValue(state, forKey: Array(bytes.dropLast())) == nil,
                "two states packed to the same bytes")
            var again: [UInt8] = []
            packer.pack(state, extra: index % 3, into: &again)
            #expect(again == bytes)
        }
        #expect(states.contains { $0.machine.alert != nil || !$0.machine.pendingCalls.isEmpty })
    }

    @Test func theGraphKeepsEachStateOnceAndGivesItBack() throws {
        let states = try Self.rawStates("flows/pictone.yaml", limit: 400)
        var graph = StateGraph()
        let (first, isNew) = graph.add(states[0], from: -1, label: "launch")
        #expect(first == 0 && isNew)
        for (index, state) in states.enumerated().dropFirst() {
            let (id, added) = graph.add(state, from: 0, label: "step \(index)")
            #expect(id == Int32(index) && added)
        }
        for (index, state) in states.enumerated() {
            let (id, added) = graph.add(state, from: 1, label: "again")
            #expect(id == Int32(index) && !added)
            #expect(graph.state(id) == state)
        }
        #expect(graph.count == states.count)
        #expect(graph.transitionCount == 2 * states.count - 1)
        #expect(graph.path(to: 5) == ["launch", "step 5"])
        #expect(graph.depth(of: 0) == 0 && graph.depth(of: 5) == 1 && graph.depth == 1)
    }

    @Test func bytesThatAreNotAPackedStateUnpackToNothing() throws {
        let states = try Self.rawStates(CheckFlows.path("signup"), limit: 50)
        var packer = StatePacker()
        var bytes: [UInt8] = []
        packer.pack(states[states.count - 1].machine, extra: 1, into: &bytes)
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(Array(bytes.prefix(cut)).withUnsafeBufferPointer { packer.unpack($0) } == nil)
        }
        #expect((bytes + [0]).withUnsafeBufferPointer { packer.unpack($0) } == nil)
        #expect([UInt8](repeating: 0xFF, count: 40).withUnsafeBufferPointer { packer.unpack($0) } == nil)
    }

    /// A field added to the machine's state must be packed too, or states differing only there would be one; and
    /// saved, or a REPL trace would lose it.
    @Test func thePackerKnowsEveryFieldOfTheState() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let state = MachineState()
        #expect(
            fields(state) == [
                "launched", "layers", "data", "pendingCalls", "timers", "now", "rare", "nextInstance", "nextCall",
                "nextTimer", "nextSend", "launchEnvironment", "ended", "nextSession",
            ])
        // The rare parts and the environment live behind one reference each (`CopyOnWrite`): their fields are read
        // through it.
        let rare = Mirror(reflecting: state).descendant("rare", "box", "value").map(fields) ?? []
        #expect(
            rare == [
                "alert", "alertQueue", "eventQueue", "externalQueue", "currentEvent", "playback", "recording",
                "resultReceivers", "sessions",
            ])
        let stored = fields(state).flatMap { field in
            field == "rare" ? rare : field == "launchEnvironment" ? ["environment"] : [field]
        }
        #expect(
            Set(MachineState.CodingKeys.allCases.map(\.stringValue)) == Set(stored)
                && MachineState.CodingKeys.allCases.count == stored.count,
            "a saved state writes and reads every field")
        let frame = Frame(instance: 1)
        #expect(fields(frame) == ["instance", "owner", "event", "locals", "component"])
        #expect(
            fields(ScreenInstance(id: 1, screen: 0, values: [], states: [], form: FormState(), transition: .root))
                == ["id", "screen", "values", "active", "form", "transition", "history"])
        #expect(
            fields(PendingCall(id: 1, service: "s", operation: "o", pc: 0, frame: frame))
                == ["id", "service", "operation", "pc", "frame", "state"])
        #expect(
            fields(ScheduledTimer(id: 1, name: nil, deadline: .zero, interval: nil, entry: 0, frame: frame))
                == ["id", "name", "deadline", "interval", "entry", "frame"])
    }
}
