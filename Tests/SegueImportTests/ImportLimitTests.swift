import Foundation
import SegueDiagnostics
import Testing

@testable import SegueImport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A chart from someone else is refused before the work when it could cost without end: a DTD (entities), a file
/// over 8 MiB (by its size, unread), elements nested past 100, an attribute or text past 64 KiB.
@Suite struct ImportLimitTests {
    static let chart = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">"#

    /// The diagnostics' codes, messages and places (`line:column`), and the flow when there is one.
    private func translate(_ xml: String) -> (codes: [String], messages: [String], places: [String], yaml: String?) {
        let result = SCXMLImporter.translate(SourceFile(path: "chart.scxml", text: xml))
        let places = result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" }
        return (result.diagnostics.map(\.code), result.diagnostics.map(\.message), places, result.yaml)
    }

    @Test func aBillionLaughsIsRefusedAtOnce() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [\(entities)]>\n" + Self.chart
            + "<state id=\"a\"><onentry><log label=\"&lol9;\"/></onentry></state></scxml>"
        // Refused at the `<!DOCTYPE` on line 2, where libxml2 stops: an entity is expanded only where it is
        // referenced, in the chart after it, which is never read (a place, not a time a loaded machine could fail).
        let result = translate(xml)
        #expect(result.codes == ["I010"])
        #expect(result.places == ["2:1"])
        #expect(result.yaml == nil)
    }

    @Test(arguments: [
        // No internal subset, an external entity in text (once dropped silently), one in an attribute.
        "<!DOCTYPE scxml>\n" + chart + "<state id=\"a\"/></scxml>",
        "<!DOCTYPE scxml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n" + chart
            + "<datamodel><data id=\"d\">&x;</data></datamodel><state id=\"a\"/></scxml>",
        "<!DOCTYPE scxml SYSTEM \"http://example.com/scxml.dtd\">\n" + chart + "<state id=\"a\"/></scxml>",
    ])
    func everyDocumentTypeIsRefused(xml: String) {
        let result = translate(xml)
        #expect(result.codes == ["I010"], "\(result.messages)")
        #expect(result.yaml == nil)
    }

    @Test func aReferenceToAnUndeclaredEntityIsNotDroppedSilently() {
        let result = translate(Self.chart + "<datamodel><data id=\"d\">&x;</data></datamodel><state id=\"a\"/></scxml>")
        #expect(result.codes == ["I001"], "\(result.messages)")
        #expect(result.messages.first?.contains("Entity 'x' not defined") == true, "\(result.messages)")
    }

    @Test func deepNestingIsRefusedInSeguesWords() {
        let depth = 100_000
        let xml =
            Self.chart + String(repeating: "<state>", count: depth) + String(repeating: "</state>", count: depth)
            + "</scxml>"
        // Refused at the 100th `<state>` (level 101, under `<scxml>`), where reading stops: the 99,900 levels after it
        // are never read.
        let result = translate(xml)
        #expect(result.places == ["1:\(Self.chart.utf8.count + 99 * "<state>".utf8.count + 1)"])
        #expect(result.codes == ["I011"])
        #expect(
            result.messages == [
                "elements nest more than 100 deep here (`<state>`); the importer reads charts at most 100 levels deep"
            ])
        #expect(!result.messages.joined().contains("XML_PARSE_HUGE"))
    }

    @Test func aLongAttributeOrTextIsRefusedWhereItIsRead() {
        let long = String(repeating: "a", count: 7 << 20)
        let attribute = translate(
            Self.chart + "<state id=\"a\"><onentry><log expr=\"\(long)\"/></onentry></state></scxml>")
        #expect(attribute.codes == ["I011"])
        #expect(
            attribute.messages == [
                "the attribute `expr` of `<log>` is 7340032 bytes; the importer takes at most 65536 in one attribute"
            ])
        let text = translate(
            Self.chart + "<datamodel><data id=\"d\">\(long)</data></datamodel><state id=\"a\"/></scxml>")
        #expect(text.codes == ["I011"])
        #expect(
            text.messages == [
                "the text of `<data>` is over 65536 bytes; the importer takes at most 65536 in one element's text"
            ])
        // Just under the limits, both are read (and the expression is what the translator judges).
        let fits = translate(
            Self.chart + "<datamodel><data id=\"d\" expr=\"'\(String(repeating: "b", count: 60_000))'\"/></datamodel>"
                + "<state id=\"a\"/></scxml>")
        #expect(!fits.codes.contains("I011"), "\(fits.messages)")
    }

    @Test func aLargeFileIsRefusedByItsSizeWithoutBeingRead() throws {
        let path = NSTemporaryDirectory() + "segue-sparse-\(UUID().uuidString).scxml"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, 200_000_000) == 0)
        // Refused by `SafeFile` on the size `fstat` gives, before a byte is read (`SafeFileTests` counts the bytes
        // such a refusal reads); the size in the message is that `fstat`'s.
        do {
            _ = try XMLDocumentReader.load(path: path)
        } catch {
            #expect(error.code == "I011")
            #expect(
                error.message
                    == "the file is 200000000 bytes; the importer reads at most 8388608 (8 MiB), so it was not read")
        }
    }

    @Test func aFIFOIsNotOpenedForReading() throws {
        let path = NSTemporaryDirectory() + "segue-fifo-\(UUID().uuidString).scxml"
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try XMLDocumentReader.load(path: path)
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.code == "I001")
            #expect(error.message == "cannot read the file: it is a FIFO, not a regular file")
        }
    }
}
