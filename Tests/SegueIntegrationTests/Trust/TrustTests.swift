import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueRender

/// Issue 31, trust: a flow's `command:` starts only in `repl`, `test` and `serve`, only for a trusted flow
/// (`--trust` or `segue trust DIR`), and only after it is named; commands that only read never start it.
@Suite(.serialized) struct TrustTests {
    /// A scratch folder holding a flow whose launch calls a command that leaves a mark (`started`) in the folder,
    /// a scenario of it, and a config folder for the trust list.
    struct Scratch {
        let folder: String
        let config: String
        var flow: String { folder + "/flows/marking.yaml" }
        var scenario: String { folder + "/flows/marking-scenario.yaml" }
        var mark: String { folder + "/flows/started" }
        var started: Bool { FileManager.default.fileExists(atPath: mark) }
        /// The environment a run gets: its trust list in the scratch config folder, never the user's.
        var environment: [String: String] { ["XDG_CONFIG_HOME": config] }

        init() throws {
            folder = NSTemporaryDirectory() + "segue-trust-" + UUID().uuidString
            config = folder + "/config"
            try FileManager.default.createDirectory(atPath: folder + "/flows", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try """
                touch started
                while read -r line; do
                  id=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/')
                  printf '{"id":%s,"ok":"marked"}\\n' "$id"
                done
                """.write(toFile: folder + "/flows/mark.sh", atomically: true, encoding: .utf8)
            try """
                segue: 1
                flow: marking
                start: main
                services:
                  marker:
                    kind: custom
                    command: [sh, mark.sh]
                    operations:
                      mark: { result: string }
                data:
                  said: { type: string, default: "''" }
                screens:
                  main:
                    on_enter:
                      - call: marker.mark
                        ok: [{ set: { said: result } }]
                        error: [{ set: { said: error.code } }]
                    elements:
                      - text: said
                        value: "${said}"
                """.write(toFile: flow, atomically: true, encoding: .utf8)
            try """
                scenario: the command answers
                flow: marking.yaml
                steps:
                  - launch
                  - expect: { data: { said: marked } }
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    // MARK: the trust list

    @Test func aTrustedFolderTrustsTheFoldersBelowItThroughLinksToo() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = TrustList(file: scratch.config + "/segue/trusted")
        #expect(try list.trusts(folder: scratch.folder + "/flows") == false)
        let (real, added) = try list.trust(scratch.folder + "/flows/..", home: "/nonexistent")
        #expect(added && real == TrustList.realPath(scratch.folder))
        #expect(try list.trust(scratch.folder, home: "/nonexistent").added == false)
        #expect(try list.trusts(folder: scratch.folder + "/flows"))
        #expect(try list.folders() == [real])
        // A link from elsewhere into the trusted folder is its real path; a sibling with the same prefix is not.
        let link = NSTemporaryDirectory() + "segue-trust-link-" + UUID().uuidString
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.folder + "/flows")
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(try list.trusts(folder: link))
        try FileManager.default.createDirectory(atPath: scratch.folder + "-sibling", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch.folder + "-sibling") }
        #expect(try list.trusts(folder: scratch.folder + "-sibling") == false)
        let info = try FileManager.default.attributesOfItem(atPath: list.file)
        #expect((info[.posixPermissions] as? Int) == 0o600)
        #expect(try list.revoke(scratch.folder + "/flows") == nil, "only the entry itself is revoked")
        #expect(try list.entry(covering: scratch.folder + "/flows") == real)
        #expect(try list.revoke(scratch.folder) == real)
        #expect(try list.trusts(folder: scratch.folder + "/flows") == false)
    }

    @Test func theRootTheHomeFolderAndPathsWithLineBreaksAreRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = TrustList(file: scratch.config + "/segue/trusted")
        #expect(throws: TrustList.Problem.self) { try list.trust("/", home: "/nonexistent") }
        #expect(throws: TrustList.Problem.self) { try list.trust(scratch.folder, home: scratch.folder + "/flows") }
        let broken = scratch.folder + "/a\n/etc"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        #expect(throws: TrustList.Problem.self) { try list.trust(broken, home: "/nonexistent") }
        #expect(throws: TrustList.Problem.self) { try list.trust(scratch.flow, home: "/nonexistent") }
        #expect(try list.folders().isEmpty)
    }

    @Test func aListOthersCanWriteIsIgnored() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = TrustList(file: scratch.config + "/segue/trusted")
        try list.trust(scratch.folder, home: "/nonexistent")
        chmod(list.file, 0o666)
        #expect(throws: TrustList.Problem.self) { try list.trusts(folder: scratch.folder) }
    }

    @Test func theListLivesUnderXDGConfigHomeElseHome() {
        #expect(TrustList.defaultFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/segue/trusted")
        #expect(
            TrustList.defaultFile(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
                == "/h/.config/segue/trusted")
        #expect(TrustList.defaultFile(environment: [:]) == nil)
    }

    // MARK: the services

    @Test func withoutTrustNoServicesAreBuiltAndRenderAnswersNotStarted() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let loaded = FlowLoader().load(path: scratch.flow)
        let flow = try #require(loaded.flow)
        await #expect(throws: EmbeddedServices.Failure.self) {
            try await EmbeddedServices.make(for: flow, options: ServiceOptions())
        }
        let reach = FlowReach(flow: flow, options: ServiceOptions())
        #expect(reach.lines == ["service `marker` runs `sh mark.sh` in \(TrustList.realPath(scratch.folder)!)/flows"])
        let screens = try await RenderRequest(root: scratch.folder).render(flowPath: scratch.flow)
        #expect(screens.map(\.name) == ["main"])
        #expect(screens[0].svg.contains("not_started"))
        #expect(!scratch.started)
    }

    @Test func aCommandsWordsAreQuotedAndItsControlCharactersEscaped() async throws {
        #expect(FlowReach.shellText(["python3", "lib.py"]) == "python3 lib.py")
        #expect(FlowReach.shellText(["sh", "-c", "rm -rf ~; echo 'x'"]) == #"sh -c 'rm -rf ~; echo '\''x'\'''"#)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = try String(contentsOfFile: scratch.flow, encoding: .utf8)
        try text.replacingOccurrences(of: "[sh, mark.sh]", with: #"[sh, "\e]52;c;aGk=\ax\u202E"]"#)
            .write(toFile: scratch.flow, atomically: true, encoding: .utf8)
        let flow = try #require(FlowLoader().load(path: scratch.flow).flow)
        let line = FlowReach(flow: flow, options: ServiceOptions()).lines.joined()
        #expect(!line.unicodeScalars.contains { [0x1B, 0x07, 0x202E].contains($0.value) })
        #expect(line.contains(#"'\u{1B}]52;c;aGk=\u{7}x\u{202E}'"#), "\(line)")
    }

    // MARK: the command line

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func replRefusesAnUntrustedCommandAndSaysHowToTrustIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await segue(["repl", scratch.flow, "--fresh"], environment: scratch.environment)
        let real = TrustList.realPath(scratch.folder)! + "/flows"
        #expect(run.status == 2)
        #expect(!scratch.started)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.first == "segue repl: service `marker` runs `sh mark.sh` in \(real)")
        #expect(lines.dropFirst().first == "segue repl: not starting the commands above: the folder \(real) is not trusted")
        #expect(run.error.contains("run again with --trust (this run only), or trust the folder: segue trust \(real)"))
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func replStartsTheCommandWithTrustOrFromATrustedFolder() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let once = try await segue(["repl", scratch.flow, "--fresh", "--trust"], environment: scratch.environment)
        #expect(once.status == 0, "\(once.error)")
        #expect(once.error.hasPrefix("segue repl: service `marker` runs `sh mark.sh` in "))
        #expect(once.output.contains("marked"))
        #expect(scratch.started)
        try FileManager.default.removeItem(atPath: scratch.mark)
        let trust = try await segue(["trust", scratch.folder], environment: scratch.environment)
        #expect(trust.status == 0 && trust.output.hasPrefix("trusted "), "\(trust.error)")
        let listed = try await segue(["trust", "--list"], environment: scratch.environment)
        #expect(listed.output == TrustList.realPath(scratch.folder)! + "\n")
        let trusted = try await segue(["repl", scratch.flow, "--fresh"], environment: scratch.environment)
        #expect(trusted.status == 0, "\(trusted.error)")
        #expect(scratch.started)
        try FileManager.default.removeItem(atPath: scratch.mark)
        #expect(try await segue(["trust", "--revoke", scratch.folder], environment: scratch.environment).status == 0)
        #expect(try await segue(["repl", scratch.flow, "--fresh"], environment: scratch.environment).status == 2)
        #expect(!scratch.started)
    }

    /// `.segue/config.json` in the working directory (`segue repl`'s default data directory) may have come with a
    /// cloned repository: the server it names is called only from a trusted folder.
    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func replCallsNoServerAnUntrustedConfigFileNames() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = scratch.folder + "/.segue"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Data(#"{"api_url": "http://127.0.0.1:9/api"}"#.utf8).write(to: URL(fileURLWithPath: data + "/config.json"))
        let flow = ReplFixture.root + "/flows/donate.yaml"
        let refused = try await segue(["repl", flow, "--data-dir", data], environment: scratch.environment)
        let real = TrustList.realPath(data)!
        #expect(refused.status == 2)
        #expect(refused.error.contains("service board → http://127.0.0.1:9/api (from \(data)/config.json"))
        #expect(refused.error.contains("segue repl: not calling the server above: the folder \(real) is not trusted"))
        #expect(try await segue(["trust", scratch.folder], environment: scratch.environment).status == 0)
        let trusted = try await segue(["repl", flow, "--data-dir", data], environment: scratch.environment)
        #expect(!trusted.error.contains("not trusted"), "\(trusted.error)")
        #expect(trusted.status == 0, "\(trusted.error)")
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func segueTestNamesAndRefusesBeforeAnyScenarioRuns() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let refused = try await segue(["test", scratch.scenario], environment: scratch.environment)
        #expect(refused.status == 2)
        #expect(refused.output.isEmpty, "no scenario ran: \(refused.output)")
        #expect(refused.error.contains("segue test: service `marker` runs `sh mark.sh`"))
        #expect(!scratch.started)
        let trusted = try await segue(["test", scratch.scenario, "--trust"], environment: scratch.environment)
        #expect(trusted.status == 0, "\(trusted.output)\(trusted.error)")
        #expect(trusted.output.contains("pass the command answers"))
        #expect(scratch.started)
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func serveRefusesAnUntrustedCommandBeforeListening() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await segue(["serve", scratch.flow, "--port", "0"], environment: scratch.environment)
        #expect(run.status == 2)
        #expect(!run.output.contains("http://"))
        #expect(run.error.contains("segue serve: not starting the commands above"))
        #expect(!scratch.started)
    }

    @Test(.enabled(if: segueExecutable != nil, "build `segue` first"))
    func commandsThatOnlyReadNeverStartIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.folder + "/out"
        for arguments in [
            ["validate", scratch.flow], ["check", scratch.flow], ["diagram", scratch.flow],
            ["render", scratch.flow, "--out", out], ["render", scratch.flow, "--scenario", scratch.scenario,
            "--step", "1", "--out", out],
        ] {
            let run = try await segue(arguments, environment: scratch.environment)
            #expect(!run.error.contains("runs `sh mark.sh`"), "\(arguments)")
            #expect(!scratch.started, "\(arguments): \(run.output)\(run.error)")
        }
    }
}
