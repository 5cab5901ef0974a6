import Foundation
import SegueExpression
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// `pick` takes an option with spaces (the rest of the line, quotes optional) and Tab completes the options
/// (7GUIs defect 4: the Flight Booker's "one-way flight" could not be chosen).
@Suite struct ReplPickTests {
    static let flow = """
        segue: 1
        flow: booking
        start: main
        data:
          kind: { type: string, default: "'one-way flight'" }
        screens:
          main:
            elements:
              - picker: kind_picker
                options: [one-way flight, return flight]
                selected: kind
                change: [{ set: { kind: event.value } }]
              - text: shown
                value: "${kind}"
        """

    @Test(arguments: ["pick kind_picker return flight", "pick kind_picker 'return flight'", "pick kind_picker \"return flight\""])
    func anOptionWithASpaceIsPicked(command: String) async throws {
        try await ReplFixture.withScratchFile(named: "booking.yaml", contents: Self.flow) { path in
            let session = try await ReplSession.open(
                path: path, options: ServiceOptions(dataDirectory: nil, root: ReplFixture.root))
            _ = await session.start()
            let picked = await session.execute(command)
            #expect(!picked.failed, "\(picked.text)")
            #expect(session.driver.state.data == [.string("return flight")])
        }
    }

    @Test func tabCompletesTheOptionsEvenAfterASpace() async throws {
        try await ReplFixture.withScratchFile(named: "booking.yaml", contents: Self.flow) { path in
            let session = try await ReplSession.open(
                path: path, options: ServiceOptions(dataDirectory: nil, root: ReplFixture.root))
            _ = await session.start()
            #expect(session.completions(line: "pick kind_picker ", word: "") == ["one-way flight", "return flight"])
            #expect(session.completions(line: "pick kind_picker ", word: "ret") == ["return flight"])
            #expect(session.completions(line: "pick kind_picker return ", word: "fl") == ["flight"])
            #expect(session.completions(line: "pick kind_picker one ", word: "").isEmpty)
            let wrong = await session.execute("pick kind_picker")
            #expect(wrong.failed)
        }
    }
}
