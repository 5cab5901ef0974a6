import SegueExpression
import Testing

@testable import SegueMachine

/// An error alert without `message:` shows the message of the error being handled; with one, the given text.
@Suite struct ErrorAlertTests {
    static let flow = """
        segue: 1
        flow: alerts
        start: main
        services:
          board: { kind: api, endpoints: { list: { method: GET, path: /list, result: any } } }
        screens:
          main:
            elements:
              - button: plain
                label: Plain
                tap: [{ call: board.list, error: [{ alert: { image: error } }] }]
              - button: told
                label: Told
                tap: [{ call: board.list, error: [{ alert: { image: error, title: Oops, message: Try later } }] }]
              - button: done
                label: Done
                tap: [{ call: board.list, error: [{ alert: { image: done, title: Saved } }] }]
              - button: outside
                label: Outside
                tap: [{ alert: { image: error } }]
        """

    func alert(after button: String) throws -> AlertState? {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap(button)
        if !harness.state.pendingCalls.isEmpty {
            harness.answer(.error(ServiceError(service: "board", code: "20", message: "Ошибка при записи")))
        }
        return harness.state.alert
    }

    @Test func anErrorAlertWithoutAMessageShowsTheErrorsOwn() throws {
        #expect(try alert(after: "plain") == AlertState(image: "error", title: "Error", message: "Ошибка при записи"))
    }

    @Test func aMessageGivenIsShownInstead() throws {
        #expect(try alert(after: "told") == AlertState(image: "error", title: "Oops", message: "Try later"))
    }

    @Test func onlyAnErrorAlertWhereAnErrorIsHandledTakesItsMessage() throws {
        #expect(try alert(after: "done") == AlertState(image: "done", title: "Saved", message: nil))
        #expect(try alert(after: "outside") == AlertState(image: "error", title: "Error", message: nil))
    }
}
