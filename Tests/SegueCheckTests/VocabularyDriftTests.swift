import Foundation
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueYAML
import Testing

/// The generated JSON Schema and the decoder agree on every corpus file and every shipped flow, checked with the
/// Swift validator (never skipped).
///
/// The rule: a file whose expected diagnostics include a structural code (below) must be rejected by the schema; a
/// file whose expected diagnostics are all the checker's (C…, X…) or an import's (M008) has a well-formed structure
/// and must be accepted, as must every valid flow. Files with YAML errors (Y…) have no document to compare.
@Suite struct VocabularyDriftTests {
    /// Unknown key, wrong node kind, missing key, value not allowed, version, unknown kind, conflicting keys,
    /// refused key: everything the schema can say.
    static let structuralCodes: Set<String> = ["M001", "M002", "M003", "M004", "M005", "M006", "M007", "M009"]

    static let validator = SchemaValidator(root: Vocabulary.jsonSchema())

    static func document(_ path: String) throws -> Value {
        let file = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return try #require(YAMLLoader().load(file).root).plainValue
    }

    static var comparableInvalidFiles: [String] {
        Corpus.files("invalid").filter { path in
            let codes = (try? String(contentsOfFile: path, encoding: .utf8)).map(Expectation.parse) ?? []
            return !codes.contains { $0.code.hasPrefix("Y") }
        }
    }

    static var validFlows: [String] {
        let repository = Corpus.repository
        let shipped = ["flows/donate.yaml", "flows/pictone.yaml", "examples/hello/hello.yaml"].map {
            repository.appendingPathComponent($0).path
        }
        return shipped + Corpus.files("valid") + Corpus.files("imports")
    }

    @Test(arguments: comparableInvalidFiles)
    func theSchemaAgreesWithTheDecoder(path: String) throws {
        let expected = Expectation.parse(try String(contentsOfFile: path, encoding: .utf8))
        let structural = expected.filter { Self.structuralCodes.contains($0.code) }
        let error = Self.validator.firstError(try Self.document(path))
        let name = (path as NSString).lastPathComponent
        if structural.isEmpty {
            #expect(error == nil, "\(name): the decoder accepts its structure but the schema says \(error ?? "")")
        } else {
            #expect(error != nil, "\(name): the decoder reports \(structural) but the schema accepts it")
        }
    }

    @Test(arguments: validFlows)
    func everyValidFlowMatchesTheSchema(path: String) throws {
        let error = Self.validator.firstError(try Self.document(path))
        #expect(error == nil, "\((path as NSString).lastPathComponent): \(error ?? "")")
    }

    @Test func theRuleCoversBothSides() {
        let files = Self.comparableInvalidFiles.map { path in
            Expectation.parse((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").map(\.code)
        }
        #expect(files.filter { $0.contains(where: Self.structuralCodes.contains) }.count >= 10)
        #expect(files.filter { !$0.contains(where: Self.structuralCodes.contains) }.count >= 40)
    }

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(
            contentsOf: Corpus.repository.appendingPathComponent("schema/segue-flow.schema.json"), encoding: .utf8)
        #expect(
            committed == Vocabulary.jsonSchema().prettyText,
            "run `swift run segue schema -o schema/segue-flow.schema.json`")
    }

    @Test func theValidatorRejectsAKeywordItDoesNotKnow() {
        let validator = SchemaValidator(root: ["uniqueItems": .bool(true)])
        #expect(validator.firstError(.list([])) != nil)
    }
}
