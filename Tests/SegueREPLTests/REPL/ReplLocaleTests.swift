import Foundation
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// The REPL says what the screen shows in the flow's language: counts with their plural forms, states, errors.
@Suite struct ReplLocaleTests {
    static func flow(locale: String) -> String {
        """
        segue: 1
        flow: shown
        locale: \(locale)
        start: main
        data:
          names: { type: list<string>, default: "['a', 'b', 'c', 'd', 'e']" }
        components:
          row:
            parameters: { name: string }
            elements: [{ text: name, value: "${name}" }]
        screens:
          main:
            elements:
              - list: names
                items: names
                item: { use: row, with: { name: item } }
              - button: hidden_one
                label: Hidden
                visible: "false"
              - field: name
                placeholder: Имя
                kind: multiline
                multiline: { min_lines: 5 }
                rules: [required]
              - button: save
                label: Save
                submits: true
                tap: []
        """
    }

    /// `override` is `--locale`: it wins over the flow's `locale:`.
    func screen(locale: String, override: String? = nil) async throws -> String {
        let directory = NSTemporaryDirectory() + "segue-repl-locale-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.flow(locale: locale).write(toFile: directory + "/shown.yaml", atomically: true, encoding: .utf8)
        let session = try await ReplSession.open(
            path: directory + "/shown.yaml",
            options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: ReplFixture.root), locale: override)
        _ = await session.start()
        _ = await session.execute("fill name Анна")
        return await session.execute("clear name").text
    }

    @Test func aRussianFlowsScreenIsDescribedInRussian() async throws {
        let text = try await screen(locale: "ru")
        #expect(text.contains("list names (5 элементов)"), "\(text)")
        #expect(text.contains("button hidden_one [Hidden] · скрыт"), "\(text)")
        #expect(text.contains("field name (multiline, 5 строк) \"\" подсказка Имя ✗ Обязательное поле"), "\(text)")
        #expect(text.contains("button save [Save] · недоступен"), "\(text)")
    }

    @Test func anEnglishFlowsScreenIsDescribedInEnglish() async throws {
        let text = try await screen(locale: "en")
        #expect(text.contains("list names (5 items)"), "\(text)")
        #expect(text.contains("button hidden_one [Hidden] · hidden"), "\(text)")
        #expect(
            text.contains("field name (multiline, 5 lines) \"\" placeholder Имя ✗ This field is required"), "\(text)")
    }

    @Test func aLocaleChosenWhenOpeningWinsOverTheFlows() async throws {
        let text = try await screen(locale: "ru", override: "en-GB")
        #expect(text.contains("list names (5 items)"), "\(text)")
        #expect(text.contains("✗ This field is required"), "\(text)")
        let russian = try await screen(locale: "en", override: "ru")
        #expect(russian.contains("✗ Обязательное поле"), "\(russian)")
    }
}
