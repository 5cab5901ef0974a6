import Foundation
import SegueCheck
import SegueDiagnostics
import Testing

/// C508: an expression written more than once where one `let:` could name it, and none in the seed flows.
@Suite struct RepeatedExpressionTests {
    func warnings(_ text: String) -> [String] {
        FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.filter { $0.code == "C508" }.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.message) "
                + $0.notes.map { "[\($0.message) \($0.range?.start.line ?? 0)]" }.joined()
        }
    }

    static let flow = """
        segue: 1
        flow: t
        start: main
        data:
          count: { type: int, default: 0 }
        components:
          card:
            parameters:
              take: string?
            let:
              has_take: "take != null && count > 0"
            elements:
              - text: a
                value: "${take ?? ''}"
                visible: "take != null && count > 0"
              - text: b
                value: "${len(take ?? '') + 1}"
                visible: "len(take ?? '') + 1 > 2"
              - text: c
                value: "${len(take ?? '') + 1}"
        screens:
          main:
            elements:
              - text: c
                value: "${count * 2 + 1}"
              - button: go
                label: Go
                tap: [{ set: { count: "count * 2 + 1" } }, { send: bump, with: { by: 2 } }, { send: more, with: { by: 1 } }]
              - use: card
                with: { take: "'x'" }
            on:
              bump:
                - set: { count: "count + event.by" }
                - present: other
              more:
                - set: { count: "count + event.by" }
          other:
            elements:
              - button: go
                label: "${count * 2 + 1}"
                tap: [dismiss]
        """

    @Test func aRepeatedExpressionIsReportedOnceWhereALetCouldNameIt() {
        #expect(
            warnings(Self.flow) == [
                "15:19 `take != null && count > 0` is what the named value `has_take` computes; read `has_take` instead [named here 11]",
                "17:17 `len(take ?? '') + 1` is written 2 times in component `card`; name it once in the `let:` of component `card` [also written here 20]",
                "25:17 `count * 2 + 1` is written 3 times in the flow; name it once in the flow's `let:` [also written here 28][also written here 40]",
            ])
    }

    /// A record literal of several fields written again is worth a name; a path or a one-field record is not.
    @Test func aRecordOfSeveralFieldsWrittenTwiceIsReported() {
        let flow = """
            segue: 1
            flow: t
            start: main
            types:
              Person: { name: string, surname: string }
            data:
              people: { type: list<Person>, default: "[]" }
              picked: { type: Person?, default: "null" }
            screens:
              main:
                elements:
                  - field: name
                  - field: surname
                  - button: add
                    label: Add
                    tap: [{ append: people, value: "{name: form.name, surname: form.surname}" }, { set: { picked: "{name: form.name}" } }]
                  - button: pick
                    label: Pick
                    tap: [{ set: { picked: "{name: form.name, surname: form.surname}" } }, { set: { picked: "{name: form.name}" } }]
            """
        #expect(
            warnings(flow) == [
                "16:41 `{name: form.name, surname: form.surname}` is written 2 times in screen `main`; name it once in the `let:` of screen `main` [also written here 19]"
            ])
    }

    @Test func theSeedFlowsWriteNoExpressionTwice() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for name in ["donate", "pictone"] {
            let path = root.appendingPathComponent("flows/\(name).yaml").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(warnings(text).isEmpty, "\(name)")
            #expect(!text.contains("${error.message}"), "\(name): an error alert shows the error's message by itself")
        }
    }
}
