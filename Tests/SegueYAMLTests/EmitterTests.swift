import SegueYAML
import Testing

/// `YAMLEmitter`'s output read back by `YAMLLoader`: every string comes back as the same string.
@Suite struct EmitterTests {
    static let strings = [
        "", "s1", "done.state.s1", "on", "off", "yes", "true", "False", "NULL", "null", "~", "12", "-3", "0x1F", "0o17",
        "1.5", "1e3", ".inf", "-.Inf", ".nan", " leading", "trailing ", "  ", "a # not a comment", "#comment",
        "key: value", "a:b", "ends with colon:", "- item", "? key", "[1, 2, 3]", "{a: 1}", "line\nbreak", "\n",
        "crlf\r\n", "tab\there", "bell\u{07}", "nul\u{0}inside", "del\u{7F}", "next line\u{85}", "\u{2028}",
        "\u{FEFF}bom", "café", "名前", "emoji 🎉", "'single'", "\"double\"", "back\\slash", "%percent", "@at",
        "`tick", "&anchor", "*alias", "!tag", "|literal", ">folded", "---", "...", "x == 'a'", "'a' == x",
        "timer >= cook_time", String(repeating: "long words ", count: 40), "_private", "a.", "a-b",
    ]

    @Test(arguments: strings)
    func aStringAsAValueReadsBackAsItself(_ text: String) throws {
        var emitter = YAMLEmitter()
        emitter.mapping {
            $0.string("key")
            $0.string(text)
        }
        let yaml = try emitter.finish()
        let result = load(yaml)
        #expect(result.diagnostics.isEmpty, "\(yaml)")
        let scalar = try #require(result.root?.at("key")?.scalar, "\(yaml)")
        #expect(scalar.value == .string(text), "\(yaml)")
        #expect(scalar.text == text, "\(yaml)")
    }

    @Test(arguments: strings)
    func aStringAsAKeyAndAnItemReadsBackAsItself(_ text: String) throws {
        var emitter = YAMLEmitter()
        emitter.mapping { mapping in
            mapping.string(text)
            mapping.sequence { $0.string(text) }
        }
        let yaml = try emitter.finish()
        let entry = try #require(load(yaml).root?.mapping?.first, "\(yaml)")
        #expect(entry.name == text, "\(yaml)")
        #expect(entry.value.sequence?.first?.scalar?.value == .string(text), "\(yaml)")
    }

    /// A key libyaml cannot write on one line with its colon (a line break in it) is written as `? key`.
    @Test func namesStayPlainAndOtherStringsAreDoubleQuoted() throws {
        var emitter = YAMLEmitter()
        emitter.mapping {
            for text in ["s1", "done.state.s1", "on", "true", "12", "two words", "it's", "line\nbreak", "café"] {
                $0.string(text)
                $0.string(text)
            }
        }
        let yaml = try emitter.finish()
        #expect(
            yaml == """
                s1: s1
                done.state.s1: done.state.s1
                on: on
                "true": "true"
                "12": "12"
                "two words": "two words"
                "it's": "it's"
                ? "line\\nbreak"
                : "line\\nbreak"
                "café": "café"

                """, "\(yaml)")
    }

    @Test func collectionsAreBlockStyleAndEmptyOnesFlow() throws {
        var emitter = YAMLEmitter()
        emitter.mapping { root in
            root.string("count")
            root.verbatim("3")
            root.string("none")
            root.sequence { _ in }
            root.string("nothing")
            root.mapping { _ in }
            root.string("items")
            root.sequence { items in
                items.mapping {
                    $0.string("goto")
                    $0.string("a")
                    $0.string("when")
                    $0.string("x > 1")
                }
                items.string("b")
            }
        }
        #expect(
            try emitter.finish() == """
                count: 3
                none: []
                nothing: {}
                items:
                - goto: a
                  when: "x > 1"
                - b

                """)
    }
}
