import Testing

@testable import SegueExpression

@Suite struct ValueTypeTests {
    static let point = RecordType(fields: [.init(name: "x", type: .int), .init(name: "y", type: .int)])

    @Test func assignability() {
        #expect(ValueType.int.isAssignable(to: .number))
        #expect(!ValueType.number.isAssignable(to: .int))
        #expect(ValueType.null.isAssignable(to: .optional(.string)))
        #expect(!ValueType.null.isAssignable(to: .string))
        #expect(ValueType.string.isAssignable(to: .optional(.string)))
        #expect(!ValueType.optional(.string).isAssignable(to: .string))
        #expect(ValueType.int.isAssignable(to: .optional(.number)))
        #expect(ValueType.any.isAssignable(to: .int))
        #expect(ValueType.list(.int).isAssignable(to: .any))
        #expect(ValueType.list(.int).isAssignable(to: .list(.number)))
        #expect(!ValueType.list(.string).isAssignable(to: .list(.int)))
        #expect(!ValueType.bool.isAssignable(to: .string))
    }

    @Test func recordAssignability() {
        let profile = ValueType.record(Fixture.profile)
        let other = ValueType.record(RecordType(name: "Other", fields: Fixture.profile.fields))
        #expect(profile.isAssignable(to: profile))
        #expect(!profile.isAssignable(to: other))
        // An anonymous record fits a shape when every required field is there with a fitting type.
        let literal = ValueType.record(
            RecordType(fields: [.init(name: "name", type: .string), .init(name: "tags", type: .list(.string))]))
        #expect(literal.isAssignable(to: profile))
        let missingName = ValueType.record(RecordType(fields: [.init(name: "tags", type: .list(.string))]))
        #expect(!missingName.isAssignable(to: profile))
        #expect(.record(Self.point) == ValueType(of: .record(["x": .int(1), "y": .int(2)])))
    }

    @Test func joining() {
        #expect(ValueType.int.joined(with: .number) == .number)
        #expect(ValueType.null.joined(with: .string) == .optional(.string))
        #expect(ValueType.optional(.int).joined(with: .number) == .optional(.number))
        #expect(ValueType.string.joined(with: .int) == nil)
        #expect(ValueType.list(.int).joined(with: .list(.number)) == .list(.number))
        #expect(ValueType.any.joined(with: .bool) == .any)
    }

    @Test func typesOfValues() {
        #expect(ValueType(of: .list([.int(1), .number(2)])) == .list(.number))
        #expect(ValueType(of: .list([])) == .list(.any))
        #expect(ValueType(of: .list([.int(1), .string("a")])) == .list(.any))
        #expect(ValueType(of: .list([.null, .string("a")])) == .list(.optional(.string)))
    }

    @Test func descriptions() {
        #expect(ValueType.optional(.list(.string)).description == "list<string>?")
        #expect(ValueType.record(Fixture.profile).description == "Profile")
        #expect(ValueType.record(Self.point).description == "{x: int, y: int}")
        #expect(ValueType.optional(.int).madeOptional == .optional(.int))
    }
}

@Suite struct TypeAnnotationTests {
    static let profile = ValueType.record(Fixture.profile)

    func parse(_ text: String) throws(ExpressionDiagnostic) -> ValueType {
        try TypeAnnotation.parse(text, knownNames: ["Profile"]) { $0 == "Profile" ? Self.profile : nil }
    }

    func error(_ text: String) -> ExpressionDiagnostic? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryForm() throws {
        #expect(try parse("string") == .string)
        #expect(try parse("int") == .int)
        #expect(try parse("number") == .number)
        #expect(try parse("bool") == .bool)
        #expect(try parse("any") == .any)
        #expect(try parse("int?") == .optional(.int))
        #expect(try parse("int??") == .optional(.int))
        #expect(try parse("list<string>") == .list(.string))
        #expect(try parse(" list < list<int> > ") == .list(.list(.int)))
        #expect(try parse("list") == .list(.any))
        #expect(try parse("[string]") == .list(.string))
        #expect(try parse("[Profile]?") == .optional(.list(Self.profile)))
        #expect(try parse("list<int?>") == .list(.optional(.int)))
        #expect(try parse("Profile") == Self.profile)
    }

    @Test(arguments: [
        ("strng", "X050", "unknown type `strng`; did you mean `string`?", 0, 5),
        ("list<Profil>", "X050", "unknown type `Profil`; did you mean `Profile`?", 5, 11),
        ("Zebra", "X050", "unknown type `Zebra`", 0, 5),
        ("list<int", "X051", "expected `>` to close `list<`", 8, 8),
        ("[int", "X051", "expected `]` to close the list type `[…]`", 4, 4),
        ("int>", "X051", "unexpected `>` after the type", 3, 4),
        ("", "X051", "expected a type", 0, 0),
        ("?", "X051", "expected a type, found `?`", 0, 1),
    ])
    func errors(text: String, code: String, message: String, start: Int, end: Int) {
        let diagnostic = error(text)
        #expect(diagnostic?.code == code)
        #expect(diagnostic?.message == message)
        #expect(diagnostic?.range == TextRange(start, end))
    }

    @Test func unknownTypeCarriesTheReplacement() {
        #expect(error("strng")?.replacement == "string")
    }
}
