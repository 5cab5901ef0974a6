import Foundation
import SegueModel

/// `segue schema`: the JSON Schema of the flow format, for editors (YAML language servers) and other tools, and the
/// docs' key tables, both generated from the vocabulary.
enum SchemaCommand: SegueCommand {
    static let name = "schema"
    static let summary = "Print the JSON Schema (draft 2020-12) of flow files; regenerate the docs' key tables"
    static let synopsis = ["[-o|--output FILE | --check FILE]", "--docs FILE [--check]"]
    static let about = """
        Prints the JSON Schema of the flow format to standard output, generated from the language's
        vocabulary. Point your editor's YAML language server at it, e.g. with a first line in the flow file:

            # yaml-language-server: $schema=segue-flow.schema.json
        """
    static let options = [
        CommandOption("--output", "-o", value: "FILE", help: "write the schema to FILE instead"),
        CommandOption(
            "--check", help: "with FILE: exit 1 when FILE is not the schema this tool generates; with --docs: exit 1",
            "when the key tables are stale"),
        CommandOption(
            "--docs", value: "FILE", help: "regenerate the key tables between `<!-- vocabulary: NAME -->` and",
            "`<!-- /vocabulary -->` markers in FILE"),
    ]
    static let notes = ""

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue schema: \(error)\n\(usage)")
            return 2
        }
        let output = parsed.options["--output"]
        let docs = parsed.options["--docs"]
        let check = parsed.switches.contains("--check")
        // `--check FILE`: the file is the one positional argument; nothing else takes one.
        let checked = check && docs == nil ? parsed.positional.first : nil
        if let extra = parsed.positional.dropFirst(checked == nil ? 0 : 1).first {
            printError("segue schema: unexpected argument `\(extra)`\n\(usage)")
            return 2
        }
        if let docs { return rewriteDocs(docs, check: check) }
        let schema = Vocabulary.jsonSchema().prettyText
        if let checked {
            guard let committed = try? String(contentsOfFile: checked, encoding: .utf8) else {
                printError("segue schema: cannot read \(checked)")
                return 2
            }
            guard committed == schema else {
                printError("segue schema: \(checked) is out of date; run `segue schema -o \(checked)` and commit")
                return 1
            }
            return 0
        }
        if check {
            printError("segue schema: --check needs a FILE\n\(usage)")
            return 2
        }
        guard let output else {
            print(schema, terminator: "")
            return 0
        }
        do {
            try schema.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            printError("segue schema: cannot write \(output): \(error.localizedDescription)")
            return 2
        }
        return 0
    }

    private static func rewriteDocs(_ path: String, check: Bool) -> Int32 {
        guard let markdown = try? String(contentsOfFile: path, encoding: .utf8) else {
            printError("segue schema: cannot read \(path)")
            return 2
        }
        let rewritten: String
        do {
            rewritten = try VocabularyDocs.rewrite(markdown)
        } catch {
            printError("segue schema: \(path): \(error)")
            return 2
        }
        if check {
            guard rewritten == markdown else {
                printError("segue schema: \(path)'s key tables are out of date; run `segue schema --docs \(path)`")
                return 1
            }
            return 0
        }
        do {
            try rewritten.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            printError("segue schema: cannot write \(path): \(error.localizedDescription)")
            return 2
        }
        return 0
    }
}
