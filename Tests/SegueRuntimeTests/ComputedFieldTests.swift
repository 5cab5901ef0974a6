import Foundation
import SegueExpression
import Testing

@testable import SegueMachine

/// A record type's computed fields (`let:` under `types:`) are computed from the record each time they are read:
/// they follow a `set:` of the fields they read, and are never stored, persisted or sent.
@Suite struct ComputedFieldTests {
    static let flow = """
        segue: 1
        flow: people
        start: main
        types:
          Person:
            name: string
            surname: string
            let:
              label: "full_name + ' (' + initials + ')'"
              full_name: "name + ' ' + surname"
              initials: "name[0] + surname[0]"
        services:
          people:
            kind: custom
            operations:
              save: { parameters: { person: Person }, result: string }
        data:
          person: { type: Person, default: "{name: 'Ann', surname: 'Lee'}", persist: true }
          crowd: { type: list<Person>, default: "[{name: 'Bo', surname: 'Yu'}]" }
        screens:
          main:
            title: "${person.full_name}"
            elements:
              - text: label
                value: "${person.label}"
              - text: first
                value: "${crowd[0]['initials']}"
              - button: rename
                label: Rename
                tap: [{ set: { person: "{name: person.name, surname: 'Ray'}" } }]
              - button: save
                label: Save
                tap: [{ call: people.save, with: { person: person } }]
        """

    static let ann: Value = .record(["name": .string("Ann"), "surname": .string("Lee")])
    static let crowd: Value = .list([.record(["name": .string("Bo"), "surname": .string("Yu")])])

    func texts(_ store: TestStore) -> [String] {
        let view = store.machine.view(of: store.state)
        return [view?.title ?? ""] + (view?.elements.compactMap(\.text) ?? [])
    }

    @Test func aComputedFieldFollowsTheFieldsItReadsAndIsNeverStoredOrSent() throws {
        let store = try TestStore(Self.flow)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root)])]
            // Only the stored fields: `full_name`, `initials` and `label` are in no value.
            $0.data = [Self.ann, Self.crowd]
            $0.nextInstance = 2
        }
        #expect(texts(store) == ["Ann Lee", "Ann Lee (AL)", "BY", "Rename", "Save"])
        let renamed: Value = .record(["name": .string("Ann"), "surname": .string("Ray")])
        store.tap("rename") { $0[data: "person"] = renamed }
        // What is persisted is the record as stored.
        store.receive(.persist(name: "person", value: renamed))
        #expect(texts(store) == ["Ann Ray", "Ann Ray (AR)", "BY", "Rename", "Save"])
        store.tap("save") {
            $0.pendingCalls = [$0.call(1, "people.save", on: 1)]
            $0.nextCall = 2
        }
        // The service gets the stored fields alone.
        store.receive(.callService(id: 1, service: "people", operation: "save", arguments: ["person": renamed]))
        store.skipInFlightCalls()
        let encoded = String(decoding: try JSONEncoder().encode(store.state), as: UTF8.self)
        #expect(!encoded.contains("full_name") && !encoded.contains("Ann Ray"))
    }

    @Test func aComponentImportedFromAnotherFileComputesItToo() throws {
        let library = """
            segue: 1
            types:
              Person:
                name: string
                surname: string
                let: { full_name: "name + ' ' + surname" }
            components:
              badge:
                parameters:
                  person: Person
                elements:
                  - text: who
                    value: "${person.full_name}"
            """
        let flow = """
            segue: 1
            flow: imports
            start: main
            imports: [lib.yaml]
            screens:
              main:
                elements:
                  - use: badge
                    with: { person: "{name: 'Ann', surname: 'Lee'}" }
            """
        let directory = try CheckedCompileTests.directory(["lib.yaml": library, "flow.yaml": flow])
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = try Compiler.compile(path: directory.appendingPathComponent("flow.yaml").path)
        let machine = Machine(program: program)
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment(persisted: [:], defaults: [:])))
        let view = try #require(machine.view(of: launched.state))
        #expect(view.elements.first?.items?.first?.map { "\($0.id) \($0.text ?? "")" } == ["who Ann Lee"])
    }

    @Test func aFailureInsideAComputedFieldNamesIt() throws {
        var harness = try Harness(
            Self.flow.replacingOccurrences(
                of: #"default: "{name: 'Ann', surname: 'Lee'}""#, with: #"default: "{name: '', surname: 'Lee'}""#))
        harness.launch()
        let label = harness.machine.view(of: harness.state)?.elements.first
        #expect(
            label?.problem?.contains("computing `person.label`: computing `initials`:") == true,
            "\(String(describing: label?.problem))")
    }
}
