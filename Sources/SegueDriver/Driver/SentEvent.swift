import SegueDiagnostics
import SegueExpression
import SegueMachine

/// An event sent from outside the flow (the REPL's and `segue serve`'s `send`, a scenario's `send:`): any name,
/// dispatched by SCXML's descriptor rules, so `foo.bar.bat.bif` reaches a `foo.bar.bat` handler and any name a `*`
/// handler (`Program.event(matching:)`); `current_event.name` is the name as sent.
///
///     SentEvent.input("foo.bar.bat.bif", payload: .null, in: program)  // .success(.event(3, …, name: "foo.bar.bat.bif"))
///     SentEvent.input("nothing", payload: .null, in: program)          // .failure("no handler of the flow takes …")
public enum SentEvent {
    /// The input, or the warning that no handler of the flow takes the name (it is then dropped, as SCXML drops
    /// an event no transition takes), with the closest name one does take.
    public static func input(_ name: String, payload: Value, in program: Program) -> Result<Input, Unhandled> {
        guard let event = program.event(matching: name), program.isHandled(event) else {
            let handled = program.events.indices.filter { program.isHandled($0) }.map { program.events[$0] }
            return .failure(
                Unhandled(
                    message: "no handler of the flow takes `\(name)`; it is dropped, as SCXML drops it"
                        + Suggestion.didYouMean(name, in: handled)))
        }
        return .success(.event(event, payload: payload, name: program.events[event] == name ? nil : name))
    }

    public struct Unhandled: Error {
        public var message: String
    }
}
