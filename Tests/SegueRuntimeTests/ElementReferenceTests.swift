import Testing

@testable import SegueMachine

@Suite struct ElementReferenceTests {
    func parts(_ text: String) -> [String]? {
        ElementReference(text).map { [$0.name, $0.item.map(String.init) ?? "-", $0.part ?? "-"] }
    }

    @Test func readsNamesItemsAndParts() {
        #expect(parts("save") == ["save", "-", "-"])
        #expect(parts("latest[2]") == ["latest", "2", "-"])
        #expect(parts("latest[2].more") == ["latest", "2", "more"])
        #expect(parts("lines.share") == ["lines", "-", "share"])
    }

    @Test func refusesMalformedReferences() {
        #expect(ElementReference("latest[x]") == nil)
        #expect(ElementReference("latest[2") == nil)
        #expect(ElementReference("[2]") == nil)
    }
}
