import Testing

@testable import SegueModel

/// A key whose value is a name says what that name names (`KeySpec.names`), so the language server completes,
/// follows and renames a new key's names with no change of its own; the keys listed here declare a name or name
/// something no symbol table holds.
struct VocabularyNamesTests {
    /// Keys whose name is a declaration (an element's id, a timer's id, `foreach`'s `item:`), or names what the
    /// flow does not declare (a font of the device, an output event, another session, the flow itself).
    static let declaringOrFree: Set<String> = [
        "flow", "id", "cancel_timer", "to", "emit", "item", "index", "font",
    ]

    static func takesName(_ type: KeyType) -> Bool {
        switch type {
        case .name: true
        case .list(let item): takesName(item)
        case .either(let shapes): shapes.contains(where: takesName)
        default: false
        }
    }

    @Test func everyKeyCarryingANameSaysWhatItNames() {
        for place in Vocabulary.places {
            for key in place.keys where Self.takesName(key.type) && key.names == nil {
                let isElementID: Bool = if case .element(let kind) = place.place { key.name == kind } else { false }
                #expect(
                    isElementID || Self.declaringOrFree.contains(key.name),
                    "`\(key.name)` at \(place.place.identifier) carries a name: say what it names with `.naming(…)`")
            }
        }
    }

    @Test func aUseNamesItsComponentAndAnElementsIdDeclaresIt() {
        #expect(Vocabulary.key("use", at: .element("use"))?.names == .component)
        #expect(Vocabulary.key("button", at: .element("button"))?.names == nil)
        #expect(Vocabulary.key("on", at: .screen)?.names == .event)
        #expect(Vocabulary.key("set", at: .action("set"))?.names == .data)
    }
}
