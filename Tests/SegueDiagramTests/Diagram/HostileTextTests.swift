import Foundation
import SegueDiagnostics
import SegueModel
import Testing

@testable import SegueDiagram

/// Text from a flow written into a diagram cannot end a string, a line or a block early, start a directive or a
/// preprocessor call, pull in a file or a URL, or reach the file as raw control or bidi characters.
@Suite struct DiagramHostileTextTests {
    /// Everything a hostile flow might put in a title, a screen's title, a button's label or an alert.
    static let attack =
        "x\"] %%{init: {'securityLevel': 'loose'}}%% <img:/etc/passwd> [[http://evil.example]] "
        + "%getenv(\"HOME\") \\N &lt; #quot; ` | \u{1B}]0;owned\u{07}\u{202E}b\u{2028}c\u{85}d\re\nf"

    static var flow: Flow {
        Build.flow(
            "hostile", start: "home", title: attack,
            screens: [
                Build.screen(
                    "home", title: attack,
                    elements: [
                        Build.button("open", tap: [Build.present("next")]),
                        Build.button(
                            "warn", tap: [Build.alert(.error, "end note", "@enduml\nend note\nEndNote " + attack)]),
                    ]),
                Build.screen("next", title: "end note", elements: [Build.button("back", tap: [Build.dismiss])]),
            ])
    }

    static let graph = TransitionGraph(flow: flow)

    /// No control character but the line feeds between lines, and no bidi character, is written.
    static func expectClean(_ text: String, escaped: String = "\\u{1B}]0;owned\\u{7}\\u{202E}b") {
        let raw = text.unicodeScalars.filter { $0 != "\n" && TerminalText.mustEscape($0) }
        #expect(raw.isEmpty, "raw control or bidi characters: \(raw.map { String($0.value, radix: 16) })")
        #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{85}" || $0 == "\r" })
        #expect(text.contains(escaped))
    }

    /// The line's `"` are paired once the escaped ones (`\"`, after `\\`) are taken out.
    static func quotesPaired(_ line: Substring) -> Bool {
        line.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\\"", with: "")
            .filter { $0 == "\"" }.count % 2 == 0
    }

    @Test func dotKeepsEveryLabelOneQuotedString() {
        let text = DOTRenderer().render(Self.graph)
        Self.expectClean(text)
        for line in text.split(separator: "\n") { #expect(Self.quotesPaired(line), "\(line)") }
        #expect(text.contains("&amp;lt;"))
        #expect(text.contains("\\\\N"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func mermaidStartsNoDirectiveAndEndsNoLabel() {
        let text = MermaidRenderer().render(Self.graph)
        Self.expectClean(text)
        #expect(!text.contains("%%{"))
        // The title is text in the front matter, a YAML string (never HTML); labels hold no tag.
        #expect(!text.split(separator: "\n").dropFirst(3).contains { $0.contains("<img") })
        // Only the banner is a `%%` line; the title is a YAML string in the front matter.
        #expect(text.split(separator: "\n").filter { $0.contains("%%") }.count == 1)
        #expect(text.contains("title: \"x\\\"] \\x25\\x25{init"))
        for line in text.split(separator: "\n") { #expect(Self.quotesPaired(line), "\(line)") }
    }

    @Test func plantUMLReadsNoFileAndCallsNoBuiltIn() {
        let text = PlantUMLRenderer().render(Self.graph)
        Self.expectClean(text, escaped: "\\u{1B}&#93;0;owned\\u{7}\\u{202E}b")
        for needle in ["<img", "[[", "%getenv", "%%{"] { #expect(!text.contains(needle), "\(needle)") }
        let lines: [String] = text.split(separator: "\n").map {
            String($0).trimmingCharacters(in: CharacterSet.whitespaces).lowercased()
        }
        // One `end note` per alert, and `@enduml` only as the last line.
        let noteEnds = lines.filter { $0 == "end note" || $0 == "endnote" }
        #expect(noteEnds.count == Self.graph.alerts.count)
        let ends = lines.filter { $0.hasPrefix("@enduml") }
        #expect(ends == ["@enduml"])
        #expect(lines.last == "@enduml")
    }
}
