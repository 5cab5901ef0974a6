import SegueCheck
import SegueDiagnostics
import Testing

/// The checker hands the compiler each screen's elements with the component every `use:` names resolved
/// (`ResolvedScreen.elements`): the compiler looks no component up, and a component that shows itself never
/// reaches it.
@Suite struct ResolvedElementsTests {
    static func load(_ components: String, screen: String) -> FlowLoadResult {
        FlowLoader().load(
            SourceFile(
                path: "t.yaml",
                text: "segue: 1\nflow: t\nstart: main\ncomponents:\n\(components)screens:\n  main:\n    elements:\n"
                    + screen))
    }

    @Test func aUseCarriesItsComponentAndItsElementsResolved() throws {
        let loaded = Self.load(
            """
              row:
                elements:
                  - text: label
                    value: "'x'"
              card:
                elements:
                  - use: row
                    id: first
                  - list: rows
                    items: "[1, 2]"
                    item: { use: row }

            """,
            screen: "      - use: card\n        id: c\n")
        let elements = try #require(loaded.checked?.screens.first?.elements, "\(loaded.diagnostics)")
        guard case .component(let card) = elements.first?.kind else {
            Issue.record("not a component use: \(elements)")
            return
        }
        #expect(card.component.name.text == "card")
        #expect(card.elements.map(\.element.id.text) == ["first", "rows"])
        guard case .component(let row) = card.elements.first?.kind, case .list(_, let item) = card.elements.last?.kind
        else {
            Issue.record("card's elements did not resolve: \(card.elements)")
            return
        }
        #expect([row.component.name.text, item.component.name.text] == ["row", "row"])
        #expect(item.elements.map(\.element.id.text) == ["label"])
    }

    @Test func aComponentThatShowsItselfThroughAnotherIsRefusedAndNotHandedOver() {
        let loaded = Self.load(
            """
              a:
                elements:
                  - lines: rows
                    items: "[1]"
                    footer:
                      - use: b
                        id: inner
              b:
                elements:
                  - use: a
                    id: x

            """,
            screen: "      - use: a\n        id: c\n")
        #expect(loaded.checked == nil)
        #expect(loaded.diagnostics.map(\.code).contains("C506"))
    }

    /// A screen's form is the fields written directly under its `elements:`: a field inside a component has no place
    /// in it, whatever its id (the compiler once found a field's place by its id).
    @Test func aFieldHasAPlaceInTheFormOnlyDirectlyUnderTheScreen() throws {
        let loaded = Self.load(
            """
              extra:
                elements:
                  - field: name

            """,
            screen: "      - field: email\n      - field: name\n      - use: extra\n        id: x\n")
        let elements = try #require(loaded.checked?.screens.first?.elements, "\(loaded.diagnostics)")
        #expect(elements.map(\.formField) == [0, 1, nil])
        guard case .component(let extra) = elements.last?.kind else {
            Issue.record("not a component use")
            return
        }
        #expect(extra.elements.map(\.formField) == [nil])
    }
}
