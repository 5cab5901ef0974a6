import SegueDiagnostics
import Testing

@testable import SegueYAML

@Suite struct CoreSchemaTests {
    @Test(arguments: [
        ("null", ScalarValue.null), ("Null", .null), ("NULL", .null), ("~", .null), ("", .null),
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        ("0", .int(0)), ("-17", .int(-17)), ("+12", .int(12)), ("007", .int(7)),
        ("0o17", .int(15)), ("0x1F", .int(31)), ("0xff", .int(255)),
        ("1.5", .float(1.5)), ("-0.25", .float(-0.25)), (".5", .float(0.5)), ("1.", .float(1)),
        ("1e3", .float(1000)), ("2.5E-1", .float(0.25)), (".inf", .float(.infinity)),
        ("-.Inf", .float(-.infinity)), ("+.INF", .float(.infinity)),
        ("on", .string("on")), ("off", .string("off")), ("yes", .string("yes")), ("no", .string("no")),
        ("y", .string("y")), ("n", .string("n")), ("nULL", .string("nULL")), ("tRUE", .string("tRUE")),
        ("0o8", .string("0o8")), ("0xG", .string("0xG")), ("-0x1", .string("-0x1")), ("1_000", .string("1_000")),
        ("1e", .string("1e")), (".", .string(".")), ("-a", .string("-a")), ("+.nan", .string("+.nan")),
        ("12:30", .string("12:30")), ("2026-11-29", .string("2026-11-29")), ("Поддержать", .string("Поддержать")),
    ])
    func plainScalarsResolve(text: String, expected: ScalarValue) {
        let result = load("v: \(text)\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.at("v")?.scalar?.value == expected)
        #expect(result.root?.at("v")?.scalar?.text == text)
    }

    @Test func nanIsAFloat() throws {
        for text in [".nan", ".NaN", ".NAN"] {
            let value = try #require(load("v: \(text)").root?.at("v")?.scalar?.value)
            guard case .float(let number) = value else {
                Issue.record("\(text) gave \(value)")
                continue
            }
            #expect(number.isNaN)
        }
    }

    @Test func yaml11BooleanWordsStayStringsAsKeysToo() throws {
        let root = try #require(load("on: x\nyes: 1\noff: [no, n]\n").root)
        #expect(root.mapping?.map(\.name) == ["on", "yes", "off"])
        #expect(root.at("on")?.scalar?.value == .string("x"))
        #expect(root.at("off")?.sequence?.map { $0.scalar?.value } == [.string("no"), .string("n")])
    }

    @Test func quotedAndBlockScalarsAreStrings() throws {
        let root = try #require(load("a: \"true\"\nb: '12'\nc: |\n  null\nd: >\n  3.5\ne: \"\"\n").root)
        #expect(root.at("a")?.scalar == Scalar(text: "true", style: .doubleQuoted, value: .string("true")))
        #expect(root.at("b")?.scalar == Scalar(text: "12", style: .singleQuoted, value: .string("12")))
        #expect(root.at("c")?.scalar == Scalar(text: "null\n", style: .literal, value: .string("null\n")))
        #expect(root.at("d")?.scalar == Scalar(text: "3.5\n", style: .folded, value: .string("3.5\n")))
        #expect(root.at("e")?.scalar?.value == .string(""))
    }

    @Test func standardTagsAreRespected() throws {
        let result = load(
            "a: !!str 12\nb: !!int \"42\"\nc: !!float 3\nd: !!bool 'true'\ne: !!null ''\nf: ! 12\ng: !!str\n")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        #expect(root.at("a")?.scalar?.value == .string("12"))
        #expect(root.at("a")?.tag == "tag:yaml.org,2002:str")
        #expect(root.at("b")?.scalar?.value == .int(42))
        #expect(root.at("c")?.scalar?.value == .float(3))
        #expect(root.at("d")?.scalar?.value == .bool(true))
        #expect(root.at("e")?.scalar?.value == .null)
        #expect(root.at("f")?.scalar?.value == .string("12"))
        #expect(root.at("g")?.scalar?.value == .string(""))
    }

    @Test func aTagTheTextDoesNotSatisfyIsAnError() {
        let result = load("a: !!int abc\nb: !!bool yes\nc: !!str [1]\n")
        #expect(result.summary == ["Y016@1:4", "Y016@2:4", "Y016@3:4"])
        #expect(
            result.diagnostics.map(\.message) == [
                "`abc` is tagged !!int but is not an integer",
                "`yes` is tagged !!bool but is not a boolean (true or false)",
                "a sequence cannot be tagged !!str",
            ])
    }

    @Test func unknownTagsAreIgnoredWithAWarning() throws {
        let result = load("a: !color 12\n")
        #expect(result.summary == ["Y018@1:4"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message == "unknown tag `!color` is ignored")
        #expect(result.root?.at("a")?.scalar?.value == .int(12))
    }

    @Test func integersBeyond64BitsAreErrors() {
        let result = load("big: 99999999999999999999\nok: 9223372036854775807\n")
        #expect(result.summary == ["Y017@1:6"])
        #expect(result.root?.at("ok")?.scalar?.value == .int(Int.max))
        #expect(result.root?.at("big")?.scalar?.value == .string("99999999999999999999"))
    }
}
