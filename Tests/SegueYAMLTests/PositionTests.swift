import SegueDiagnostics
import Testing

@testable import SegueYAML

@Suite struct PositionTests {
    let text = """
        flow: donate
        screens:
          main:
            title: "Привет, мир"
            elements:
              - button: {id: donate, label: Поддержать}
              - text: |
                  line one
                  line two

            note: &n plain value   # comment
        """

    @Test func keysAndValuesKeepTheirRanges() throws {
        let root = try #require(load(text).root)
        #expect(root.mapping?.first?.key.range.span == "1:1-1:5")
        #expect(root.at("flow")?.range.span == "1:7-1:13")
        let main = try #require(root.at("screens", "main"))
        #expect(main.range.span == "4:5-11:25")
        #expect(main["title"]?.key.range.span == "4:5-4:10")
        #expect(main["title"]?.value.range.span == "4:12-4:25")
        let elements = try #require(main.at("elements")?.sequence)
        #expect(main.at("elements")?.range.span == "6:7-9:19")
        #expect(elements[0].range.span == "6:9-6:48")
        #expect(elements[0].at("button")?.range.span == "6:17-6:48")
        #expect(elements[0].at("button", "label")?.range.span == "6:37-6:47")
        // A block scalar ends at its last character, not at the blank line after it.
        #expect(elements[1].at("text")?.range.span == "7:15-9:19")
        // Properties (`&n`) are part of the node; the trailing comment is not.
        #expect(main.at("note")?.range.span == "11:11-11:25")
        #expect(main.at("note")?.anchor == "n")
    }

    @Test func rangesCarryTheByteOffsets() throws {
        let file = SourceFile(path: "test.yaml", text: text)
        let root = try #require(YAMLLoader().load(file).root)
        let label = try #require(root.at("screens", "main", "elements")?.sequence?.first?.at("button", "label"))
        let bytes = file.bytes[label.range.start.offset..<label.range.end.offset]
        #expect(String(decoding: bytes, as: UTF8.self) == "Поддержать")
    }

    @Test func byteOrderMarkAndCRLFKeepLinesAndColumnsRight() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nkey: \"é x\"\r\nlist:\r\n  - b\r\n".utf8)
        let file = SourceFile(path: "test.yaml", bytes: bytes)
        let result = YAMLLoader().load(file)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        #expect(root.mapping?.first?.key.range.span == "1:1-1:2")
        #expect(root.mapping?.first?.key.range.start.offset == 3)
        #expect(root["key"]?.key.range.span == "2:1-2:4")
        #expect(root.at("key")?.range.span == "2:6-2:11")
        #expect(root.at("key")?.scalar?.text == "é x")
        #expect(root.at("list")?.sequence?.first?.range.span == "4:5-4:6")
        #expect(root.at("list")?.sequence?.first?.range.start.offset == bytes.count - 3)
    }

    @Test func crlfInAnASCIIFileKeepsLinesAndOffsets() throws {
        // All-ASCII files take libyaml's own lines and columns; they must agree with the file's.
        let file = SourceFile(path: "test.yaml", text: "a: 1\r\nlist:\r\n  - c\r\n\r\nz: \"q\"\r")
        let root = try #require(YAMLLoader().load(file).root)
        #expect(root.at("list")?.sequence?.first?.range.span == "3:5-3:6")
        #expect(root.at("list")?.sequence?.first?.range.start.offset == 17)
        #expect(root["z"]?.key.range.span == "5:1-5:2")
        #expect(root.at("z")?.range.span == "5:4-5:7")
        #expect(root.at("z")?.range.end.offset == 28)
    }

    @Test func errorsAfterCRLFAndBOMAreOnTheRightLine() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\r\na: 3\r\n".utf8)
        #expect(load(bytes: bytes).summary == ["Y010@3:1"])
        #expect(load("x: 1\r\ny: [\r\n").summary == ["Y004@3:1"])
    }

    @Test func multiLineCharactersInBlockScalars() throws {
        let root = try #require(load("a: >\n  ünï\n  cödé\nb: ✓\n").root)
        #expect(root.at("a")?.scalar?.text == "ünï cödé\n")
        #expect(root.at("a")?.range.span == "1:4-3:7")
        #expect(root["b"]?.key.range.span == "4:1-4:2")
        #expect(root.at("b")?.range.span == "4:4-4:5")
    }

    @Test func emptyValuesSitRightAfterTheColon() throws {
        let root = try #require(load("a:\nb: 1\n").root)
        #expect(root.at("a")?.scalar?.value == .null)
        #expect(root.at("a")?.range.span == "1:3-1:3")
        #expect(root.range.span == "1:1-2:5")
    }
}
