import Foundation
import SegueCheck
import SegueDiagnostics
import Testing

/// Broken variants of good flows: every one loads without trapping, and every diagnostic points into a file read.
@Suite struct RobustnessTests {
    static let flows =
        Corpus.files("valid") + [Corpus.repository.appendingPathComponent("flows/donate.yaml").path]
        + [Corpus.repository.appendingPathComponent("flows/pictone.yaml").path]

    /// Checks that each diagnostic names a file that was read and a line inside it.
    func expectWellPlaced(_ result: FlowLoadResult, _ what: String) {
        let lines = Dictionary(result.sources.map { ($0.path, $0.lineStarts.count) }, uniquingKeysWith: { a, _ in a })
        for diagnostic in result.diagnostics {
            let count = lines[diagnostic.range.path]
            #expect(count != nil, "\(what): \(diagnostic.code) points at an unread file \(diagnostic.range.path)")
            #expect(
                (1...(count ?? 0) + 1).contains(diagnostic.range.start.line),
                "\(what): \(diagnostic.code) at line \(diagnostic.range.start.line) of \(count ?? 0)")
            #expect(diagnostic.range.start.offset <= diagnostic.range.end.offset, "\(what): \(diagnostic.code)")
        }
        #expect(result.diagnostics == result.diagnostics.sortedBySource(), "\(what): not in source order")
    }

    @Test(arguments: flows)
    func flowsWithALineRemovedStillLoad(path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        for index in stride(from: 0, to: lines.count, by: max(1, lines.count / 40)) {
            var copy = lines
            copy.remove(at: index)
            let file = SourceFile(path: path, text: copy.joined(separator: "\n"))
            expectWellPlaced(FlowLoader().load(file), "without line \(index + 1)")
        }
    }

    @Test(arguments: flows)
    func flowsCutShortStillLoad(path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
            let file = SourceFile(path: path, bytes: Array(bytes[0..<length]))
            expectWellPlaced(FlowLoader().load(file), "cut at byte \(length)")
        }
    }
}
