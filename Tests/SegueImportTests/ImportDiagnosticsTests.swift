import SegueDiagnostics
import Testing

@testable import SegueImport

/// Each malformed document in Fixtures/diagnostics gives its code at the line and column of the construct, and no
/// flow.
@Suite struct ImportDiagnosticsTests {
    static let expected: [(file: String, code: String, line: Int, column: Int, message: String)] = [
        ("not-xml.scxml", "I001", 3, 9, "not well-formed XML: Opening and ending tag mismatch: state line 2 and scxml"),
        ("unknown-element.scxml", "I002", 3, 5, "unknown element `<transit>`"),
        ("bad-attribute.scxml", "I003", 3, 28, "`<transition>` has no attribute `targt`; did you mean `target`?"),
        ("missing-state.scxml", "I004", 3, 36, "no state has the id `idel`; did you mean `idle`?"),
        (
            "conflicting-targets.scxml", "I004", 3, 65,
            "`target` names `a2` and `a1`, but only one child of `a` is active at a time: the states of one "
                + "transition lie in different regions of one `<parallel>`"
        ),
        (
            "unsupported.scxml", "I005", 3, 19,
            "only SCXML sessions are invoked (`type=\"scxml\"`), not `http://example.com/vxml`"
        ),
        (
            "script-call.scxml", "I005", 4, 5,
            "only assignments (`x = …`, `x += …`, `x++`, `var x = …`) are translated from a `<script>`; this "
                + "statement is ECMAScript code Segue's expressions do not run"
        ),
        ("expression.scxml", "I006", 4, 34, "`cond`: ECMAScript's `new` is outside the shared subset"),
        (
            "eventless-cycle.scxml", "I007", 3, 5,
            "eventless transitions without `cond` loop forever: ping → pong → ping"
        ),
        ("bad-identifier.scxml", "I008", 3, 14, "the state id `a` is declared twice"),
        (
            "decided-statically.scxml", "I009", 3, 14,
            "no transition takes `nobody_listens`; SCXML discards it, so the flow does not raise it"
        ),
        (
            "document-type.scxml", "I010", 1, 1,
            "a document type declaration (`<!DOCTYPE …>`) is refused: SCXML needs none, and its entities could "
                + "expand without end or read other files"
        ),
        (
            "too-deep.scxml", "I011", 101, 1,
            "elements nest more than 100 deep here (`<state>`); the importer reads charts at most 100 levels deep"
        ),
    ]

    @Test(arguments: expected.indices)
    func reportsTheCodeAtItsPosition(_ index: Int) throws {
        let case_ = Self.expected[index]
        let result = SCXMLImporter.translate(try Fixture.source("diagnostics/" + case_.file))
        let first = try #require(result.diagnostics.first)
        // An error writes no flow; the I009 warning says what the flow does instead.
        #expect((result.yaml == nil) == (first.severity == .error))
        #expect(first.code == case_.code)
        #expect(first.range.start.line == case_.line)
        #expect(first.range.start.column == case_.column)
        #expect(first.message == case_.message)
        #expect(first.range.path == "Fixtures/diagnostics/" + case_.file)
    }

    @Test func everyCodeHasAFixture() {
        #expect(Set(Self.expected.map(\.code)) == Set(ImportCode.allCases.map(\.rawValue)))
    }

    @Test func aDuplicateNamesTheFirstDeclaration() throws {
        let result = SCXMLImporter.translate(try Fixture.source("diagnostics/bad-identifier.scxml"))
        let note = try #require(result.diagnostics.first?.notes.first)
        #expect(note.message == "first declared here")
        #expect(note.range?.start.line == 2)
    }

    @Test func expressionsOutsideTheSubsetNameTheConstruct() {
        let cases: [(String, String)] = [
            (
                "Math.pow(2, n) > 1",
                "`cond`: `Math.pow(…)` has no Segue function; only a whole exponent from 0 to 16 written as a number is mapped (to the product `x * x`)"
            ),
            (
                "s.slice(1) == ''",
                "`cond`: the method call `.slice(…)` is ECMAScript, not in the shared subset (only `startsWith`, "
                    + "`endsWith`, `includes`, `toUpperCase`, `toLowerCase` and `trim` are mapped)"
            ),
            ("f(1)", "`cond`: calling `f(…)` is ECMAScript; only `In(…)` is in the shared subset"),
            ("a = 1", "`cond`: the operator `=` is outside the shared subset"),
            ("new Date() > 1", "`cond`: ECMAScript's `new` is outside the shared subset"),
            ("_x_unknown == 1", "`cond`: the system variable `_x_unknown` is outside the shared subset"),
            ("In('nowhere')", "`cond`: `In('nowhere')` names no state of this document"),
            ("0x1F > 2", "`cond`: hexadecimal numbers are ECMAScript, not in the shared subset"),
        ]
        for (cond, message) in cases {
            let xml = """
                <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a">
                <transition event="go" cond="\(cond.replacingOccurrences(of: "'", with: "&apos;"))" target="a"/>
                </state></scxml>
                """
            let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
            #expect(result.diagnostics.map(\.message) == [message], "\(cond)")
            #expect(result.diagnostics.first?.range.start.line == 2)
        }
    }
}
