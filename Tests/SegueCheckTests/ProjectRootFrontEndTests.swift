import Foundation
import SegueCheck
import SegueDiagnostics
import SegueFrontEnd
import Testing

/// Imports and fixture paths are read only inside the project root; what is outside is named at its key, never
/// quoted, and a missing file outside reads exactly like an existing one.
@Suite struct ProjectRootFrontEndTests {
    /// `project/` (the flow's folder) beside `outside/`, which holds a secret; removed afterwards.
    private func inProject(_ body: (_ project: String, _ outside: String) throws -> Void) throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fe-root-\(UUID())").path
        for folder in [top + "/project/lib", top + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: top) }
        try write("segue: 1\ncomponents:\n  card:\n    elements: []\n", to: top + "/project/lib/cards.yaml")
        try write("TOKEN=hunter2\nsegue: [\n", to: top + "/outside/secret.yaml")
        try body(top + "/project", top + "/outside")
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func flow(imports: [String], services: String = "") -> String {
        """
        segue: 1
        flow: f
        start: main
        imports: [\(imports.joined(separator: ", "))]
        \(services)
        screens:
          main:
            elements: []
        """
    }

    /// The file's diagnostics as `code line:col message`, after checking none quotes the secret.
    private func problems(_ path: String, root: ProjectRoot? = nil) -> [String] {
        let parsed = FrontEnd(root: root).read(path: path)
        let rendered = DiagnosticRenderer(format: .human, sources: parsed.sources).render(parsed.diagnostics)
        #expect(!rendered.contains("hunter2"), "\(rendered)")
        #expect(!parsed.sources.contains { String(decoding: $0.bytes, as: UTF8.self).contains("hunter2") })
        return parsed.diagnostics.map { "\($0.code) \($0.range.start.line):\($0.range.start.column) \($0.message)" }
    }

    @Test func importsOutsideTheRootAreNamedNeverRead() throws {
        try inProject { project, outside in
            try FileManager.default.createSymbolicLink(atPath: project + "/outdir", withDestinationPath: outside)
            try FileManager.default.createSymbolicLink(
                atPath: project + "/secret.yaml", withDestinationPath: outside + "/secret.yaml")
            let imports = [
                outside + "/secret.yaml", "../outside/secret.yaml", "outdir/secret.yaml", "secret.yaml",
                "/proc/self/environ",
            ]
            try write(flow(imports: imports), to: project + "/f.yaml")
            let found = problems(project + "/f.yaml")
            #expect(
                found
                    == imports.map {
                        "M008 4:\(columnOf($0, in: imports)) `imports:` names `\($0)`, outside the project root `\(project)`"
                    },
                "\(found)")
        }
    }

    private func columnOf(_ name: String, in imports: [String]) -> Int {
        "imports: [".count + 1 + imports.prefix { $0 != name }.reduce(0) { $0 + $1.count + 2 }
    }

    @Test func aMissingFileOutsideReadsLikeAnExistingOne() throws {
        try inProject { project, outside in
            try write(flow(imports: ["../outside/secret.yaml"]), to: project + "/a.yaml")
            try write(flow(imports: ["../outside/nothing.yaml"]), to: project + "/b.yaml")
            let existing = problems(project + "/a.yaml").map { $0.replacingOccurrences(of: "secret", with: "X") }
            let missing = problems(project + "/b.yaml").map { $0.replacingOccurrences(of: "nothing", with: "X") }
            #expect(existing == missing)
            #expect(existing.count == 1)
        }
    }

    @Test func aLinkInsideTheRootIsFollowed() throws {
        try inProject { project, _ in
            try FileManager.default.createSymbolicLink(atPath: project + "/shared", withDestinationPath: "lib")
            try write(flow(imports: ["shared/cards.yaml"]), to: project + "/f.yaml")
            #expect(problems(project + "/f.yaml") == [])
            #expect(FrontEnd().read(path: project + "/f.yaml").imported.components.map(\.name.text) == ["card"])
        }
    }

    @Test func aWiderRootAdmitsAnImportFromBesideTheFlow() throws {
        try inProject { project, _ in
            try FileManager.default.createDirectory(atPath: project + "/app", withIntermediateDirectories: true)
            try write(flow(imports: ["../lib/cards.yaml"]), to: project + "/app/f.yaml")
            #expect(problems(project + "/app/f.yaml").count == 1)
            #expect(problems(project + "/app/f.yaml", root: ProjectRoot(project)) == [])
        }
    }

    @Test func fixturePathsOutsideTheRootAreNamedAtTheirKeys() throws {
        try inProject { project, outside in
            try FileManager.default.createSymbolicLink(atPath: project + "/etcdir", withDestinationPath: "/etc")
            let services = """
                services:
                  s: { kind: custom, fixture: \(outside)/secret.yaml, operations: { go: {} } }
                  st: { kind: store, configuration: etcdir/hostname }
                  ph: { kind: photos, sample_photo: ../outside/nothing.png }
                  au: { kind: audio, input: /etc/passwd }
                """
            try write(flow(imports: [], services: services), to: project + "/f.yaml")
            let found = problems(project + "/f.yaml").map { $0.components(separatedBy: " outside the ")[0] }
            #expect(
                found == [
                    "C004 6:31 `fixture:` names `\(outside)/secret.yaml`,",
                    "C004 7:37 `configuration:` names `etcdir/hostname`,",
                    "C004 8:37 `sample_photo:` names `../outside/nothing.png`,",
                    "C004 9:29 `input:` names `/etc/passwd`,",
                ], "\(found)")
        }
    }

    @Test func aProgramIsLookedForOnlyInsideTheRoot() throws {
        try inProject { project, outside in
            func codes(program: String) throws -> [String] {
                let services = "services:\n  s: { kind: custom, command: [\(program)], operations: { go: {} } }"
                try write(flow(imports: [], services: services), to: project + "/f.yaml")
                return problems(project + "/f.yaml").map { String($0.prefix { $0 != ":" }) }
            }
            // Outside, nothing is said either way: the check must not tell whether a file exists.
            let existing = try codes(program: outside + "/secret.yaml")
            let missing = try codes(program: outside + "/absent")
            let inside = try codes(program: "./absent.py")
            #expect(existing == [] && missing == [])
            #expect(inside == ["C004 6"])
        }
    }

    @Test func aFlowFoundInAFolderMayNotLinkOutOfIt() throws {
        try inProject { project, outside in
            try write("segue: 1\nflow: g\nstart: m\nscreens: { m: { elements: [] } }\n", to: outside + "/g.yaml")
            try FileManager.default.createSymbolicLink(
                atPath: project + "/g.yaml", withDestinationPath: outside + "/g.yaml")
            let loaded = try FlowLoader().loadDirectory(project)
            let messages = loaded.diagnostics.map(\.message)
            #expect(messages == ["the flow file `\(project)/g.yaml` is outside the project root `\(project)`"])
        }
    }
}
