import Foundation
import SegueDiagnostics
import SegueModel
import SegueYAML

/// The fixture files a flow's services name (StoreKit configuration, sample photo, recording input, a custom
/// service's outcomes) exist and can be read, relative to the flow file; a missing one is `C004` at its key, before
/// anything runs. A custom service's outcomes file is also read: its problems are `C004` in that file.
enum FixtureCheck {
    /// What each service kind's fixture is, for the message.
    static let purposes: [ServiceDeclaration.Kind: String] = [
        .store: "StoreKit configuration", .photos: "sample photo", .audio: "recording input",
        .custom: "outcomes file",
    ]

    /// The problems, and the fixture files read (so diagnostics in them show their lines).
    static func check(_ flow: Flow, root: ProjectRoot) -> (diagnostics: [Diagnostic], sources: [SourceFile]) {
        var diagnostics: [Diagnostic] = []
        var sources: [SourceFile] = []
        for service in flow.services {
            if let command = service.command, let program = command.arguments.first, program.contains("/") {
                let path = program.hasPrefix("/") ? program : command.directory + "/" + program
                // Only a program inside the project root is looked at: the check must not tell a flow whether a
                // file elsewhere exists (a program elsewhere, `/usr/bin/python3`, is found when it is started).
                if root.locate(path) != .failure(.outside), case .failure(let failure) = FrontEnd.readableFile(path) {
                    diagnostics.append(
                        .error(
                            FrontEndCode.unreadableFixture,
                            "the program `\(program)` of service `\(service.name.text)` cannot be read: \(failure.reason)",
                            at: command.range,
                            notes: [DiagnosticNote("a program with a `/` is relative to the flow file: `\(path)`")]))
                }
            }
            guard let fixture = service.fixture else { continue }
            let purpose = purposes[service.kind] ?? "file"
            let file: SourceFile
            let key = (FlowDecoder.fixtureKeys[service.kind] ?? "fixture") + ":"
            let found =
                service.kind == .custom
                ? FrontEnd.readFile(
                    fixture.resolved, written: fixture.text, key: key, root: root,
                    limit: YAMLLimits.default.maxFileBytes)
                : readable(fixture, key: key, root: root)
            switch found {
            case .success(let read):
                file = read
            case .failure(let failure) where failure.outside:
                diagnostics.append(
                    .error(
                        FrontEndCode.unreadableFixture, failure.reason, at: fixture.range,
                        notes: [DiagnosticNote(ProjectRoot.outsideNote)]))
                continue
            case .failure(let failure):
                diagnostics.append(
                    .error(
                        FrontEndCode.unreadableFixture,
                        "the \(purpose) `\(fixture.text)` of service `\(service.name.text)` cannot be read: \(failure.reason)",
                        at: fixture.range,
                        notes: [DiagnosticNote("fixture paths are relative to the flow file: `\(fixture.resolved)`")]))
                continue
            }
            guard service.kind == .custom else { continue }
            sources.append(file)
            diagnostics += outcomeProblems(file, of: service)
        }
        return (diagnostics, sources)
    }

    /// Whether the fixture is a readable file inside the root (nothing is read: its service reads it when the flow
    /// runs, through the root again).
    private static func readable(_ fixture: FixturePath, key: String, root: ProjectRoot)
        -> Result<SourceFile, FrontEnd.ReadFailure>
    {
        root.check(fixture.resolved)
            .map { _ in SourceFile(path: fixture.resolved, text: "") }
            .mapError { FrontEnd.failure($0, written: fixture.text, key: key, root: root) }
    }

    /// The outcomes file's own problems, then operations and arguments the service does not declare.
    private static func outcomeProblems(_ file: SourceFile, of service: ServiceDeclaration) -> [Diagnostic] {
        let (read, problems) = ServiceFixtureReader.read(file)
        guard let fixture = read else { return problems }
        var diagnostics: [Diagnostic] = []
        let declared = service.operations.map(\.name.text)
        for (operation, range) in fixture.operationRanges.sorted(by: { $0.value.start < $1.value.start }) {
            guard let declaration = service.operation(named: operation) else {
                let hint = Suggestion.closest(to: operation, in: declared).map { "; did you mean `\($0)`?" } ?? ""
                diagnostics.append(
                    .error(
                        ServiceFixtureReader.code,
                        "service `\(service.name.text)` declares no operation `\(operation)`\(hint)", at: range))
                continue
            }
            let parameters = declaration.parameters.map(\.name.text)
            for rule in fixture.operations[operation] ?? [] {
                for name in rule.when.keys.sorted() where !parameters.contains(name) {
                    diagnostics.append(
                        .error(
                            ServiceFixtureReader.code,
                            "`when` names `\(name)`, which is no parameter of `\(service.name.text).\(operation)` "
                                + "(parameters: \(parameters.isEmpty ? "none" : parameters.joined(separator: ", ")))",
                            at: rule.range))
                }
            }
        }
        return diagnostics
    }
}
