import Foundation
import SegueDiagnostics
import SegueMachine
import SegueRuntime

/// A saved REPL session: the commands from launch to now, each with the outcomes of the calls it made, so loading
/// it replays to the same state whatever the services hold by then.
///
///     { "segue_repl": 1, "flow": "donate", "device": "iPhone 15",
///       "commands": [ { "command": "tap donate", "calls": [ … ] } ], "launch": { … }, "final": { … } }
public struct ReplTrace: Sendable, Codable, Hashable {
    /// One command and what its calls answered.
    public struct Command: Sendable, Codable, Hashable {
        public var command: String
        public var calls: [ServiceCallRecord]

        package init(command: String, calls: [ServiceCallRecord]) {
            self.command = command
            self.calls = calls
        }
    }

    public var segueRepl: Int
    public var flow: String
    public var device: String
    public var commands: [Command]
    /// The state right after launch, which the replay starts from.
    public var launch: MachineState
    /// The state the commands led to, to check the replay against.
    public var final: MachineState

    package init(
        segueRepl: Int, flow: String, device: String, commands: [Command], launch: MachineState, final: MachineState
    ) {
        self.segueRepl = segueRepl
        self.flow = flow
        self.device = device
        self.commands = commands
        self.launch = launch
        self.final = final
    }

    enum CodingKeys: String, CodingKey {
        case segueRepl = "segue_repl"
        case flow, device, commands, launch, final
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
