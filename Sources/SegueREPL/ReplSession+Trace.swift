import Foundation
import SegueDiagnostics
import SegueDriver
import SegueMachine
import SegueModel

extension ReplSession {
    /// `save FILE`: the timeline up to now as a trace.
    func save(to path: String) -> Reply {
        let trace = trace()
        let count = trace.commands.count
        do {
            try trace.encoded().write(to: URL(fileURLWithPath: path))
        } catch {
            return failure("cannot write \(path): \(error.localizedDescription)")
        }
        return Reply(text: "saved \(Plural.english(count, "command")) to \(path)")
    }

    /// `load FILE`: starts from the saved launch state and replays every command with its recorded outcomes.
    func load(from path: String) async -> Reply {
        let trace: ReplTrace
        do {
            let data = try SafeFile.read(path, limit: 256 << 20, links: .followed)
            trace = try JSONDecoder().decode(ReplTrace.self, from: data)
        } catch let error as DecodingError {
            return failure("\(path) is not a saved REPL session: \(Self.explain(error))")
        } catch let error as SafeFile.ReadError {
            return failure("\(error)")
        } catch {
            return failure("cannot read \(path): \(error.localizedDescription)")
        }
        guard trace.flow == program.flowID else {
            return failure("\(path) is a session of flow `\(trace.flow)`, not `\(program.flowID)`")
        }
        if let device = DeviceProfile.named(trace.device) { driver.device = device }
        await driver.restore(trace.launch)
        timeline = [Moment(step: .launch, state: trace.launch, device: driver.device, calls: [], steps: [])]
        position = 0
        for (index, command) in trace.commands.enumerated() {
            for call in command.calls { await driver.script(call.name, call.outcome) }
            let reply = await execute(command.command)
            if reply.failed {
                return failure("command \(index + 1) of \(path), `\(command.command)`, failed on replay: \(reply.text)")
            }
        }
        // Compared as JSON: the saved state came back through JSON, where 1.0 and 1 are one number.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let same = (try? encoder.encode(driver.state)) == (try? encoder.encode(trace.final))
        let summary =
            "loaded \(Plural.english(trace.commands.count, "command")) from \(path)"
            + (same
                ? "; the state matches the saved one" : "; the state differs from the saved one (the flow changed?)")
        return Reply(text: ([style.dim(summary)] + screenLines()).joined(separator: "\n"), failed: !same)
    }

    private static func explain(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing `\(key.stringValue)`"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "wrong value at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
