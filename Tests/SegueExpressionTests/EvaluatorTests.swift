import Testing

@testable import SegueExpression

@Suite struct EvaluatorTests {
    @Test(arguments: [
        ("2 * 3 + 1", Value.int(7)),
        ("7 / 2", .int(3)),
        ("-7 / 2", .int(-3)),
        ("7 % 3", .int(1)),
        ("-7 % 3", .int(-1)),
        ("7.0 / 2", .number(3.5)),
        ("count + price", .number(5.5)),
        ("5.5 % 2", .number(1.5)),
        ("-price", .number(-2.5)),
        ("'ab' + 'cd'", .string("abcd")),
        ("[1] + [2, 3]", .list([.int(1), .int(2), .int(3)])),
        ("1 < 2.5", .bool(true)),
        ("3 >= 3", .bool(true)),
        ("2.5 > count", .bool(false)),
        ("'apple' < 'banana'", .bool(true)),
        ("'b' <= 'a'", .bool(false)),
        ("1 == 1.0", .bool(true)),
        ("[1, 2] == [1, 2.0]", .bool(true)),
        ("{a: 1, b: [2]} == {b: [2], a: 1}", .bool(true)),
        ("{a: 1} == {a: 1, b: 2}", .bool(false)),
        ("null == null", .bool(true)),
        ("user.age == null", .bool(true)),
        ("maybe != null", .bool(false)),
        ("'1' == 1", .bool(false)),
        ("2 in [1, 2, 3]", .bool(true)),
        ("2.0 in [1, 2]", .bool(true)),
        ("'name' in user", .bool(true)),
        ("'age' in user", .bool(false)),
        ("'иве' in title", .bool(true)),
        ("'' in title", .bool(true)),
        ("!flag", .bool(false)),
        ("flag && count > 2", .bool(true)),
        ("false || count == 3", .bool(true)),
        ("flag ? 'yes' : 'no'", .string("yes")),
        ("!flag ? 1 : 2", .int(2)),
        ("user.name", .string("Анна")),
        ("user.age", .null),
        ("user['name']", .string("Анна")),
        ("user['missing']", .null),
        ("user.tags[1]", .string("b")),
        ("items[0].name", .string("first")),
        ("[10, 20][1.0]", .int(20)),
        ("'héllo'[1]", .string("é")),
        ("{a: count, 'b c': [flag]}", .record(["a": .int(3), "b c": .list([.bool(true)])])),
        ("-largest - 1 == smallest", .bool(true)),
    ])
    func values(source: String, value: Value) throws {
        #expect(try evaluated(source) == .success(value))
    }

    @Test func andOrShortCircuit() throws {
        // The right side would fail (division by zero, unknown name) but is never evaluated.
        #expect(try evaluated("false && 1 / 0 == 1") == .success(.bool(false)))
        #expect(try evaluated("true || nope") == .success(.bool(true)))
        #expect(try evaluated("flag ? 1 : 1 / 0") == .success(.int(1)))
    }

    @Test func lookupGoesThroughTheScope() throws {
        struct Slots: ValueScope {
            func value(of name: String) -> Value? { name == "x" ? .int(41) : nil }
        }
        #expect(try parsed("x + 1").evaluate(in: Slots()) == .success(.int(42)))
    }

    /// (source, kind, message, start, end)
    @Test(arguments: [
        (
            "largest + 1", EvaluationError.Kind.overflow,
            "`9223372036854775807 + 1` does not fit in an int (-9223372036854775808…9223372036854775807)", 0, 11
        ),
        (
            "smallest - 1", .overflow,
            "`-9223372036854775808 - 1` does not fit in an int (-9223372036854775808…9223372036854775807)", 0, 12
        ),
        (
            "largest * 2", .overflow,
            "`9223372036854775807 * 2` does not fit in an int (-9223372036854775808…9223372036854775807)", 0, 11
        ),
        (
            "smallest / -1", .overflow,
            "`-9223372036854775808 / -1` does not fit in an int (-9223372036854775808…9223372036854775807)", 0, 13
        ),
        ("-smallest", .overflow, "negating -9223372036854775808 does not fit in an int", 1, 9),
        ("1e308 * 10", .overflow, "`*` gives a number too large to represent", 0, 10),
        ("count / 0", .divisionByZero, "division by zero", 8, 9),
        ("count % (1 - 1)", .divisionByZero, "division by zero", 8, 15),
        ("price / 0.0", .divisionByZero, "division by zero", 8, 11),
        ("maybe.name", .nullValue, "`maybe` is null, so `.name` cannot be read", 0, 5),
        ("user.age.years", .nullValue, "`user.age` is null, so `.years` cannot be read", 0, 8),
        ("maybe[0]", .nullValue, "`maybe` is null, so it cannot be indexed", 0, 5),
        ("user.age + 1", .nullValue, "`+` needs numbers, strings or lists, not null", 0, 8),
        ("user.age > 1", .typeMismatch, "`>` compares two numbers or two strings, not null and an int", 0, 8),
        ("[1, 2][2]", .indexOutOfRange, "index 2 is out of range for a list of 2 items", 7, 8),
        ("items[-1]", .indexOutOfRange, "index -1 is out of range for a list of 1 items", 6, 8),
        ("title[6]", .indexOutOfRange, "index 6 is out of range for a string of 6 characters", 6, 7),
        ("!data", .typeMismatch, "`!` needs a bool, but the operand is an int", 1, 5),
        ("-title", .typeMismatch, "`-` needs an int or number, but the operand is a string", 1, 6),
        ("data.x", .typeMismatch, "`data` is an int, which has no field `x`", 0, 4),
        ("data[0]", .typeMismatch, "`data` is an int, which cannot be indexed", 0, 4),
        ("items['a']", .typeMismatch, "a list index must be an int, not a string", 6, 9),
        ("user[1]", .typeMismatch, "a record key must be a string, not an int", 5, 6),
        ("data && flag", .typeMismatch, "the left side of `&&` must be a bool, but it is an int", 0, 4),
        ("data ? 1 : 2", .typeMismatch, "the condition of `?:` must be a bool, but it is an int", 0, 4),
        ("title - 1", .typeMismatch, "`-` needs numbers, not a string", 0, 5),
        ("1 in data", .typeMismatch, "`in` needs a list, record or string on the right, not an int", 5, 9),
        ("1 in user", .typeMismatch, "`in` on a record needs a string on the left, not an int", 0, 1),
        ("nope + 1", .unknownName, "unknown name `nope`", 0, 4),
        ("nope(1)", .unknownFunction, "unknown function `nope`", 0, 4),
    ])
    func runtimeErrors(source: String, kind: EvaluationError.Kind, message: String, start: Int, end: Int) throws {
        #expect(try evaluationError(source) == EvaluationError(kind, message, at: TextRange(start, end)))
    }
}
