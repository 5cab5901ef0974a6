import Testing

@testable import SegueModel

/// Which texts name an event and which are handler keys (`EventDescriptor`): identifiers joined by single dots.
@Suite struct EventNameTests {
    @Test func anEventNameIsIdentifiersJoinedByDots() {
        for name in ["save", "_x", "a1", "done.state.timer", "error.execution", "é", "ab_c.d2"] {
            #expect(EventDescriptor.isEventName(name), "\(name)")
        }
        for text in ["", ".", "a.", ".a", "a..b", "1a", "a.1b", "a-b", "a b", "a.*", "*", "a.b.", "ab!"] {
            #expect(!EventDescriptor.isEventName(text), "\(text)")
        }
    }

    @Test func aHandlerKeyIsAnEventNameAStarOrANameEndingInDotStar() {
        for key in ["save", "*", "done.*", "a.b.*", "done.state.timer"] {
            #expect(EventDescriptor.isDescriptor(key), "\(key)")
        }
        for key in ["", ".*", "a..*", "*.a", "a.**", "a*", "1.*"] {
            #expect(!EventDescriptor.isDescriptor(key), "\(key)")
        }
    }
}
