import Foundation
import SegueModel

/// `segue schema`: the JSON Schema of the flow format, for editors (YAML language servers) and other tools, and the
/// docs' key tables, both generated from the vocabulary.
enum SchemaCommand: SegueCommand {
    static let name = "schema"
    static let summary = "Print the JSON Schema (draft 2020-12) of flow files; regenerate the docs' key tables"
    static let usage = """
        usage: segue schema [-o|--output FILE | --check FILE]
               segue schema --docs FILE [--check]

        Prints the JSON Schema of the flow format to standard output, generated from the language's
        vocabulary. Point your editor's YAML language server at it, e.g. with a first line in the flow file:

            # yaml-language-server: $schema=segue-flow.schema.json

          -o, --output FILE  write the schema to FILE instead
          --check FILE       exit 1 when FILE is not the schema this tool generates
          --docs FILE        regenerate the key tables between `<!-- vocabulary: NAME -->` and
                             `<!-- /vocabulary -->` markers in FILE (with --check: exit 1 when stale)
        """

    static func run(_ arguments: [String]) async -> Int32 {
        var output: String?
        var checked: String?
        var docs: String?
        var check = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-o", "--output": output = rest.popFirst()
            case "--docs": docs = rest.popFirst()
            case "--check":
                check = true
                if docs == nil, let next = rest.first, !next.hasPrefix("-") { checked = rest.popFirst() }
            default:
                printError("segue schema: unexpected argument `\(argument)`\n\(usage)")
                return 2
            }
        }
        if let docs { return rewriteDocs(docs, check: check) }
        let schema = Vocabulary.jsonSchema().rendered()
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
