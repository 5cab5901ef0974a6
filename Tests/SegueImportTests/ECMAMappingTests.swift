import SegueDiagnostics
import SegueMachine
import Testing

@testable import SegueImport

/// ECMAScript that real charts use beyond the shared subset, mapped to Segue's expressions as ECMAScript would
/// evaluate it (issue 29): `+` with a string operand concatenates.
@Suite struct ECMAMappingTests {
    static func translate(_ ecma: String) -> Result<String, Diagnostic> {
        let file = SourceFile(path: "t.scxml", text: ecma)
        let range = SourceRange(
            path: "t.scxml", start: file.location(ofOffset: 0), end: file.location(ofOffset: ecma.utf8.count))
        return ECMAExpression(valueRange: range, file: file) { $0 == "s0" ? "s0" : nil }
            .translate(ecma, construct: "`expr`")
    }

    @Test(arguments: [
        ("'count ' + n", "'count ' + string(n)"),
        ("n + ' items'", "string(n) + ' items'"),
        ("a + b + ' items'", "string(a + b) + ' items'"),
        ("'x' + a + b", "'x' + string(a) + string(b)"),
        ("'x' + a * 2 - 1", "'x' + string(a * 2) - 1"),
        ("'a' + 'b'", "'a' + 'b'"),
        ("a + b", "a + b"),
        ("a - -1 + b", "a - -1 + b"),
        ("'x' + (n + 'y')", "'x' + (string(n) + 'y')"),
        ("'x' + (n + 1)", "'x' + string((n + 1))"),
        ("('x' + n) + m", "('x' + string(n)) + string(m)"),
        ("'v' + list[i + 1]", "'v' + string(list[i + 1])"),
        ("'a' + n == 'a1' && 'b' + m != x", "'a' + string(n) == 'a1' && 'b' + string(m) != x"),
        ("c ? 'n=' + n : n + 1", "c ? 'n=' + string(n) : n + 1"),
        ("{k: 'v' + n, j: [n + 'w']}", "{ k: 'v' + string(n), j: [string(n) + 'w'] }"),
        ("'s' + -n", "'s' + string(-n)"),
        ("'in ' + In('s0')", "'in ' + string(state.s0)"),
        ("'at ' + _event.name", "'at ' + string(current_event.name)"),
    ])
    func plusWithAStringOperandConcatenates(_ ecma: String, _ segue: String) {
        #expect((try? Self.translate(ecma).get()) == segue, "\(ecma)")
    }

    @Test(arguments: [
        ("Math.floor(x / 2)", "floor(x / 2)"),
        ("Math.ceil(x) + Math.abs(-y)", "ceil(x) + abs(-y)"),
        ("Math.max(a, Math.min(b, 3))", "max(a, min(b, 3))"),
        ("Math.round(x * 10) / 10", "floor((x * 10) + 0.5) / 10"),
        ("'n=' + Math.round(n)", "'n=' + string(floor((n) + 0.5))"),
        ("Math.round(Math.round(x) / 2)", "floor((floor((x) + 0.5) / 2) + 0.5)"),
        ("m.Math", "m.Math"),
        ("Math.pow(i, 3)", "((i) * (i) * (i))"),
        ("Math.pow(a[0] + 1, 2) + Math.pow(x, 0)", "((a[0] + 1) * (a[0] + 1)) + 1"),
    ])
    func mathFunctionsBecomeSegues(_ ecma: String, _ segue: String) {
        #expect((try? Self.translate(ecma).get()) == segue, "\(ecma)")
    }

    @Test(arguments: [
        ("name.startsWith('a') && name.endsWith(suffix)", "name.starts_with('a') && name.ends_with(suffix)"),
        ("list.includes(3) || s.trim().toUpperCase() == 'A'", "list.contains(3) || s.trim().upper() == 'A'"),
        ("s.toLowerCase()", "s.lower()"),
        ("a.trim", "a.trim"),
        ("x // why\n + 1 /* more */", "x + 1"),
    ])
    func stringMethodsBecomeSegues(_ ecma: String, _ segue: String) {
        #expect((try? Self.translate(ecma).get()) == segue, "\(ecma)")
    }

    @Test(arguments: [
        ("JSON.stringify(_event.data)", "json(current_event.data)"),
        ("'got ' + JSON.stringify([a, {k: b}])", "'got ' + json([a, { k: b }])"),
    ])
    func jsonStringifyBecomesJson(_ ecma: String, _ segue: String) {
        #expect((try? Self.translate(ecma).get()) == segue, "\(ecma)")
    }

    static let typeofX =
        "((x) == null ? 'undefined' : (x) == true || (x) == false ? 'boolean' : (x) == string((x)) ? 'string' : "
        + "matches(string((x)), '^-?[0-9]') ? 'number' : 'object')"

    @Test func typeofAsksWhatTheValueIsInOrder() throws {
        #expect(try Self.translate("typeof x === 'number'").get() == Self.typeofX + " == 'number'")
        let member = try Self.translate("typeof _event.data.k[0] != 'string'").get()
        #expect(member.hasPrefix("((current_event.data.k[0]) == null ? 'undefined'"), "\(member)")
        #expect(member.hasSuffix("'object') != 'string'"), "\(member)")
        // Its operand ends where the member chain does.
        #expect(try Self.translate("typeof x + 1").get().hasSuffix("'object') + 1"))
    }

    @Test func typeofOfANameTheChartNeverDeclaresIsUndefined() throws {
        let file = SourceFile(path: "t.scxml", text: "typeof nowhere")
        var translator = ECMAExpression(
            valueRange: SourceRange(path: "t.scxml", start: file.location(ofOffset: 0), end: file.location(ofOffset: 14)),
            file: file
        ) { _ in nil }
        translator.isDeclared = { $0 == "x" }
        #expect(try translator.translate("typeof nowhere === 'undefined'", construct: "`cond`").get() == "'undefined' == 'undefined'")
        #expect(try translator.translate("typeof x", construct: "`cond`").get() == Self.typeofX)
    }

    @Test(arguments: [
        ("x + Math.pow(x, 17)", 4, "`expr`: `Math.pow(…)` has no Segue function; only a whole exponent from 0 to 16 written as a number is mapped (to the product `x * x`)"),
        (
            "Math.random()", 0,
            "`expr`: `Math.random(…)` has no Segue function; only `Math.floor`, `ceil`, `round`, `abs`, `min` and `max` are mapped"
        ),
        (
            "Math.PI * 2", 0,
            "`expr`: `Math.PI` is not mapped to Segue; only the calls `Math.floor`, `ceil`, `round`, `abs`, `min` and `max` are"
        ),
        ("Math.max()", 0, "`expr`: `Math.max()` has no argument; Segue's `max` needs one"),
        ("JSON.stringify(x, null, 2)", 0, "`expr`: `JSON.stringify` with a replacer or an indent is not mapped; Segue's `json(value)` takes the value alone"),
        ("JSON.parse(t)", 0, "`expr`: `JSON.parse` is not mapped to Segue; only `JSON.stringify(value)` is"),
        ("1 + typeof", 4, "`expr`: `typeof` needs an operand"),
    ])
    func whatHasNoSegueFunctionIsRefusedWhereItIsWritten(_ ecma: String, _ column: Int, _ message: String) throws {
        guard case .failure(let problem) = Self.translate(ecma) else {
            Issue.record("\(ecma) was translated")
            return
        }
        #expect(problem.code == "I006")
        #expect(problem.message == message)
        #expect(problem.range.start.column == column + 1)
    }

    /// Found by the `scxml` fuzz target: tokens side by side with no operator between (`r[3]0`) were translated one
    /// by one into a flow that did not load ("a bug in the importer"). They are a syntax error in ECMAScript, which
    /// SCXML raises as error.execution where the condition is evaluated: so does the flow, with I009 at the chart.
    @Test(arguments: ["r[3]0 === 3", "a b", "x 'y'", "(a)(b) 1", "'it''s'"])
    func aConditionNoGrammarReadsFailsWhereEvaluated(_ ecma: String) throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <datamodel><data id="r" expr="[1, 2, 3, 4]"/><data id="a"/><data id="b"/><data id="x"/></datamodel>
              <state id="s1">
                <transition cond="r[0] === 1 &amp;&amp; \(ecma.replacingOccurrences(of: "'", with: "&apos;"))" target="pass"/>
                <transition event="error.execution" target="fail"/>
              </state>
              <final id="pass"/><final id="fail"/>
            </scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "chart.scxml", text: chart))
        #expect(result.diagnostics.map(\.code) == ["I009"], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.range.start.line == 4)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("1 / 0 == 0"), "\(yaml)")
        #expect(throws: Never.self) { try Compiler.compile(SourceFile(path: "chart.yaml", text: yaml)) }
    }

    /// A `location` no grammar reads cannot fail "where it is evaluated": it is where a value is written, so the
    /// chart is refused at it (I006) rather than written into a flow that cannot load.
    @Test func aLocationNoGrammarReadsIsRefused() {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <datamodel><data id="r" expr="[1, 2, 3, 4]"/></datamodel>
              <state id="s1">
                <onentry><assign location="r[3]0" expr="1"/></onentry>
                <transition target="pass"/>
              </state>
              <final id="pass"/>
            </scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "chart.scxml", text: chart))
        #expect(result.yaml == nil)
        #expect(result.diagnostics.map(\.code) == ["I006"])
        #expect(result.diagnostics.first?.range.start.line == 4)
    }

    /// Found by the `scxml` fuzz target: a field `_event` does not have was passed on to `current_event`, whose
    /// type has no such field, and the written flow did not load.
    @Test func aFieldEventDoesNotHaveIsRefusedWhereItIsWritten() throws {
        guard case .failure(let problem) = Self.translate("_event.origint.origin === 'x'") else {
            Issue.record("translated")
            return
        }
        #expect(problem.code == "I006")
        #expect(
            problem.message
                == "`expr`: `_event` has no field `origint` (its fields: `name`, `type`, `sendid`, `origin`, "
                + "`origintype`, `invokeid`, `data`)")
        #expect(problem.range.start.column == 8)
        #expect(try Self.translate("_event.origintype === 'x'").get() == "current_event.origintype == 'x'")
    }

    /// Found by the `scxml` fuzz target: `_ioprocessors` is a record of SCXML's processor; reading another
    /// processor, or a field other than `location`, was written into a flow whose record type refused it.
    @Test(arguments: [
        ("_ioprocessors['http://www.w2.org/TR/scxml/'].location", 14, "`_ioprocessors` has no processor `http://www.w2.org/TR/scxml/`"),
        ("_ioprocessors.basichttp", 14, "`_ioprocessors` has no processor `basichttp`"),
        ("_ioprocessors.scxml.locati", 20, "an event I/O processor has only a `location`, not `locati`"),
    ])
    func whatIoprocessorsDoesNotHoldIsRefused(_ ecma: String, _ column: Int, _ message: String) throws {
        guard case .failure(let problem) = Self.translate(ecma) else {
            Issue.record("\(ecma) was translated")
            return
        }
        #expect(problem.code == "I006")
        #expect(problem.message.hasPrefix("`expr`: " + message), "\(problem.message)")
        #expect(problem.range.start.column == column + 1)
        #expect(try Self.translate("_ioprocessors.scxml.location + ''").get().contains("scxml"))
    }
}
