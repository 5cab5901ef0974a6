import Foundation
import Testing

/// docs/7guis.md's table of the 7GUIs examples states each flow's size in non-blank, non-comment lines; the sizes
/// are the file's, and each stays within what the benchmark's issue set for its task (a flow that needs more lines
/// is a sign the language is missing something).
struct SevenGUIsSizeTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The most lines each task may take: Counter, Temperature Converter, Flight Booker, Timer, CRUD.
    static let limits = [1: 15, 2: 25, 3: 40, 4: 30, 5: 45]

    /// Lines that are neither blank nor only a comment.
    static func lines(of path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                let text = line.drop { $0 == " " }
                return !text.isEmpty && !text.hasPrefix("#")
            }.count
    }

    @Test func theTableStatesEachFlowsSizeAndEachIsWithinItsLimit() throws {
        let table = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/7guis.md"), encoding: .utf8)
        // | 3 Flight Booker | [flight-booker.yaml](../examples/7guis/flight-booker.yaml) | 38 | [flight-booker](…) |
        let row = /\| (\d) [^|]+\| \[[^\]]+\]\(\.\.\/(examples\/7guis\/[\w-]+\.yaml)\) \| (\d+) \|/
        var tasks: [Int] = []
        for match in table.matches(of: row) {
            let task = try #require(Int(match.1)), stated = try #require(Int(match.3))
            let actual = try Self.lines(of: Self.repository.appendingPathComponent(String(match.2)).path)
            #expect(stated == actual, "docs/7guis.md says \(match.2) has \(stated) lines; it has \(actual)")
            let limit = try #require(Self.limits[task])
            #expect(actual <= limit, "\(match.2) has \(actual) lines; task \(task) may take \(limit)")
            tasks.append(task)
        }
        #expect(tasks == [1, 2, 3, 4, 5], "the table lists tasks \(tasks)")
    }
}
