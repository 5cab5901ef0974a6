import Testing

@testable import SegueExpression

/// The examples of docs/expressions.md and the doc comments, run as written.
@Suite struct DocumentationExampleTests {
    @Test func swiftAPIExample() throws {
        let condition = try Expression.parse("len(trim(name)) > 0")
        let checker = TypeChecker(scope: TypeBindings(["name": .string]))
        #expect(checker.check(condition, expecting: .bool) == .success(.bool))
        #expect(condition.evaluate(in: ValueBindings(["name": .string(" Анна ")])) == .success(.bool(true)))
        let title = try Template.parse("Hi, ${name}!")
        #expect(checker.check(title) == .success(.string))
        #expect(title.evaluate(in: ValueBindings(["name": .string("Анна")])) == .success("Hi, Анна!"))
        #expect(try Expression.parse("len(name) > 0 && accepted").range == TextRange(0, 25))
        #expect(try Expression.parse("a + b * 2").description == "(a + (b * 2))")
    }

    @Test func yamlExamplesTypeCheck() throws {
        let photo = RecordType(name: "Photo", fields: [.init(name: "url", type: .string)])
        let user = RecordType(
            name: "User",
            fields: [.init(name: "name", type: .string), .init(name: "photos", type: .optional(.list(.record(photo))))])
        let form = RecordType(fields: [.init(name: "name", type: .string), .init(name: "link", type: .string)])
        let checker = TypeChecker(
            scope: TypeBindings([
                "form": .record(form), "user": .record(user), "count": .int, "price": .number,
            ]))
        #expect(
            checker.check(try Expression.parse("len(trim(form.name)) > 0 && is_url(form.link)"), expecting: .bool)
                == .success(.bool))
        #expect(
            checker.check(try Expression.parse("user.photos != null && !empty(user.photos)"), expecting: .bool)
                == .success(.bool))
        #expect(checker.check(try Expression.parse("count * price")) == .success(.number))
        #expect(checker.check(try Template.parse("Sent ${count} photos to ${user.name}")) == .success(.string))
        #expect(
            try TypeAnnotation.parse("list<Photo>?", knownNames: ["Photo"]) { $0 == "Photo" ? .record(photo) : nil }
                == .optional(.list(.record(photo))))
        let hint = try Template.parse("Write $${name} to insert the name")
        #expect(hint.literalText == "Write ${name} to insert the name")
    }
}
