import Foundation
import SegueTestFixtures
import Testing

/// `segue test --coverage` in a project of someone else's: the table is the folder's own `requirements.md`, and a
/// project without one is covered by what its scenarios name (it exited 2 asking for flows/requirements.md).
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct CoverageCommandTests {
    static let flow = """
        segue: 1
        flow: hello
        start: main
        screens:
          main:
            elements:
              - text: greeting
                value: Hello
        """
    static let scenario = """
        scenario: The greeting shows
        flow: hello.yaml
        covers: [H1]
        steps:
          - launch
          - expect: { screen: main }
        """

    @Test func aProjectWithoutATableIsCoveredByTheIDsItsScenariosName() throws {
        try inTemporaryFolder(["hello.yaml": Self.flow, "hello-scenario.yaml": Self.scenario]) { folder in
            let result = try run(segueExecutable ?? "", ["test", ".", "--coverage"], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(
                result.output.contains(
                    "requirements: no requirements table (requirements.md in a folder named, or --requirements FILE); "
                        + "IDs named by passing scenarios: H1"), "\(result.output)")
            #expect(result.output.contains(": 1 screen entered (main), "), "\(result.output)")
            #expect(result.output.contains("1 passed, 0 failed"))
        }
    }

    @Test func theFoldersOwnTableIsRead() throws {
        let table = "| ID | requirement |\n|----|----|\n| H1 | The greeting shows |\n| H2 | A farewell |\n"
        try inTemporaryFolder(["hello.yaml": Self.flow, "hello-scenario.yaml": Self.scenario, "requirements.md": table]) {
            folder in
            let result = try run(segueExecutable ?? "", ["test", ".", "--coverage"], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("requirements: 1 of 2 covered by passing scenarios"), "\(result.output)")
            #expect(result.output.contains("  ✓ H1   The greeting shows  (1 scenario)"), "\(result.output)")
            #expect(result.output.contains("  ✗ H2   A farewell"), "\(result.output)")
        }
    }

    @Test func aNamedTableThatCannotBeReadIsAUsageError() throws {
        try inTemporaryFolder(["hello.yaml": Self.flow, "hello-scenario.yaml": Self.scenario]) { folder in
            let result = try run(
                segueExecutable ?? "", ["test", ".", "--coverage", "--requirements", "missing.md"], in: folder)
            #expect(result.status == 2)
            #expect(result.output.contains("segue test: cannot read the requirements table missing.md"))
        }
    }
}
