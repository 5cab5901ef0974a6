import Testing

@testable import SegueImport

/// A `<script>` is translated when its statements are assignments (`ECMAStatements`): each is read as the
/// `<assign>` it stands for, split where ECMAScript ends a statement; any other statement is refused where it
/// starts.
@Suite struct ScriptTranslationTests {
    static func assignments(_ script: String) -> [String] {
        guard case .success(let statements) = ECMAStatements.parse(script) else { return [] }
        return statements.map {
            switch $0 {
            case .assignment(let location, let value, let declares, _, _):
                (declares ? "var " : "") + "\(location) = \(value)"
            case .declaration(let name, _): "var \(name)"
            }
        }
    }

    @Test(arguments: [
        ("x = 100;", ["x = 100"]),
        ("x = 0;\n x = x + 1", ["x = 0", "x = x + 1"]),
        ("x *= 2; y -= f.g", ["x = x * (2)", "y = y - (f.g)"]),
        ("i++\n--j\na[0].b = [1,\n 2]", ["i = i + 1", "j = j - 1", "a[0].b = [1,\n 2]"]),
        ("var Var1 = 1", ["var Var1 = 1"]),
        ("var t; t = 'a' +\n 'b'", ["var t", "t = 'a' +\n 'b'"]),
        ("// nothing\n;;", []),
        ("x = a\n.b", ["x = a\n.b"]),
    ])
    func assignmentsAreSplitAsECMAScriptReadsThem(_ script: String, _ expected: [String]) {
        #expect(Self.assignments(script) == expected, "\(script)")
    }

    @Test(arguments: [
        ("x = 1; foo();", 7),
        ("function f() { x = 1 }", 0),
        ("if (a) x = 1", 0),
        ("var a = 1, b = 2", 0),
        ("a + 1 = 2", 0),
        ("x = 'open", 4),
    ])
    func anythingElseIsRefusedWhereItStarts(_ script: String, _ offset: Int) throws {
        guard case .failure(let refusal) = ECMAStatements.parse(script) else {
            Issue.record("\(script) was translated")
            return
        }
        #expect(refusal.offset == offset, "\(script): \(refusal.message)")
    }

    @Test func onlyAnInlineScriptsVarDeclaresData() {
        #expect(ECMAStatements.declaredNames("var a = 1; b = 2; var c") == ["a", "c"])
        #expect(ECMAStatements.declaredNames("var a = 1; f()").isEmpty)
    }
}
