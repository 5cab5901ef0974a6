import Testing

@testable import SegueExpression

@Suite struct ParserTests {
    @Test(arguments: [
        ("1 + 2 * 3", "(1 + (2 * 3))"),
        ("(1 + 2) * 3", "((1 + 2) * 3)"),
        ("1 - 2 - 3", "((1 - 2) - 3)"),
        ("8 / 4 % 3 * 2", "(((8 / 4) % 3) * 2)"),
        ("a || b && c", "(a || (b && c))"),
        ("a && b || c && d", "((a && b) || (c && d))"),
        ("!a == b", "((!a) == b)"),
        ("!!a", "(!(!a))"),
        ("-x * y", "((-x) * y)"),
        ("a < b == c >= d", "((a < b) == (c >= d))"),
        ("a != b && c <= d", "((a != b) && (c <= d))"),
        ("x in list && y", "((x in list) && y)"),
        ("x + 1 in list", "((x + 1) in list)"),
        ("a > 1 + 2", "(a > (1 + 2))"),
        ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
        ("a ? b ? c : d : e", "(a ? (b ? c : d) : e)"),
        ("a || b ? c + 1 : d", "((a || b) ? (c + 1) : d)"),
        ("a.b.c[0].d", "a.b.c[0].d"),
        ("f(x, y + 1)[2]", "f(x, (y + 1))[2]"),
        ("-len(s) * 2", "((-len(s)) * 2)"),
    ])
    func precedenceAndAssociativity(source: String, grouping: String) throws {
        #expect(try parsed(source).description == grouping)
    }

    @Test func literals() throws {
        #expect(try parsed("42").kind == .literal(.int(42)))
        #expect(try parsed("2.5").kind == .literal(.number(2.5)))
        #expect(try parsed("1e3").kind == .literal(.number(1000)))
        #expect(try parsed("2.5E-1").kind == .literal(.number(0.25)))
        #expect(try parsed("true").kind == .literal(.bool(true)))
        #expect(try parsed("false").kind == .literal(.bool(false)))
        #expect(try parsed("null").kind == .literal(.null))
        #expect(try parsed(#"'it\'s'"#).kind == .literal(.string("it's")))
        #expect(try parsed(#""say \"hi\"""#).kind == .literal(.string("say \"hi\"")))
        #expect(try parsed(#""a\nb\tc\rd\\""#).kind == .literal(.string("a\nb\tc\rd\\")))
        #expect(try parsed(#"'\u{1F600}\u{e9}'"#).kind == .literal(.string("😀é")))
        #expect(try parsed(#"'"' + "'""#).description == #"("\"" + "'")"#)
        #expect(try parsed("'Ошибка'").kind == .literal(.string("Ошибка")))
    }

    @Test func listAndRecordLiterals() throws {
        #expect(try parsed("[]").kind == .list([]))
        #expect(try parsed("[1, 'a', [true],]").description == #"[1, "a", [true]]"#)
        #expect(try parsed("{}").kind == .record([]))
        let record = try parsed(#"{title: 'Hi', "two words": 2, null: 3,}"#)
        guard case .record(let fields) = record.kind else {
            Issue.record("not a record: \(record)")
            return
        }
        #expect(fields.map(\.name) == ["title", "two words", "null"])
        #expect(fields.map(\.nameRange) == [TextRange(1, 6), TextRange(14, 25), TextRange(30, 34)])
        #expect(fields[1].value.kind == .literal(.int(2)))
    }

    @Test func keywordsCanBeFieldNames() throws {
        #expect(try parsed("a.in.null.true").description == "a.in.null.true")
    }

    @Test func rangesAreExactByteOffsets() throws {
        let expression = try parsed("len(name) > 0")
        #expect(expression.range == TextRange(0, 13))
        guard case .binary(.greater, let call, let zero) = expression.kind,
            case .call("len", let functionRange, let arguments) = call.kind
        else {
            Issue.record("unexpected tree \(expression)")
            return
        }
        #expect(call.range == TextRange(0, 9))
        #expect(functionRange == TextRange(0, 3))
        #expect(arguments.map(\.range) == [TextRange(4, 8)])
        #expect(zero.range == TextRange(12, 13))
    }

    @Test func memberIndexAndGroupRanges() throws {
        let member = try parsed("user.name")
        #expect(
            member.kind
                == .member(Expression(.name("user"), at: TextRange(0, 4)), name: "name", nameRange: TextRange(5, 9)))
        #expect(member.range == TextRange(0, 9))
        #expect(try parsed("a[10]").range == TextRange(0, 5))
        // A parenthesized group's range includes the parentheses.
        #expect(try parsed("( a )").range == TextRange(0, 5))
        #expect(try parsed("(1 + 2) * 3").range == TextRange(0, 11))
        #expect(try parsed("-x").range == TextRange(0, 2))
        #expect(try parsed("c ? 1 : 22").range == TextRange(0, 10))
        #expect(try parsed("  x  ").range == TextRange(2, 3))
    }

    @Test func nonASCIIRangesCountBytes() throws {
        let expression = try parsed("'ёж' + имя")
        guard case .binary(.add, let left, let right) = expression.kind else {
            Issue.record("unexpected tree \(expression)")
            return
        }
        #expect(left.range == TextRange(0, 6))
        #expect(right.kind == .name("имя"))
        #expect(right.range == TextRange(9, 15))
    }

    @Test func referencedNamesAreVariablesOnly() throws {
        #expect(
            try parsed("len(user.name) > limit && 'x' in tags[i]").referencedNames == ["user", "limit", "tags", "i"])
    }
}

@Suite struct ValueLiteralTests {
    @Test func stringLiteralsRoundTripThroughTheParser() throws {
        let text = "a \"quoted\"\\ line\nnext\ttab\r"
        let literal = Value.string(text).literal
        #expect(literal == #""a \"quoted\"\\ line\nnext\ttab\r""#)
        #expect(try parsed(literal).kind == .literal(.string(text)))
    }
}
