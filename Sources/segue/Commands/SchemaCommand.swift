import SegueModel

/// `segue schema`: the JSON Schema of the flow format, for editors (YAML language servers) and other tools.
enum SchemaCommand: SegueCommand {
    static let name = "schema"
    static let summary = "Print the JSON Schema (draft 2020-12) of flow files"
    static let usage = """
        usage: segue schema

        Prints the JSON Schema of the flow format to standard output. Point your editor's YAML
        language server at it, e.g. with a first line in the flow file:

            # yaml-language-server: $schema=segue-flow.schema.json
        """

    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.isEmpty else {
            printError("segue schema: takes no arguments\n\(usage)")
            return 2
        }
        print(FlowSchema.json, terminator: "")
        return 0
    }
}
