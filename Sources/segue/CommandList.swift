/// Every subcommand, in the order `segue help` lists them.
enum CommandList {
    static var all: [any SegueCommand.Type] {
        [
            ValidateCommand.self,
            ReplSubcommand.self,
            TestCommand.self,
            CheckCommand.self,
            SchemaCommand.self,
            DiagramCommand.self,
            ImportCommand.self,
            RenderCommand.self,
            AudioCommand.self,
            LspCommand.self,
            ServeCommand.self,
            TrustCommand.self,
            CompletionsCommand.self,
            HelpCommand.self,
        ]
    }

    static func named(_ name: String) -> (any SegueCommand.Type)? {
        all.first { $0.name == name }
    }
}
