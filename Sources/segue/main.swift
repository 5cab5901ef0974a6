import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] {
    arguments = ["help"]
}
if arguments == ["--version"] {
    print("segue \(segueVersion)")
    exit(0)
}
let name = arguments.removeFirst()
guard let selected = CommandList.named(name) else {
    let hint =
        CommandList.all.map { $0.name }.first { $0.hasPrefix(name) }.map { " (did you mean `segue \($0)`?)" } ?? ""
    printError("segue: unknown command `\(name)`\(hint); run `segue help` for the list")
    exit(2)
}
// `--help` before `--` asks for the usage; after it, `--help` is a file name (`segue validate -- --help`).
let options = arguments.prefix { $0 != "--" }
if options.contains("--help") || options.contains("-h") {
    print(selected.usage)
    exit(0)
}
if let synchronous = selected as? any SynchronousCommand.Type {
    exit(synchronous.runSynchronously(arguments))
}
exit(await selected.run(arguments))
