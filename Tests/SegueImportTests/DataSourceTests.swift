import Foundation
import SegueDiagnostics
import Testing

@testable import SegueImport

/// `<data src>` reads a file beside the document when importing; `<foreach>` with an illegal item name raises
/// `error.execution` instead of looping.
@Suite struct DataSourceTests {
    /// Translates a chart whose one `<data>` has `src`, in a fresh folder holding `files`.
    static func translate(src: String, files: [String: String]) throws -> (yaml: String?, messages: [String]) {
        let folder = NSTemporaryDirectory() + "segue-data-src-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><datamodel><data id="v" src="\(src)"/></datamodel>
            <state id="a"/></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: folder + "/chart.scxml", text: xml))
        return (result.yaml, result.diagnostics.map(\.message))
    }

    @Test(arguments: [("2\n", "2"), ("{\"k\": [1, 2]}", "{ 'k': [1, 2] }"), ("plain words", "'plain words'")])
    func theFilesTextIsTheInitialValue(text: String, value: String) throws {
        let result = try Self.translate(src: "file:value.txt", files: ["value.txt": text])
        #expect(result.messages.isEmpty)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("  v:\n    type: any\n    default: \"\(value)\"\n"), "\(yaml)")
    }

    @Test func aPathWithoutSchemeReadsTheSameFile() throws {
        let result = try Self.translate(src: "value.txt", files: ["value.txt": "7"])
        #expect(try #require(result.yaml).contains("default: \"7\""))
    }

    @Test func anotherURLAPathOutOfTheFolderOrAMissingFileIsRefused() throws {
        for src in ["http://example.org/v.json", "file:../v.txt", "file:/etc/hostname"] {
            let result = try Self.translate(src: src, files: [:])
            #expect(result.yaml == nil)
            #expect(
                result.messages == ["`<data src>` reads a file beside the document (`file:name`), not `\(src)`"])
        }
        let missing = try Self.translate(src: "file:absent.txt", files: [:])
        #expect(missing.yaml == nil)
        #expect(missing.messages.first?.hasSuffix("absent.txt: no such file") == true)
    }

    @Test func anIllegalForeachItemRaisesErrorExecutionAndRunsNoPass() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><datamodel><data id="n" expr="0"/></datamodel>
            <state id="a"><onentry><foreach item="'continue'" array="[1, 2]"><assign location="n" expr="n + 1"/>
            </foreach><raise event="after"/></onentry>
            <transition event="error.execution" target="b"/><transition event="after" target="a"/></state>
            <state id="b"/></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        let yaml = try #require(result.yaml)
        // The rest of the block (`after`) is left out, as SCXML stops a block at its first error.
        #expect(yaml.contains("on_enter:\n        - send: error.execution\n          type: platform\n        on:"))
        #expect(
            result.diagnostics.map(\.message) == [
                "`'continue'` is not a name a data model location can have; SCXML raises error.execution here, and so does the flow"
            ])
    }
}

/// `<data src>` and `<invoke src>` read only inside the project root, never through a link out of it.
@Suite struct SourceRootTests {
    /// A chart in `top/chart/` (its root) beside `top/outside/`, with `etcdir -> /etc` and `out -> ../outside`.
    private func translate(_ body: String) throws -> [String] {
        let top = NSTemporaryDirectory() + "segue-src-root-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: top) }
        for folder in [top + "/chart", top + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "hunter2".write(toFile: top + "/outside/v.txt", atomically: true, encoding: .utf8)
        try """
        <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="x"/></scxml>
        """.write(toFile: top + "/outside/child.scxml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: top + "/chart/etcdir", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: top + "/chart/out", withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(
            atPath: top + "/chart/v.txt", withDestinationPath: top + "/outside/v.txt")
        let xml = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\(body)</scxml>"
        let result = SCXMLImporter.translate(SourceFile(path: top + "/chart/chart.scxml", text: xml))
        let messages = result.diagnostics.map(\.message)
        #expect(!messages.joined().contains("hunter2") && !(result.yaml ?? "").contains("hunter2"))
        return messages.map { $0.replacingOccurrences(of: top, with: "TOP") }
    }

    @Test func aDataSourceThroughALinkedFolderOrFileIsRefused() throws {
        for src in ["file:etcdir/passwd", "file:etcdir/absent", "file:out/v.txt", "file:v.txt"] {
            let messages = try translate("<datamodel><data id=\"v\" src=\"\(src)\"/></datamodel><state id=\"a\"/>")
            #expect(messages == ["`<data src>` names `\(src)`, outside the project root `TOP/chart`"])
        }
    }

    @Test func anInvokedChartOutsideTheRootIsRefusedAlikeMissingOrNot() throws {
        for src in ["../outside/child.scxml", "../outside/absent.scxml", "out/child.scxml", "/etc/passwd"] {
            let messages = try translate("<state id=\"a\"><invoke src=\"\(src)\"/></state>")
            #expect(messages == ["`<invoke src>` names `\(src)`, outside the project root `TOP/chart`"])
        }
    }
}
