import Foundation
import Testing

@testable import SegueExpression

/// `map<string, T>`: the type, its literals, indexing that may find nothing, and the functions on maps.
@Suite struct MapTests {
    static let take = RecordType(
        name: "Take", fields: [.init(name: "line", type: .string), .init(name: "volume", type: .number)])
    let scope = TypeBindings([
        "takes": .map(.record(MapTests.take)), "volumes": .map(.number), "name": .string,
        "list": .list(.record(MapTests.take)), "count": .int,
    ])
    let values = ValueBindings([
        "volumes": .record(["Hamlet": .number(0.5), "two words": .int(2)]),
        "takes": .record(["h1": .record(["line": .string("h1"), "volume": .number(1.5)])]),
    ])

    func type(_ source: String, expecting: ValueType? = nil) throws -> Result<ValueType, ExpressionDiagnostics> {
        TypeChecker(scope: scope).check(try parsed(source), expecting: expecting)
    }

    func messages(_ source: String) throws -> [String] {
        if case .failure(let problems) = try type(source) { return problems.messages }
        return []
    }

    @Test func mapTypesAreWrittenWithStringKeys() throws {
        #expect(try TypeAnnotation.parse("map<string, int>") { _ in nil } == .map(.int))
        #expect(try TypeAnnotation.parse("map<string, list<int>>?") { _ in nil } == .optional(.map(.list(.int))))
        #expect(try TypeAnnotation.parse("map") { _ in nil } == .map(.any))
        #expect(ValueType.map(.record(MapTests.take)).description == "map<string, Take>")
        #expect(throws: ExpressionDiagnostic.self) { try TypeAnnotation.parse("map<int, string>") { _ in nil } }
        do {
            _ = try TypeAnnotation.parse("map<int, string>") { _ in nil }
        } catch {
            #expect(error.message == "map keys are always `string`, not `int`: write `map<string, T>`")
            #expect(error.range == TextRange(4, 7))
        }
        #expect(throws: ExpressionDiagnostic.self) { try TypeAnnotation.parse("map<string int>") { _ in nil } }
    }

    @Test func aRecordLiteralIsAMapWhenEveryValueFits() throws {
        #expect(try type("{}", expecting: .map(.number)) == .success(.record(RecordType(fields: []))))
        #expect(try type("{Hamlet: 0.5, Ophelia: 1}", expecting: .map(.number)).map { _ in true } == .success(true))
        #expect(
            ValueType.record(RecordType(fields: [.init(name: "a", type: .string)])).isAssignable(to: .map(.int))
                == false)
        #expect(ValueType.record(MapTests.take).isAssignable(to: .map(.any)) == false, "a declared record is no map")
        #expect(ValueType.map(.int).isAssignable(to: .map(.number)))
        #expect(!ValueType.map(.number).isAssignable(to: .map(.int)))
    }

    @Test func indexingMayFindNothing() throws {
        #expect(try type("takes[name]") == .success(.optional(.record(MapTests.take))))
        #expect(try type("volumes['Hamlet'] ?? 1.0") == .success(.number))
        #expect(try type("takes['h1'] != null ? takes['h1'].volume : 1.0") == .success(.number))
        #expect(try messages("takes[count]") == ["a map key must be `string`, not `int`"])
        #expect(
            try messages("volumes.Hamlet")
                == [
                    "`map<string, number>` has no fields, so `.Hamlet` cannot be read; read a key with `[…]`, "
                        + "which gives `number?`"
                ])
        #expect(try messages("takes['h1'].volum") == ["`Take` has no field `volum`; did you mean `volume`?"])
        let found = TypeChecker(scope: scope).analyze(try parsed("takes['h1'].volume")).warnings
        #expect(found.map(\.kind) == [.optionalOperand], "a key may be missing, so its value may be null")
        #expect(
            TypeChecker(scope: scope).analyze(try parsed("'h1' in takes && takes['h1'].volume > 1")).warnings.isEmpty)
    }

    @Test func functionsKeepTheMapType() throws {
        #expect(try type("put(volumes, name, 0.5)") == .success(.map(.number)))
        #expect(try type("put(volumes, name, 1)") == .success(.map(.number)))
        #expect(
            try messages("put(volumes, name, 'loud')") == [
                "argument 3 of `put` must fit the map's `number`, not `string`"
            ])
        #expect(try type("remove(takes, name)") == .success(.map(.record(MapTests.take))))
        #expect(try type("keys(volumes)") == .success(.list(.string)))
        #expect(try type("values(volumes)") == .success(.list(.number)))
        #expect(try type("len(volumes) + 1") == .success(.int))
        #expect(try type("name in takes") == .success(.bool))
        #expect(
            try messages("count in takes") == [
                "`in` on a `map<string, Take>` needs a `string` key on the left, not `int`"
            ])
        #expect(try type("index_by(list, 'line')") == .success(.map(.record(MapTests.take))))
    }

    @Test func mapsAreRecordValuesAtRunTime() throws {
        #expect(try parsed("volumes['Hamlet']").evaluate(in: values) == .success(.number(0.5)))
        #expect(try parsed("volumes['Ophelia'] ?? 1.0").evaluate(in: values) == .success(.number(1.0)))
        #expect(
            try parsed("keys(volumes)").evaluate(in: values)
                == .success(.list([.string("Hamlet"), .string("two words")])))
        #expect(try parsed("values(volumes)").evaluate(in: values) == .success(.list([.number(0.5), .int(2)])))
        #expect(
            try parsed("put(volumes, 'Ophelia', 1)").evaluate(in: values)
                == .success(.record(["Hamlet": .number(0.5), "two words": .int(2), "Ophelia": .int(1)])))
        #expect(try parsed("remove(takes, 'h1')").evaluate(in: values) == .success(.record([:])))
        #expect(try parsed("'h1' in takes").evaluate(in: values) == .success(.bool(true)))
    }

    @Test func aMapPrintsAsALiteralThatReadsBack() throws {
        let volumes = try #require(values.value(of: "volumes"))
        #expect(volumes.description == "{Hamlet: 0.5, \"two words\": 2}")
        let reread = try parsed(volumes.description).evaluate(in: ValueBindings())
        #expect(reread == .success(volumes))
    }

    @Test func aMapSurvivesJSON() throws {
        let takes = try #require(values.value(of: "takes"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(takes)
        #expect(String(decoding: json, as: UTF8.self) == #"{"h1":{"line":"h1","volume":1.5}}"#)
        #expect(try JSONDecoder().decode(Value.self, from: json) == takes)
    }
}
