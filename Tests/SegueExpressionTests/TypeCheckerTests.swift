import SegueDiagnostics
import Testing

@testable import SegueExpression

@Suite struct TypeCheckerTests {
    static let profile = ValueType.record(Fixture.profile)

    @Test(arguments: [
        ("count + 1", ValueType.int),
        ("count + price", .number),
        ("count / 2", .int),
        ("price % 2", .number),
        ("-price", .number),
        ("'a' + title", .string),
        ("[1] + [2.5]", .list(.number)),
        ("user.name", .string),
        ("user.age", .optional(.int)),
        ("maybe.name", .string),
        ("data.x.y", .any),
        ("data + 1", .any),
        ("data[0]", .any),
        ("items[0].name", .string),
        ("items[0]", profile),
        ("user['name']", .string),
        ("title[0]", .string),
        ("flag ? 1 : 2.5", .number),
        ("flag ? 'a' : null", .optional(.string)),
        (
            "{a: 1, b: 'x'}",
            .record(RecordType(fields: [.init(name: "a", type: .int), .init(name: "b", type: .string)]))
        ),
        ("[]", .list(.any)),
        ("[1, null]", .list(.optional(.int))),
        ("count in [1, 2]", .bool),
        ("'name' in user", .bool),
        ("'ab' in title", .bool),
        ("data in items", .bool),
        ("user == null", .bool),
        ("maybe != null && maybe.age > 3", .bool),
        ("user.age >= 18", .bool),
        ("!flag || count < price", .bool),
        ("title < 'b'", .bool),
        ("1 == 1.0", .bool),
    ])
    func infersTypes(source: String, type: ValueType) throws {
        #expect(try typeOf(source) == .success(type))
    }

    /// (source, code, message, start, end, replacement)
    @Test(arguments: [
        ("usr.name", "X101", "unknown name `usr`; did you mean `user`?", 0, 3, "user"),
        ("zzz", "X101", "unknown name `zzz`", 0, 3, nil),
        ("len + 1", "X101", "`len` is a function; call it as `len(…)`", 0, 3, nil),
        ("user.nmae", "X102", "`Profile` has no field `nmae`; did you mean `name`?", 5, 9, "name"),
        ("maybe.emial", "X102", "`Profile` has no field `emial`; did you mean `email`?", 6, 11, "email"),
        ("user['nmae']", "X102", "`Profile` has no field `nmae`; did you mean `name`?", 5, 11, "name"),
        ("{a: 1}.xyz", "X102", "`{a: int}` has no field `xyz`", 7, 10, nil),
        ("count.x", "X103", "`int` has no fields, so `.x` cannot be read", 6, 7, nil),
        (
            "title.length", "X103", "`string` has no fields, so `.length` cannot be read; use `len(…)` for its length",
            6, 12, nil
        ),
        ("'a' - 1", "X104", "`-` needs numbers (`int` or `number`), not `string`", 0, 3, nil),
        ("1 * flag", "X104", "`*` needs numbers (`int` or `number`), not `bool`", 4, 8, nil),
        ("!5", "X104", "the operand of `!` must be `bool`, not `int`", 1, 2, nil),
        ("-title", "X104", "`-` needs an `int` or `number`, not `string`", 1, 6, nil),
        ("count && flag", "X104", "the left side of `&&` must be `bool`, not `int`", 0, 5, nil),
        ("flag || 'x'", "X104", "the right side of `||` must be `bool`, not `string`", 8, 11, nil),
        (
            "'n: ' + count", "X104",
            "`+` adds numbers or joins strings or lists, not `string` and `int`; use `string(…)` or `${…}` to build text",
            8, 13, nil
        ),
        ("[1] + ['a']", "X104", "`+` joins lists of one element type, not `list<int>` and `list<string>`", 6, 11, nil),
        ("count == 'a'", "X104", "`==` compares `int` with `string`, which are never equal", 9, 12, nil),
        ("count < title", "X104", "`<` compares two numbers, two strings or two dates, not `int` and `string`", 8, 13, nil),
        ("flag > 1", "X104", "`>` compares two numbers, two strings or two dates, not `bool` and `int`", 0, 4, nil),
        ("'a' in count", "X104", "`in` needs a list, map, record or string on the right, not `int`", 7, 12, nil),
        ("1 in title", "X104", "`in` on a `string` needs a `string` substring on the left, not `int`", 0, 1, nil),
        ("1 in user", "X104", "`in` on a `Profile` needs a `string` field name on the left, not `int`", 0, 1, nil),
        ("'a' in [1, 2]", "X104", "`in` looks for `string` in a `list<int>`; it is never there", 0, 3, nil),
        ("count ? 1 : 2", "X104", "the condition of `?:` must be `bool`, not `int`", 0, 5, nil),
        ("items['a']", "X105", "a list index must be `int`, not `string`", 6, 9, nil),
        ("title[flag]", "X105", "a string index must be `int`, not `bool`", 6, 10, nil),
        ("user[0]", "X105", "a record key must be `string`, not `int`", 5, 6, nil),
        ("count[0]", "X105", "`int` cannot be indexed; only lists, strings, maps and records can", 0, 5, nil),
        ("data[flag]", "X105", "an index must be `int` or `string`, not `bool`", 5, 9, nil),
        ("flag ? 1 : 'a'", "X111", "the branches of `?:` have different types: `int` and `string`", 11, 14, nil),
        ("[1, 'a']", "X111", "list elements must share one type; this is `string`, earlier ones are `int`", 4, 7, nil),
    ])
    func reportsErrors(source: String, code: String, message: String, start: Int, end: Int, replacement: String?)
        throws
    {
        let errors = try typeErrors(source)
        #expect(errors.count == 1)
        #expect(errors.first?.code == code)
        #expect(errors.first?.message == message)
        #expect(errors.first?.range == TextRange(start, end))
        #expect(errors.first?.replacement == replacement)
    }

    @Test func reportsEveryErrorOnceInSourceOrder() throws {
        let errors = try typeErrors("cnt + usr.name + nope(1)")
        #expect(errors.map(\.code) == ["X101", "X101", "X106"])
        #expect(errors.map(\.range) == [TextRange(0, 3), TextRange(6, 9), TextRange(17, 21)])
        // An unknown base is reported once, not again for its field or the `+` that uses it.
        #expect(try typeErrors("usr.name.first + 1").count == 1)
    }

    @Test func expectedTypes() throws {
        #expect(try typeOf("flag && count > 0", expecting: .bool) == .success(.bool))
        #expect(try typeOf("count", expecting: .number) == .success(.int))
        #expect(try typeOf("data", expecting: .bool) == .success(.any))
        #expect(try typeOf("null", expecting: .optional(.string)) == .success(.null))
        let wrong = try typeErrors("count + 1", expecting: .bool)
        #expect(wrong.map(\.code) == ["X110"])
        #expect(wrong.first?.message == "expected `bool`, found `int`")
        #expect(wrong.first?.range == TextRange(0, 9))
        let nullable = try typeErrors("user.age", expecting: .int)
        #expect(nullable.first?.message == "expected `int`, but this may be null (it is `int?`)")
        #expect(try typeErrors("null", expecting: .string).first?.message == "expected `string`, found `null`")
    }

    @Test func recordLiteralsFitDeclaredRecords() throws {
        let profile = ValueType.record(Fixture.profile)
        #expect(try typeErrors("{name: title, tags: []}", expecting: profile) == [])
        #expect(try typeErrors("{name: title, tags: [], age: count}", expecting: profile) == [])
        let missing = try typeErrors("{name: title}", expecting: profile)
        #expect(missing.map(\.message) == ["expected `Profile`, found `{name: string}`"])
        #expect(try typeErrors("{name: 1, tags: []}", expecting: profile).map(\.code) == ["X110"])
    }

    @Test func templatesCheckEachExpression() throws {
        let checker = TypeChecker(scope: Fixture.types)
        #expect(checker.check(try Template.parse("Hi ${user.name}, ${count}")) == .success(.string))
        guard case .failure(let errors) = checker.check(try Template.parse("Hi ${usr}")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(errors.items.map(\.message) == ["unknown name `usr`; did you mean `user`?"])
        #expect(errors.items.map(\.range) == [TextRange(5, 8)])
    }

    @Test func becomesAFileDiagnosticWithFixIt() throws {
        let errors = try typeErrors("usr.name")
        let file = SourceFile(path: "flows/a.yaml", text: "guard: \"usr.name\"\n")
        // The scalar's text starts at byte 8 of the file.
        let diagnostic = errors[0].diagnostic { range in
            SourceRange(
                path: file.path, start: file.location(ofOffset: range.start + 8),
                end: file.location(ofOffset: range.end + 8))
        }
        #expect(diagnostic.code == "X101")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.range.description == "flows/a.yaml:1:9")
        #expect(diagnostic.fixIts.map(\.replacement) == ["user"])
    }
}
