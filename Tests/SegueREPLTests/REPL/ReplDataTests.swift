import Foundation
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// The REPL's `data`: maps as literals that read back, and named values marked as computed.
@Suite struct ReplDataTests {
    static let flow = """
        segue: 1
        flow: shown
        start: main
        data:
          volumes: { type: "map<string, number>", default: "{Hamlet: 0.5, 'two words': 1}" }
        let:
          margin: "device.os_major >= 13 ? 20 : 16"
        screens:
          main:
            data:
              count: { type: int, default: 3 }
            let:
              loudest: "max(values(volumes))"
              ratio: "10 / (count - 3)"
            elements:
              - text: hello
                value: "${loudest}"
        """

    /// What `command` (`data` unless told) answers right after `flow` starts.
    func data(of flow: String, command: String = "data") async throws -> String {
        let directory = NSTemporaryDirectory() + "segue-repl-data-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try flow.write(toFile: directory + "/flow.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml",
            options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: ReplFixture.root))
        _ = await session.start()
        return await session.execute(command).text
    }

    @Test func dataShowsMapsAndComputedValues() async throws {
        #expect(
            try await data(of: Self.flow) == """
                flow data:
                  volumes = {Hamlet: 0.5, "two words": 1}
                  margin = 20 (computed)
                main data:
                  count = 3
                  loudest = 1 (computed)
                  ratio = error: division by zero (computed)
                """)
    }

    @Test func dataShowsARecordsComputedFieldsAfterIt() async throws {
        let flow = """
            segue: 1
            flow: people
            start: main
            types:
              Person:
                name: string
                surname: string
                let:
                  full_name: "name + ' ' + surname"
                  initials: "name[0] + surname[0]"
            data:
              person: { type: Person, default: "{name: 'Ann', surname: 'Lee'}" }
              nobody: { type: "Person?" }
            screens:
              main:
                parameters:
                  guest: { type: Person, default: "{name: '', surname: 'Yu'}" }
                elements:
                  - text: hello
                    value: "${person.full_name}"
            """
        #expect(
            try await data(of: flow) == """
                flow data:
                  person = {name: "Ann", surname: "Lee"}
                  person.full_name = "Ann Lee" (computed)
                  person.initials = "AL" (computed)
                  nobody = null
                main data:
                  guest = {name: "", surname: "Yu"} (parameter)
                  guest.full_name = " Yu" (computed)
                  guest.initials = error: index 0 is out of range for a string of 0 characters (computed)
                """)
    }

    /// `data NAME` shows a record's computed fields, and each list item's under it, in full.
    @Test func dataOfOneVariableShowsTheComputedFieldsOfEachItem() async throws {
        let flow = """
            segue: 1
            flow: people
            start: main
            types:
              Person:
                name: string
                surname: string
                let:
                  full_name: "name + ' ' + surname"
            data:
              people: { type: "list<Person>", default: "[{name: 'Ann', surname: 'Lee'}, {name: 'Bo', surname: 'Ek'}]" }
              person: { type: "Person?", default: "{name: 'Cy', surname: 'Yu'}" }
            screens:
              main:
                elements:
                  - text: hello
                    value: "${people[0].full_name} ${person.full_name}"
            """
        #expect(
            try await data(of: flow, command: "data people") == """
                people (flow data): 2 items
                  [0] {name: "Ann", surname: "Lee"}
                      [0].full_name = "Ann Lee" (computed)
                  [1] {name: "Bo", surname: "Ek"}
                      [1].full_name = "Bo Ek" (computed)
                """)
        #expect(
            try await data(of: flow, command: "data person") == """
                person (flow data) = {name: "Cy", surname: "Yu"}
                  person.full_name = "Cy Yu" (computed)
                """)
    }

    @Test func dataShowsEachComponentUsesNamedValuesByItsPath() async throws {
        let flow = """
            segue: 1
            flow: rows
            start: main
            data:
              rows: { type: "list<int>", default: [1, 2] }
            components:
              row:
                parameters:
                  n: int
                let:
                  twice: "n * 2"
                elements:
                  - text: value
                    value: "${twice}"
            screens:
              main:
                elements:
                  - list: rows
                    items: rows
                    item: { use: row, with: { n: item } }
            """
        #expect(
            try await data(of: flow) == """
                flow data:
                  rows = [1, 2]
                main data:
                  rows[0].twice = 2 (computed)
                  rows[1].twice = 4 (computed)
                """)
    }
}
