import Foundation
import SegueJSON
import SegueLanguageServer
import Testing

/// Proof as you type: once a flow has no error, `segue check`'s exploration runs in the background and its findings
/// are published beside the diagnostics (docs/editors.md).
@Suite struct BackgroundCheckTests {
    static let counter = """
        segue: 1
        flow: counter
        start: main
        data:
          count: { type: int, default: 0 }
        invariants:
          small: { holds: "count < 3", message: the count stays small }
        screens:
          main:
            elements:
              - text: shown
                value: "'Count: ' + string(count)"
              - button: add
                label: Add
                tap: { set: { count: "count + 1" } }
        """

    static let path = "/tmp/segue-lsp-check/counter.yaml"

    /// What is published for `uri` until its exploration has finished: the front end's diagnostics first (none), then
    /// the last publication's (nil when there was none after the first). An exploration may finish before `due`
    /// returns, so both can come in one call.
    static func settle(_ harness: ServerHarness, _ uri: String) -> (first: [JSON]?, last: [JSON]?) {
        var mine = harness.publications().filter { $0.uri == uri }.map(\.diagnostics)
        let first = mine.isEmpty ? nil : mine.removeFirst()
        #expect(harness.server.waitForChecks(timeout: 60))
        mine += harness.publications().filter { $0.uri == uri }.map(\.diagnostics)
        return (first, mine.last)
    }

    @Test func aBrokenInvariantArrivesAfterTheDiagnosticsWithItsRun() throws {
        let harness = ServerHarness(check: BackgroundCheckSettings(seconds: 30))
        let uri = harness.open(Self.path, text: Self.counter)
        harness.advance(1)
        // The front end's diagnostics first: none; then the exploration's finding.
        let (first, last) = Self.settle(harness, uri)
        #expect(first == [])
        let found = try #require(last)
        let finding = try #require(found.first { $0["code"]?.string == "S001" }, "\(found)")
        #expect(finding["message"]?.string == "invariant `small` does not hold: the count stays small")
        // Placed at the invariant (line 7, zero-based 6), with the run as related information.
        #expect(finding["range"]?["start"]?["line"]?.int == 6)
        let run = finding["relatedInformation"]?.array?.compactMap { $0["message"]?.string } ?? []
        #expect(
            run == ["the shortest run that shows it, 4 steps:", "1. launch", "2. tap add", "3. tap add", "4. tap add"])
        // Nothing new: no publication.
        #expect(harness.publications().isEmpty)
    }

    @Test func fixingTheFlowClearsTheFindingOnceTheNextExplorationFinishes() throws {
        let harness = ServerHarness(check: BackgroundCheckSettings(seconds: 30))
        let uri = harness.open(Self.path, text: Self.counter)
        harness.advance(1)
        #expect(Self.settle(harness, uri).last?.count == 1)
        harness.change(uri, to: Self.counter.replacingOccurrences(of: "count < 3", with: "count >= 0"))
        harness.advance(1)
        // The findings of the old text are not shown against the new one, and the new exploration finds nothing:
        // one publication, with nothing in it.
        let (first, last) = Self.settle(harness, uri)
        #expect(first == [])
        #expect(last == nil)
    }

    @Test func aFlowWithAnErrorIsNotExplored() throws {
        let harness = ServerHarness(check: BackgroundCheckSettings(seconds: 30))
        let broken = Self.counter.replacingOccurrences(of: "start: main", with: "start: mian")
        let uri = harness.open(Self.path, text: broken)
        harness.advance(1)
        let published = try #require(harness.published()[uri])
        #expect(!published.isEmpty)
        #expect(!published.contains { ($0["code"]?.string ?? "").hasPrefix("S") })
        #expect(!harness.server.hasFinishedChecks)
        #expect(harness.server.waitForChecks(timeout: 1))
        #expect(harness.published().isEmpty)
    }

    @Test func anEditedTextShowsOnlyItsOwnExplorationsFindings() throws {
        let harness = ServerHarness(check: BackgroundCheckSettings(seconds: 60))
        let uri = harness.open(Self.path, text: Self.counter)
        harness.advance(1)
        // The edit cancels the exploration of version 1 if it still runs; its findings are never shown against version 2.
        #expect(harness.publications().first?.diagnostics == [])
        harness.change(uri, to: Self.counter.replacingOccurrences(of: "count < 3", with: "count < 2"))
        harness.advance(1)
        let (first, last) = Self.settle(harness, uri)
        #expect(first == [])
        let found = try #require(last)
        #expect(found.map { $0["code"]?.string } == ["S001"], "\(found)")
        // The run of version 2's text: 3 steps, not version 1's 4.
        #expect(found.first?["relatedInformation"]?.array?.count == 4, "\(found)")
    }

    @Test func theServerWithoutSettingsNeverExplores() throws {
        let harness = ServerHarness()
        let uri = harness.open(Self.path, text: Self.counter)
        harness.advance(1)
        #expect(harness.published()[uri] == [])
        #expect(harness.server.waitForChecks(timeout: 1))
        #expect(harness.publications().isEmpty)
    }
}
