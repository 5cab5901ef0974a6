import Testing

@testable import SegueExpression

@Suite struct FunctionEvaluationTests {
    @Test(arguments: [
        ("len('👍🏽')", Value.int(1)),
        ("len('e\\u{301}')", .int(1)),
        ("len('👨‍👩‍👧 ok')", .int(4)),
        ("len(title)", .int(6)),
        ("len('')", .int(0)),
        ("len(user.tags)", .int(2)),
        ("len({a: 1, b: 2})", .int(2)),
        ("empty('')", .bool(true)),
        ("empty(' ')", .bool(false)),
        ("empty(null)", .bool(true)),
        ("empty(user.age)", .bool(true)),
        ("empty([])", .bool(true)),
        ("empty([0])", .bool(false)),
        ("empty({})", .bool(true)),
        ("words('  one two\\tthree\\n')", .list([.string("one"), .string("two"), .string("three")])),
        ("words('')", .list([])),
        ("words('Привет мир')", .list([.string("Привет"), .string("мир")])),
        ("matches('abc123', '[0-9]+')", .bool(true)),
        ("matches('abc1', '^[a-z]+$')", .bool(false)),
        ("matches('Ёж', '^\\\\w+$')", .bool(true)),
        ("trim('  hi there \\n')", .string("hi there")),
        ("lower('ÄBC')", .string("äbc")),
        ("upper('straße')", .string("STRASSE")),
        ("format('{0} of {1}', 1, 'x')", .string("1 of x")),
        ("format('{1}{0}{0}', 'a', 2.5)", .string("2.5aa")),
        ("format('{{0}} {0}', [1])", .string("{0} [1]")),
        ("format('none')", .string("none")),
        ("contains('hello', 'ell')", .bool(true)),
        ("contains('hello', 'z')", .bool(false)),
        ("contains([1, 2], 2.0)", .bool(true)),
        ("contains(user.tags, 'c')", .bool(false)),
        ("starts_with('Привет', 'При')", .bool(true)),
        ("starts_with('abc', 'b')", .bool(false)),
        ("ends_with('file.wav', '.wav')", .bool(true)),
        ("min(3, 1, 2)", .int(1)),
        ("max(3, 1, 2)", .int(3)),
        ("min(1, 2.5)", .number(1)),
        ("max([1, 5, 3])", .int(5)),
        ("min([2.5, -1])", .number(-1)),
        ("abs(-3)", .int(3)),
        ("abs(-2.5)", .number(2.5)),
        ("floor(2.7)", .int(2)),
        ("floor(-2.5)", .int(-3)),
        ("floor(4)", .int(4)),
        ("ceil(2.1)", .int(3)),
        ("ceil(-2.1)", .int(-2)),
        ("round(2.5)", .int(3)),
        ("round(-2.5)", .int(-3)),
        ("round(2.49)", .int(2)),
        ("int(2.9)", .int(2)),
        ("int(-2.9)", .int(-2)),
        ("int('42')", .int(42)),
        ("int(' -7 ')", .int(-7)),
        ("int(5)", .int(5)),
        ("number('2.5')", .number(2.5)),
        ("number(3)", .number(3)),
        ("number(' 1e3 ')", .number(1000)),
        ("string(1.5)", .string("1.5")),
        ("string(2.0)", .string("2")),
        ("string([1, 'a'])", .string("[1, \"a\"]")),
        ("string({b: 1, a: null})", .string("{a: null, b: 1}")),
        ("string(null)", .string("null")),
        ("string('x')", .string("x")),
    ])
    func results(source: String, value: Value) throws {
        #expect(try evaluated(source) == .success(value))
    }

    @Test(arguments: [
        ("https://example.com/donate?x=1", true),
        ("http://a.b", true),
        ("HTTPS://EXAMPLE.COM", true),
        ("https://пример.рф/путь", true),
        ("javascript:alert(1)", false),
        ("file:///etc/passwd", false),
        ("data:text/html,<b>hi</b>", false),
        ("ftp://example.com", false),
        ("example.com", false),
        ("/relative/path", false),
        ("https://", false),
        ("https:///path", false),
        ("", false),
        ("https://exa mple.com", false),
    ])
    func isURL(text: String, expected: Bool) throws {
        let scope = ValueBindings(["link": .string(text)])
        #expect(try parsed("is_url(link)").evaluate(in: scope) == .success(.bool(expected)))
    }

    /// (source, kind, message, start, end)
    @Test(arguments: [
        ("len(data)", EvaluationError.Kind.typeMismatch, "`len` needs a string, list, map or record, not an int", 4, 8),
        ("len(user.age)", .nullValue, "`len` needs a string, list, map or record, not null", 4, 12),
        ("empty(data)", .typeMismatch, "`empty` needs a string, list, record or null, not an int", 6, 10),
        ("trim(data)", .typeMismatch, "`trim` needs a string, not an int", 5, 9),
        ("matches('a', '[')", .invalidArgument, "invalid regular expression `[`", 13, 16),
        ("format('{2}', 1)", .invalidArgument, "the format uses `{2}`, but only 1 argument follows it", 7, 12),
        (
            "format('{', 1)", .invalidArgument, "`{` without a closing `}` in the format; write `{{` for a literal `{`",
            7, 10
        ),
        ("min([])", .invalidArgument, "`min` of an empty list", 4, 6),
        ("max([1, null])", .nullValue, "`max` needs numbers, not null", 4, 13),
        ("min(1, 'a')", .typeMismatch, "`min` needs numbers, not a string", 7, 10),
        ("min(data)", .typeMismatch, "`min` needs a list of numbers, or two or more numbers, not an int", 4, 8),
        ("abs(smallest)", .overflow, "`abs(-9223372036854775808)` does not fit in an int", 4, 12),
        ("round(1e30)", .overflow, "1e+30 does not fit in an int", 6, 10),
        ("int(1e19)", .overflow, "1e+19 does not fit in an int", 4, 8),
        ("int('4.2')", .invalidArgument, "`4.2` is not an integer", 4, 9),
        ("int('')", .invalidArgument, "an empty string is not an integer", 4, 6),
        ("number('abc')", .invalidArgument, "`abc` is not a number", 7, 12),
        ("number('nan')", .invalidArgument, "`nan` is not a number", 7, 12),
        ("contains(data, 1)", .typeMismatch, "`contains` needs a string or list, not an int", 9, 13),
        ("starts_with(title, data)", .typeMismatch, "`starts_with` needs a string, not an int", 19, 23),
        ("len(1, 2)", .typeMismatch, "`len` takes 1 argument, got 2", 0, 9),
    ])
    func errors(source: String, kind: EvaluationError.Kind, message: String, start: Int, end: Int) throws {
        #expect(try evaluationError(source) == EvaluationError(kind, message, at: TextRange(start, end)))
    }
}
