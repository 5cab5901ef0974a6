import Foundation
import Testing

@testable import SegueExpression

/// A pattern text is compiled once per process: the same object comes back, and a pattern that does not compile is
/// remembered as nil (swift-corelibs-foundation leaks a little each time one fails to compile).
struct CompiledPatternsTests {
    @Test func aPatternIsCompiledOnceAndABadOneIsRememberedAsNil() throws {
        let first = try #require(CompiledPatterns.regex("^[A-Z]{2}[0-9]+$"))
        let again = try #require(CompiledPatterns.regex("^[A-Z]{2}[0-9]+$"))
        #expect(first === again)
        #expect(first.firstMatch(in: "AB12", range: NSRange(location: 0, length: 4)) != nil)
        #expect(CompiledPatterns.regex("[A-Z") == nil)
        #expect(CompiledPatterns.regex("[A-Z") == nil)
    }
}
