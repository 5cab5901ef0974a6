import Foundation
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueYAML
import Testing

private let pythonHasJSONSchema: Bool =
    (try? PythonSchemaCrossCheckTests.python(["-c", "import jsonschema"]).status) == 0

/// A cross-check of the drift test's Swift validator with Python's `jsonschema` (which `.ci/run` installs and fails
/// without): the generated schema is valid draft 2020-12, and both validators give the same verdict on every
/// shipped flow and every corpus file the drift test compares.
@Suite(.enabled(if: pythonHasJSONSchema, "python3 with the jsonschema package is not installed"))
struct PythonSchemaCrossCheckTests {
    static func python(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
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

    @Test func bothValidatorsGiveTheSameVerdictOnEveryFile() throws {
        let paths = VocabularyDriftTests.validFlows + VocabularyDriftTests.comparableInvalidFiles
        let documents = try paths.map { try VocabularyDriftTests.document($0) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let batch = try encoder.encode([Value.string(Vocabulary.jsonSchema().prettyText), .list(documents)])
        let script = """
            import json, sys, jsonschema
            text, documents = json.load(sys.stdin)
            schema = json.loads(text)
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            print(json.dumps([validator.is_valid(document) for document in documents]))
            """
        let result = try Self.python(["-c", script], input: batch)
        #expect(result.status == 0, "\(result.output)")
        let verdicts = try JSONDecoder().decode([Bool].self, from: Data(result.output.utf8))
        #expect(verdicts.count == paths.count)
        for (index, path) in paths.enumerated() where index < verdicts.count {
            let swift = VocabularyDriftTests.validator.firstError(documents[index])
            #expect(
                verdicts[index] == (swift == nil),
                "\((path as NSString).lastPathComponent): jsonschema says \(verdicts[index]), Swift says \(swift ?? "valid")"
            )
        }
        #expect(verdicts.contains(false) && verdicts.contains(true))
    }
}
