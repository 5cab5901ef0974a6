import Testing

@testable import SegueRuntime

@Suite struct ElementReferenceTests {
    @Test func readsNamesItemsAndParts() {
        #expect(ElementReference("save") == ElementReference(name: "save", item: nil, part: nil))
        #expect(ElementReference("latest[2]") == ElementReference(name: "latest", item: 2, part: nil))
        #expect(ElementReference("latest[2].more") == ElementReference(name: "latest", item: 2, part: "more"))
        #expect(ElementReference("lines.share") == ElementReference(name: "lines", item: nil, part: "share"))
    }

    @Test func refusesMalformedReferences() {
        #expect(ElementReference("latest[x]") == nil)
        #expect(ElementReference("latest[2") == nil)
        #expect(ElementReference("[2]") == nil)
    }
}

extension ElementReference {
    init(name: String, item: Int?, part: String?) {
        self.name = name
        self.item = item
        self.part = part
    }
}
