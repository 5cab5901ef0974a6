import SegueDiagnostics
import Testing

@testable import SegueYAML

@Suite struct AliasAndMergeTests {
    @Test func aliasesAreTheSameNodeAsTheirAnchor() throws {
        let root = try #require(
            load("card: &card {title: Hi, size: 2}\nfirst: *card\nsecond: *card\nname: &n Bob\nwho: *n\n").root)
        let card = try #require(root.at("card"))
        #expect(root.at("first") === card)
        #expect(root.at("second") === card)
        #expect(card.anchor == "card")
        #expect(root.at("who") === root.at("name"))
        #expect(root.at("who")?.scalar?.text == "Bob")
        // The alias keeps the anchor's range: that is where the value is written.
        #expect(root.at("first")?.range.span == "1:7-1:33")
    }

    @Test func aLaterAnchorWithTheSameNameWins() throws {
        let root = try #require(load("a: &x 1\nb: &x 2\nc: *x\n").root)
        #expect(root.at("c")?.scalar?.value == .int(2))
    }

    @Test func mergeKeysBringInEntriesThatExplicitKeysOverride() throws {
        let text = """
            base: &base
              title: Base
              style: plain
            screen:
              <<: *base
              title: Mine

            """
        let result = load(text)
        #expect(result.diagnostics.isEmpty)
        let screen = try #require(result.root?.at("screen")?.mapping)
        #expect(screen.map(\.name) == ["style", "title"])
        #expect(screen.map(\.merged) == [true, false])
        #expect(screen[1].value.scalar?.text == "Mine")
        // Merged entries keep their original ranges and nodes.
        #expect(screen[0].key.range.span == "3:3-3:8")
        #expect(screen[0].value === result.root?.at("base", "style"))
    }

    @Test func explicitKeysWinEvenBeforeTheMerge() throws {
        let root = try #require(load("b: &b {x: 1, y: 2}\nm: {x: 9, <<: *b}\n").root)
        let entries = try #require(root.at("m")?.mapping)
        #expect(entries.map(\.name) == ["x", "y"])
        #expect(entries.map(\.merged) == [false, true])
        #expect(entries[0].value.scalar?.value == .int(9))
    }

    @Test func aSequenceOfMappingsMergesInOrderFirstWins() throws {
        let text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nm:\n  <<: [*a, *b]\n  w: 0\n"
        let root = try #require(load(text).root)
        let entries = try #require(root.at("m")?.mapping)
        #expect(entries.map(\.name) == ["x", "y", "z", "w"])
        #expect(entries.map { $0.value.scalar?.value } == [.int(1), .int(1), .int(2), .int(0)])
        #expect(entries.map(\.merged) == [true, true, true, false])
    }

    @Test func mergeOfAnInlineMappingAndAQuotedKeyIsNotAMerge() throws {
        let root = try #require(load("m:\n  <<: {a: 1}\n  \"<<\": literal\n").root)
        #expect(root.at("m")?.mapping?.map(\.name) == ["a", "<<"])
        #expect(root.at("m")?.mapping?.map(\.merged) == [true, false])
    }

    @Test func mergeOfANonMappingIsAnError() {
        let result = load("m:\n  <<: text\n  k: 1\n")
        #expect(result.summary == ["Y015@2:7"])
        #expect(
            result.diagnostics.first?.message
                == "the merge key `<<` takes a mapping or a sequence of mappings, not a string")
        #expect(load("s: &s [1]\nm:\n  <<: [*s]\n").summary == ["Y015@3:7"])
    }

    /// Ten levels of ten aliases: 10^10 nodes if expanded. Proved by counting, not timing (a loaded machine can make
    /// any wall-clock bound fail): the refusal comes at the alias that passes the limit and nothing after it is read,
    /// and loading builds one node per node written, however many times an alias repeats it.
    @Test func billionLaughsIsACleanFastLimitError() throws {
        var lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("l\(level): &l\(level) [\(aliases)]")
        }
        // A syntax error after the bomb: reported only if loading read on past the refusal.
        let loaded = load(lines.joined(separator: "\n") + "\nbroken: [unclosed\n")
        // Each `*l4` expands to 111,111 nodes; on line 6 the eighth one takes the total past 1,000,000.
        #expect(loaded.summary == ["Y014@6:45"])
        #expect(
            loaded.diagnostics.first?.message
                == "with aliases expanded, this document would hold more than 1000000 nodes")
        #expect(loaded.root == nil)
        // With no limit the whole bomb loads as the 31 nodes written (a root, 10 keys, 10 lists, `l0`'s 10 words):
        // an alias is its anchor's node, never a copy.
        let bomb = lines.joined(separator: "\n")
        let unlimited = try #require(load(bomb, limits: YAMLLimits(maxAliasExpansion: .max)).root)
        #expect(Self.distinctNodes(from: unlimited) == 1 + 10 + 10 + 10)
    }

    /// The nodes reachable from `root`, each counted once however many times it is shared.
    static func distinctNodes(from root: Node) -> Int {
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let node = pending.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            pending += node.sequence ?? []
            for entry in node.mapping ?? [] { pending += [entry.key, entry.value] }
        }
        return seen.count
    }

    @Test func aliasExpansionLimitIsConfigurable() {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        #expect(load(text).diagnostics.isEmpty)
        // 1 root + 2 keys + (1 + 3) + 1 + 2 × 4 = 16 nodes when expanded.
        #expect(load(text, limits: YAMLLimits(maxAliasExpansion: 16)).diagnostics.isEmpty)
        #expect(load(text, limits: YAMLLimits(maxAliasExpansion: 15)).summary == ["Y014@2:9"])
    }

    @Test func sharedAliasesLoadInLinearTime() throws {
        // 2,000 aliases of a 400-node anchor: 800,000 expanded nodes, but only one copy in memory.
        let big = (0..<200).map { "k\($0): v" }.joined(separator: ", ")
        let text = "big: &big {\(big)}\nuses:\n" + String(repeating: "  - *big\n", count: 2000)
        let root = try #require(load(text).root)
        let uses = try #require(root.at("uses")?.sequence)
        #expect(uses.count == 2000)
        #expect(uses.allSatisfy { $0 === root.at("big") })
    }
}
