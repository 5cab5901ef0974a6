import Foundation
import SegueDriver
import SegueMachine
import SegueRuntime

/// The timeline and replay as a host other than the terminal reads them (`segue serve`'s page: a slider over the
/// steps, saving the session, replaying it on an edited flow).
extension ReplSession {
    /// One step on the timeline and the state it led to.
    public struct TimelineEntry: Sendable {
        public var step: TimelineStep
        public var state: MachineState
        public var device: DeviceProfile
        /// The service calls the command made, with their outcomes.
        public var calls: [ServiceCallRecord]
        /// The step as the REPL's command line.
        public var command: String { step.replText }
    }

    /// How replaying a saved session on a (changed) flow went.
    public struct Replay: Sendable, Hashable {
        /// Commands replayed before the replay stopped (all of them when `divergence` is nil).
        public var replayed: Int
        public var total: Int
        /// Where and why the replay stopped following the saved session.
        public var divergence: String?
    }

    /// Every entry, launch first (redo entries after `timelinePosition` included).
    public var timelineEntries: [TimelineEntry] {
        timeline.map { TimelineEntry(step: $0.step, state: $0.state, device: $0.device, calls: $0.calls) }
    }

    /// The index of the entry shown now.
    public var timelinePosition: Int { position }

    /// The top screen as the REPL draws it.
    public var screenText: String { screenLines().joined(separator: "\n") }

    /// Every `service.operation` the flow's services answer (what `outcome` accepts).
    public var operations: [String] { serviceOperations() }

    /// Moves to entry `index` of the timeline, as repeated undo or redo would.
    public func travel(to index: Int) async -> Reply {
        guard timeline.indices.contains(index) else {
            return failure("no step \(index): the timeline has steps 0 … \(timeline.count - 1)")
        }
        if index == position { return Reply(text: "already at step \(index)") }
        return await travel(by: index - position)
    }

    /// The session up to the entry shown now, as `save FILE` writes it.
    public func trace() -> ReplTrace {
        let moments = timeline[1..<(position + 1)]
        return ReplTrace(
            segueRepl: 1, flow: program.flowID, device: timeline[0].device.name,
            commands: moments.map { ReplTrace.Command(command: $0.step.replText, calls: $0.calls) },
            launch: timeline[0].state, final: driver.state)
    }

    /// Launches afresh and runs `commands` again, each call answered with the outcome it had, and stops at the
    /// first command that fails or makes other calls than it did.
    public func replay(_ commands: [ReplTrace.Command]) async -> Replay {
        _ = await start()
        for (index, command) in commands.enumerated() {
            for call in command.calls { await driver.script(call.name, call.outcome) }
            let before = driver.calls.count
            let reply = await execute(command.command)
            let made = driver.calls[before...].map(\.name)
            let stop: String?
            if reply.failed {
                stop = reply.text.replacingOccurrences(of: "error: ", with: "")
            } else if made != command.calls.map(\.name) {
                let was = command.calls.map(\.name).joined(separator: ", ")
                stop =
                    "it called \(made.isEmpty ? "nothing" : made.joined(separator: ", ")), before \(was.isEmpty ? "nothing" : was)"
            } else {
                stop = nil
            }
            if let stop {
                await driver.clearScripts()
                return Replay(
                    replayed: index, total: commands.count,
                    divergence: "step \(index + 1), `\(command.command)`: \(stop)")
            }
        }
        return Replay(replayed: commands.count, total: commands.count, divergence: nil)
    }
}

extension ReplSession {
    /// Closes the alert shown, as a tap on it does; like every command's start, it is not a step of its own.
    public func dismissAlert() async {
        if driver.state.alert != nil { await driver.send(.dismissAlert) }
    }
}
