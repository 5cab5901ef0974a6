import Foundation
import SegueExpression
import Testing

@testable import SegueMachine
@testable import SegueRuntime

/// `state.x` and `form.x` are read without making the whole record (`MachineScope.field`): the same values as the
/// record gives, a name that shadows `state` (a component's parameter) still wins, and the whole record reads the
/// same as before.
@Suite struct ImplicitFieldReadTests {
    static let flow = """
        segue: 1
        flow: reads
        start: main
        screens:
          main:
            initial_state: idle
            states:
              idle:
                on: { go: [{ goto: editing }] }
              editing: {}
            elements:
              - field: name
              - text: flag
                value: "${state.editing} ${state.idle} ${form.name}"
              - text: whole
                value: "${state} ${form}"
              - use: card
                with: { state: "{editing: 'shadowed'}" }
              - button: go
                label: Go
                tap: { send: go }
        components:
          card:
            parameters: { state: any }
            elements:
              - text: inner
                value: "${state.editing}"
        """

    func shownTexts(_ session: Session) async -> [String: String] {
        var texts: [String: String] = [:]
        for element in await session.view?.elements ?? [] {
            if let text = element.text { texts[element.id] = text }
            for child in (element.items ?? []).joined() { if let text = child.text { texts[child.id] = text } }
        }
        return texts
    }

    @Test func stateAndFormFieldsReadAsTheirRecordsSay() async throws {
        let program = try Harness.compile(Self.flow)
        let session = Session(program: program, services: [:])
        await session.launch()
        var texts = await shownTexts(session)
        #expect(texts["flag"] == "false true ")
        #expect(texts["inner"] == "shadowed")
        await session.send(.edit(element: try #require(program.path("name", on: 0)).element, value: .string("Ann")))
        await session.send(.tap(try #require(program.path("go", on: 0))))
        texts = await shownTexts(session)
        #expect(texts["flag"] == "true false Ann")
        #expect(texts["whole"] == "{editing: true, idle: false} {name: \"Ann\"}")
        #expect(texts["inner"] == "shadowed")
    }
}
