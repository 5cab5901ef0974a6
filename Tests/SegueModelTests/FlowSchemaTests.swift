import Foundation
import SegueDiagnostics
import SegueExpression
import SegueYAML
import Testing

@testable import SegueModel

enum SchemaValidator {
    static let available: Bool = (try? FlowSchemaTests.run(["-c", "import jsonschema"]).status) == 0
}

/// A cross-check of the Swift validator of the drift test (SegueCheckTests/VocabularyDriftTests): every example
/// flow validates against the committed schema with Python's `jsonschema` (which `.ci/run` installs and fails
/// without), and a broken flow does not.
@Suite(.enabled(if: SchemaValidator.available, "python3 with the jsonschema package is not installed"))
struct FlowSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The flow as JSON, read by Segue's own YAML loader (YAML 1.2: `on:` stays a string key).
    func json(ofFlow relativePath: String) throws -> Data {
        let url = Self.root.appendingPathComponent(relativePath)
        let file = SourceFile(path: relativePath, bytes: Array(try Data(contentsOf: url)))
        let root = try #require(YAMLLoader().load(file).root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(root.plainValue)
    }

    /// Validates a document on standard input against the schema; prints the first error.
    func validate(_ document: Data) throws -> (status: Int32, output: String) {
        let schema = Self.root.appendingPathComponent("schema/segue-flow.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(json.load(sys.stdin)), key=str)
            for error in errors[:1]:
                print("/".join(map(str, error.absolute_path)), error.message[:300])
            sys.exit(1 if errors else 0)
            """
        return try Self.run(["-c", script, schema], input: document)
    }

    @Test(arguments: ["flows/donate.yaml", "flows/pictone.yaml", "examples/hello/hello.yaml"])
    func exampleFlowsMatchTheSchema(_ path: String) throws {
        let result = try validate(try json(ofFlow: path))
        #expect(result.status == 0, "\(path): \(result.output)")
    }

    @Test func aFlowWithAnUnknownActionDoesNot() throws {
        let broken = #"{"segue": 1, "flow": "f", "start": "a", "screens": {"a": {"on_enter": [{"presnt": "a"}]}}}"#
        let result = try validate(Data(broken.utf8))
        #expect(result.status == 1)
        #expect(result.output.contains("screens/a/on_enter"))
    }

    @Test func theSchemaIsValidDraft202012() throws {
        let script = """
            import json, sys, jsonschema
            jsonschema.Draft202012Validator.check_schema(json.load(sys.stdin))
            """
        let result = try Self.run(["-c", script], input: Data(Vocabulary.jsonSchema().rendered().utf8))
        #expect(result.status == 0, "\(result.output)")
    }
}
