import SegueDiagnostics
import Testing

@testable import SegueYAML

@Suite struct LimitTests {
    /// Quick because loading stops at the level past the limit: a syntax error 40,000 bytes on is never reached
    /// (counting what is read, not timing it, which a loaded machine could fail).
    @Test func twentyThousandNestedFlowSequencesAreACleanQuickError() throws {
        let text = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n]\n"
        let loaded = load(text)
        #expect(loaded.summary == ["Y008@1:257"])
        #expect(loaded.diagnostics.first?.message == "sequences and mappings nest more than 256 levels deep here")
        #expect(loaded.root == nil)
        // Read to its end, the same text is refused by that syntax error, not the depth.
        #expect(load(text, limits: YAMLLimits(maxDepth: 20_000)).summary == ["Y004@2:1"])
    }

    @Test func twentyThousandNestedFlowMappingsAndBlockSequences() {
        let mappings = String(repeating: "{a: ", count: 20_000) + "1" + String(repeating: "}", count: 20_000)
        #expect(load(mappings).summary == ["Y008@1:1025"])
        let sequences = String(repeating: "- ", count: 20_000) + "x\n"
        #expect(load(sequences).summary == ["Y008@1:513"])
    }

    @Test func deepBlockMappingsAreACleanError() {
        // Each level on its own line, one space deeper: level 257 starts on line 257.
        let text = (0..<1_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " end\n"
        #expect(load(text).summary == ["Y008@257:257"])
    }

    @Test func exactlyTheDepthLimitLoads() throws {
        let text = String(repeating: "[", count: 256) + "x" + String(repeating: "]", count: 256)
        let result = load(text)
        #expect(result.diagnostics.isEmpty)
        var node = try #require(result.root)
        var depth = 1
        while let first = node.sequence?.first {
            node = first
            depth += 1
        }
        #expect(depth == 257)
        #expect(node.scalar?.text == "x")
    }

    @Test func aVeryDeepTreeIsFreedWithoutRecursion() {
        // 200,000 levels would overflow the stack if freeing recursed once per level.
        let range = SourceRange.synthesized
        var node = Node(.scalar(Scalar(text: "leaf", style: .plain, value: .string("leaf"))), range: range)
        for level in 0..<200_000 {
            node =
                level.isMultiple(of: 2)
                ? Node(.sequence([node]), range: range)
                : Node(.mapping([MappingEntry(key: node, value: node)]), range: range)
        }
        #expect(node.sequence == nil)
        node = Node(.sequence([]), range: range)
        #expect(node.sequence?.isEmpty == true)
    }

    @Test func aDeepPartialTreeIsDroppedCleanly() {
        // Loading stops inside 300 open levels; the frames and their children are freed on the way out.
        let limits = YAMLLimits(maxDepth: 300)
        let text = String(repeating: "[a, ", count: 310)
        #expect(load(text, limits: limits).summary == ["Y008@1:1201"])
    }

    @Test func fileSizeIsCheckedBeforeParsing() {
        let result = load("a: [unclosed\n", limits: YAMLLimits(maxFileBytes: 8))
        #expect(result.summary == ["Y001@1:1"])
        #expect(result.diagnostics.first?.message == "the file is 13 bytes; the limit is 8 bytes")
    }

    @Test func defaultLimits() {
        #expect(
            YAMLLimits.default
                == YAMLLimits(
                    maxFileBytes: 8_388_608, maxDepth: 256, maxAliasExpansion: 1_000_000, maxScalarBytes: 1_048_576))
    }

    @Test func longScalarsAreRejected() {
        let result = load(
            "a: ok\nb: \"" + String(repeating: "x", count: 40) + "\"\n", limits: YAMLLimits(maxScalarBytes: 32))
        #expect(result.summary == ["Y009@2:4"])
        #expect(result.diagnostics.first?.message == "this value is 40 bytes long; the limit is 32 bytes")
        #expect(
            load("b: " + String(repeating: "x", count: 32), limits: YAMLLimits(maxScalarBytes: 32)).diagnostics.isEmpty)
    }
}
