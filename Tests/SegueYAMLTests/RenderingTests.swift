import SegueDiagnostics
import Testing

@testable import SegueYAML

/// What a person sees at the terminal for YAML problems.
@Suite struct RenderingTests {
    func render(_ text: String) -> String {
        let file = SourceFile(path: "flow.yaml", text: text)
        return DiagnosticRenderer(format: .human, sources: [file]).render(YAMLLoader().load(file).diagnostics)
    }

    @Test func duplicateKey() {
        #expect(
            render("screens:\n  main: {}\n  main: {}\n") == """
                flow.yaml:3:3: error[Y010]: duplicate key `main` in this mapping
                  |
                3 |   main: {}
                  |   ^~~~
                  note: flow.yaml:2:3: `main` is first defined here
                  |
                2 |   main: {}
                  |   ^~~~

                """)
    }

    @Test func unclosedListPointsBackAtItsBracket() {
        #expect(
            render("a: [1, 2\nb: 3\n") == """
                flow.yaml:2:2: error[Y004]: expected `,` or `]` to continue or close the list
                  |
                2 | b: 3
                  |  ^
                  note: flow.yaml:1:4: the `[` list starts here
                  |
                1 | a: [1, 2
                  |    ^

                """)
    }
}
