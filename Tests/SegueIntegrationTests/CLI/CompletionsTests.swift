import Foundation
import SegueTestFixtures
import Testing

/// `segue completions bash|zsh|fish` and docs/cli.md's option tables come from the same option declarations as the
/// parser and the usage: what the usage lists, the completion offers and the docs show.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct CompletionsTests {
    static func installed(_ shell: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + shell }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The script for `shell` in a scratch file.
    static func script(_ shell: String) async throws -> URL {
        let result = try await segue(["completions", shell])
        #expect(result.status == 0, "\(result.error)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).\(shell)")
        try result.output.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs `shell` with `arguments`; its exit status and standard output.
    static func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(installed(shell)))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What bash's completion offers for `words`, the last being the word under the cursor.
    static func offered(_ words: [String], from file: URL) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _segue; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try run("bash", ["-c", line])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: installed("bash") != nil)) func bashCompletesCommandsOptionsAndValues() async throws {
        let file = try await Self.script("bash")
        defer { try? FileManager.default.removeItem(at: file) }
        let registered = try Self.run("bash", ["-c", "source '\(file.path)'; complete -p segue"])
        #expect(registered.output == "complete -o filenames -F _segue segue\n")
        #expect(try Self.offered(["segue", "va"], from: file) == ["validate"])
        #expect(try Self.offered(["segue", "validate", "--fo"], from: file) == ["--format"])
        #expect(try Self.offered(["segue", "validate", "--format", ""], from: file) == ["human", "json", "github", "sarif"])
        #expect(try Self.offered(["segue", "render", "--device", "iphone1"], from: file).contains("iphone15"))
        #expect(try Self.offered(["segue", "diagram", "-"], from: file).contains("-o"))
        #expect(try Self.offered(["segue", "completions", "z"], from: file) == ["zsh"])
        #expect(try Self.offered(["segue", "audio", "tr"], from: file) == ["trim"])
    }

    /// Every option a command's usage lists is one its completion offers.
    @Test(.enabled(if: installed("bash") != nil)) func theUsageAndTheCompletionNameTheSameOptions() async throws {
        let file = try await Self.script("bash")
        defer { try? FileManager.default.removeItem(at: file) }
        for command in ["validate", "check", "test", "repl", "serve", "render", "diagram", "lsp", "trust"] {
            let usage = try await segue(["help", command]).output
            let listed = Set(
                usage.split(separator: "\n").drop { $0 != "options:" }.dropFirst()
                    .compactMap { line -> String? in
                        guard line.hasPrefix("  -") else { return nil }
                        return line.dropFirst(2).split(separator: " ").first.map { String($0).trimmingCharacters(in: [","]) }
                    })
            #expect(!listed.isEmpty, "\(command)")
            let offered = Set(try Self.offered(["segue", command, "-"], from: file))
            #expect(listed.isSubset(of: offered), "\(command): \(listed.subtracting(offered))")
        }
    }

    @Test(.enabled(if: installed("zsh") != nil)) func theZshScriptParses() async throws {
        let file = try await Self.script("zsh")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.run("zsh", ["-n", file.path]).status == 0)
    }

    @Test(.enabled(if: installed("fish") != nil)) func theFishScriptParses() async throws {
        let file = try await Self.script("fish")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.run("fish", ["--no-execute", file.path]).status == 0)
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let result = try await segue(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.error.contains("name one shell: bash, zsh or fish"))
    }

    /// docs/cli.md's option tables are what the declarations generate (scripts/check-cli.sh in CI).
    @Test func theDocsOptionTablesAreCurrent() async throws {
        let result = try await segue(["help", "--docs", "docs/cli.md", "--check"])
        #expect(result.status == 0, "\(result.error)")
    }
}
