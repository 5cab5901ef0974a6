import Testing

@testable import SegueExpression

@Suite struct FunctionTypeTests {
    @Test(arguments: [
        ("len(title)", ValueType.int),
        ("len(items)", .int),
        ("len(user)", .int),
        ("len(user.email)", .int),
        ("empty(user.email)", .bool),
        ("empty(null)", .bool),
        ("words(title)", .list(.string)),
        ("is_url(title)", .bool),
        ("matches(title, '^[a-z]+$')", .bool),
        ("matches(title, title)", .bool),
        ("trim(title)", .string),
        ("lower(title)", .string),
        ("upper(title)", .string),
        ("format('{0} of {1}', count, user)", .string),
        ("format('{{0}}')", .string),
        ("contains(title, 'x')", .bool),
        ("contains(user.tags, 'x')", .bool),
        ("contains(data, 1)", .bool),
        ("starts_with(title, 'x')", .bool),
        ("ends_with(title, 'x')", .bool),
        ("min(1, 2)", .int),
        ("max(1, price)", .number),
        ("min([1, 2])", .int),
        ("max(data, 1)", .any),
        ("abs(-2)", .int),
        ("abs(price)", .number),
        ("floor(price)", .int),
        ("ceil(price)", .int),
        ("round(price)", .int),
        ("int(price)", .int),
        ("int(title)", .int),
        ("number(count)", .number),
        ("string(user)", .string),
        ("len(data)", .int),
    ])
    func resultTypes(source: String, type: ValueType) throws {
        #expect(try typeOf(source) == .success(type))
    }

    /// (source, code, message, start, end)
    @Test(arguments: [
        ("len(3)", "X108", "`len` needs a `string`, list, map or record, not `int`", 4, 5),
        ("empty(count)", "X108", "`empty` needs a `string`, list, map, record or null, not `int`", 6, 11),
        ("words(items)", "X108", "`words` needs a `string`, not `list<Profile>`", 6, 11),
        ("is_url(1)", "X108", "`is_url` needs a `string`, not `int`", 7, 8),
        ("matches(title, 1)", "X108", "argument 2 of `matches` needs a `string`, not `int`", 15, 16),
        ("trim(flag)", "X108", "`trim` needs a `string`, not `bool`", 5, 9),
        ("format(1, 2)", "X108", "argument 1 of `format` needs a `string`, not `int`", 7, 8),
        ("contains(count, 1)", "X108", "argument 1 of `contains` needs a `string` or list, not `int`", 9, 14),
        ("contains(user.tags, 1)", "X108", "`contains` looks for `int` in a `list<string>`; it is never there", 20, 21),
        ("starts_with(title, 1)", "X108", "argument 2 of `starts_with` needs a `string`, not `int`", 19, 20),
        ("min(title)", "X108", "`min` needs a list of numbers, or two or more numbers, not `string`", 4, 9),
        ("max(1, 'a')", "X108", "argument 2 of `max` needs an `int` or `number`, not `string`", 7, 10),
        ("floor('a')", "X108", "`floor` needs an `int` or `number`, not `string`", 6, 9),
        ("int(flag)", "X108", "`int` needs an `int`, `number` or numeric `string`, not `bool`", 4, 8),
        ("lenght(title)", "X106", "unknown function `lenght`; did you mean `len`?", 0, 6),
        ("price(1)", "X106", "`price` is a variable, not a function", 0, 5),
        ("len(title, 2)", "X107", "`len` takes 1 argument, got 2: len(string | list | map | record) -> int", 0, 13),
        (
            "matches(title)", "X107", "`matches` takes 2 arguments, got 1: matches(string, pattern: string) -> bool", 0,
            14
        ),
        (
            "format()", "X107",
            "`format` takes at least 1 argument, got 0: format(template: string, arguments…) -> string, "
                + "format(number, decimals: int) -> string", 0, 8
        ),
        ("matches(title, '[a-')", "X109", "invalid regular expression `[a-`: it does not compile", 15, 20),
        ("format('{0} {2}', 1, 2)", "X113", "the format uses `{2}`, but only 2 arguments follow it", 7, 16),
        ("format('{0}')", "X113", "the format uses `{0}`, but only 0 arguments follow it", 7, 12),
        ("format('{x}', 1)", "X113", "`{x}` is not a placeholder; write `{0}`, `{1}`, …", 7, 12),
        ("format('{0', 1)", "X113", "`{` without a closing `}` in the format; write `{{` for a literal `{`", 7, 11),
        ("format('{+1}', 1)", "X113", "`{+1}` is not a placeholder; write `{0}`, `{1}`, …", 7, 13),
        ("format('a}', 1)", "X113", "`}` without an opening `{` in the format; write `}}` for a literal `}`", 7, 11),
    ])
    func errors(source: String, code: String, message: String, start: Int, end: Int) throws {
        let errors = try typeErrors(source)
        #expect(errors.count == 1)
        #expect(errors.first?.code == code)
        #expect(errors.first?.message == message)
        #expect(errors.first?.range == TextRange(start, end))
    }

    @Test func unknownFunctionSuggestsAReplacement() throws {
        #expect(try typeErrors("uper(title)").first?.replacement == "upper")
        #expect(try typeErrors("startswith(title, 'a')").first?.replacement == "starts_with")
    }

    @Test func everyFunctionHasASignature() {
        for function in BuiltinFunction.allCases {
            #expect(function.signature.hasPrefix(function.rawValue + "("))
        }
    }
}
