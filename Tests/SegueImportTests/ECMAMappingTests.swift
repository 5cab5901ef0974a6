import SegueDiagnostics
import Testing

@testable import SegueImport

/// ECMAScript that real charts use beyond the shared subset, mapped to Segue's expressions as ECMAScript would
/// evaluate it (issue 29): `+` with a string operand concatenates.
@Suite struct ECMAMappingTests {
    static func translate(_ ecma: String) -> Result<String, Diagnostic> {
        let file = SourceFile(path: "t.scxml", text: ecma)
        let range = SourceRange(path: "t.scxml", at: file.location(ofOffset: 0))
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
}
