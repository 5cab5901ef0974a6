import Foundation
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// Data that breaks an endpoint's declared `result:` is an error alert for the person using the app, and the REPL
/// says where it broke (issue 16: "a clear, user-facing message, and the details in the trace").
@Suite struct ReplBadResponseTests {
    /// A board whose `list_entries` declares names, while the board answers with entries.
    static let flow = """
        segue: 1
        flow: wall_check
        start: wall
        services:
          board:
            kind: api
            envelope: { code: Error, data: Data, message: Message }
            codes:
              "00": { outcome: empty, meaning: Записей нет }
              "10": { outcome: ok, meaning: Записи получены }
            endpoints:
              list_entries:
                method: GET
                path: /board/list
                parameters:
                  count: { type: int, default: 50, min: 1, max: 100 }
                result: list<string>
        data:
          names: { type: list<string>, default: [] }
        screens:
          wall:
            title: Wall
            on_enter:
              - call: board.list_entries
                with: { count: 6 }
                as: names
                error:
                  - alert: { image: error }
            elements:
              - text: count
                value: "${len(names)}"
        """

    @Test func theChangeLineSaysWhereTheDataBrokeTheContract() async throws {
        let options = ServiceOptions(boardEntries: 3, root: ReplFixture.root)
        let session = try await ReplFixture.withScratchFile(named: "wall.yaml", contents: Self.flow) { path in
            try await ReplSession.open(path: path, options: options)
        }
        let lines = await session.start().split(separator: "\n").map(String.init)
        let answer = try #require(lines.firstIndex { $0.hasPrefix("  ↳ error bad_response:") })
        #expect(
            lines[answer]
                == "  ↳ error bad_response: Сервер прислал данные не того вида, что ожидались; попробуйте позже")
        #expect(lines[answer + 1].hasPrefix("    where: Data[0]: expected string, found {"))
        #expect(lines.contains("• alert \"Error\""))
    }
}
