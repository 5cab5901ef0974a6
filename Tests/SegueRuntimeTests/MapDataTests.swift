import Foundation
import SegueExpression
import Testing

@testable import SegueMachine
@testable import SegueRuntime

/// A `map<string, T>` variable is a record value at run time: put, read back, saved as JSON and restored.
@Suite struct MapDataTests {
    static let flow = """
        segue: 1
        flow: maps
        start: main
        data:
          volumes: { type: "map<string, number>", default: "{}", persist: true }
        screens:
          main:
            elements:
              - button: quieter
                label: Quieter
                tap: [{ set: { volumes: "put(volumes, 'Hamlet', 0.5)" } }]
              - button: reset
                label: Reset
                tap: [{ set: { volumes: "remove(volumes, 'Hamlet')" } }]
              - text: hamlet
                value: "Hamlet at ${volumes['Hamlet'] ?? 1.0}"
              - text: count
                value: "${len(volumes)} voices set: ${keys(volumes)}"
        """

    func text(_ session: Session, _ id: String) async -> String? {
        await session.view?.elements.first { $0.id == id }?.text
    }

    @Test func aMapIsSavedAsJSONAndRestoredAtTheNextLaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-map-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("saved.json")
        let program = try Harness.compile(Self.flow)
        let first = Session(program: program, services: [:], persistence: FilePersistence(path: file.path))
        await first.launch()
        #expect(await text(first, "hamlet") == "Hamlet at 1")
        await first.send(.tap(try #require(program.path("quieter", on: 0))))
        await first.waitUntilIdle()
        #expect(await text(first, "hamlet") == "Hamlet at 0.5")
        #expect(await text(first, "count") == "1 voices set: [\"Hamlet\"]")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: [String: Double]]
        #expect(saved == ["volumes": ["Hamlet": 0.5]])

        let second = Session(program: program, services: [:], persistence: FilePersistence(path: file.path))
        await second.launch()
        #expect(await text(second, "hamlet") == "Hamlet at 0.5")
        await second.send(.tap(try #require(program.path("reset", on: 0))))
        await second.waitUntilIdle()
        #expect(await text(second, "hamlet") == "Hamlet at 1")
        #expect(await second.state.data == [.record([:])])
    }
}
