import SegueDiagnostics
import SegueMachine
import SegueREPL
import SegueScenario

/// Writes a served session as a scenario file (docs/scenarios.md): each step the person took a step, each call that
/// failed or was cancelled scripted with `next:` before it, and after each step what the page showed (screen,
/// stack, alert), so `segue test` checks that the flow still does what was clicked.
struct ScenarioExport {
    /// Why the session cannot be written as a scenario.
    struct Problem: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The flow file as the scenario names it (absolute, so the scenario runs wherever it is saved).
    var flowPath: String
    var session: ReplSession
    /// Demo entries the local board started with.
    var boardEntries: Int

    func yaml() throws(Problem) -> String {
        let entries = session.timelineEntries.prefix(session.timelinePosition + 1)
        let machine = Machine(program: session.program)
        var writer = ScenarioWriter(
            name: "clicked through \(session.program.flowID) in segue serve", flowPath: PathName.absolute(flowPath),
            device: entries.first?.device.name ?? session.device.name, boardEntries: boardEntries)
        for entry in entries {
            switch entry.step {
            case .launch: writer.launch()
            case .device:
                throw Problem(description: "the session changed the device; a scenario runs on one device")
            case .user(let step):
                for call in entry.calls { writer.scriptFailure(of: call) }
                writer.step(step)
            }
            writer.expect(ScenarioWriter.shown(machine.view(of: entry.state), alert: entry.state.alert))
        }
        return writer.text
    }
}
