import Testing

@testable import SegueExpression

/// A read of a computed field, once lowered, computes it from the record it is read on, with no help from the scope.
@Suite struct ComputedFieldEvaluationTests {
    static let person = RecordType(
        name: "Person", fields: [.init(name: "name", type: .string), .init(name: "surname", type: .string)],
        computed: [.init(name: "full_name", type: .string), .init(name: "shout", type: .string)])
    static func fields() throws -> ComputedFields {
        ComputedFields(
            record: "Person",
            bodies: ["full_name": try parsed("name + ' ' + surname"), "shout": try parsed("upper(full_name)")],
            types: ["full_name": .string, "shout": .string])
    }

    func value(_ source: String, _ person: Value) throws -> Result<Value, EvaluationError> {
        let expression = try parsed(source)
        let analysis = TypeChecker(scope: TypeBindings(["p": .optional(.record(Self.person))])).analyze(expression)
        #expect((try? analysis.type.get()) != nil)
        let lowered = expression.lowering(analysis.computedReads, fields: ["Person": try Self.fields()])
        return lowered.evaluate(in: ValueBindings(["p": person]))
    }

    @Test func aComputedFieldIsTypedAndComputedFromTheRecord() throws {
        let ann: Value = .record(["name": .string("Ann"), "surname": .string("Lee")])
        #expect(
            TypeChecker(scope: TypeBindings(["p": .record(Self.person)])).check(try parsed("p.full_name"))
                == .success(.string))
        #expect(try value("p.full_name", ann) == .success(.string("Ann Lee")))
        #expect(try value("p['shout'] + '!'", ann) == .success(.string("ANN LEE!")))
        // A stray stored key of that name is not what a read sees.
        let stray: Value = .record(["name": .string("Ann"), "surname": .string("Lee"), "full_name": .string("X")])
        #expect(try value("p.full_name", stray) == .success(.string("Ann Lee")))
    }

    @Test func readingOneOnNullOrFailingInsideIsAnErrorSayingSo() throws {
        guard case .failure(let null) = try value("p.full_name", .null) else {
            Issue.record("reading a computed field of null succeeded")
            return
        }
        #expect(null.message == "`p` is null, so `.full_name` cannot be read")
        let nameless: Value = .record(["surname": .string("Lee")])
        let failure = try value("p.shout", nameless)
        guard case .failure(let error) = failure else {
            Issue.record("expected a failure, got \(failure)")
            return
        }
        #expect(error.message.hasPrefix("computing `p.shout`: computing `full_name`:"), "\(error.message)")
    }
}
