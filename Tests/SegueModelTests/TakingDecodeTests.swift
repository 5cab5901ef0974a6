import SegueDiagnostics
import SegueYAML
import Testing

@testable import SegueModel

/// `decodeFlow(taking:)` frees the tree screen by screen but finds exactly what `decodeFlow(_:)` finds.
struct TakingDecodeTests {
    private func both(_ yaml: String) -> (kept: (Flow?, [Diagnostic]), taken: (Flow?, [Diagnostic]), rootAfter: Node?) {
        let file = SourceFile(path: "take.yaml", text: yaml)
        var keeping = FlowDecoder(file: file)
        let kept = keeping.decodeFlow(YAMLLoader().load(file).root)
        var taking = FlowDecoder(file: file)
        var root = YAMLLoader().load(file).root
        let taken = taking.decodeFlow(taking: &root)
        return ((kept, keeping.diagnostics), (taken, taking.diagnostics), root)
    }

    private func summary(_ flow: Flow?) -> [String] {
        (flow?.screens ?? []).map { screen in
            "\(screen.name.text)@\(screen.name.range.start) "
                + screen.handlers.map { "\($0.event.text):\($0.alternatives.first?.actions.count ?? 0)" }
                .joined(separator: ",")
        }
    }

    @Test func aValidFlowDecodesTheSameAndTheRootIsHandedOver() {
        let yaml = """
            segue: 1
            flow: ring
            start: a
            screens:
              a:
                on:
                  next: { replace: b }
              b:
                title: Second
                on:
                  back: { replace: a }
                  next: [{ replace: a }, dismiss]
            """
        let result = both(yaml)
        #expect(result.rootAfter == nil)
        #expect(result.taken.1.isEmpty && result.kept.1.isEmpty)
        #expect(summary(result.taken.0) == ["a@5:3 next:1", "b@8:3 back:1,next:2"])
        #expect(summary(result.taken.0) == summary(result.kept.0))
        #expect(result.taken.0?.screens.last?.title?.text == "Second")
    }

    @Test func mistakesAreReportedTheSame() {
        for yaml in [
            "segue: 1\nflow: f\nstart: a\nscren: 1\nscreens:\n  a:\n    titel: x\n  b: 3\n",
            "segue: 1\nflow: f\nstart: a\nscreens: [a, b]\n",
            "segue: 1\nflow: f\nstart: a\n",
            "segue: 1\nflow: f\nstart: a\nscreens: &all\n  a: {}\nother: *all\n",
        ] {
            let result = both(yaml)
            #expect(result.taken.1 == result.kept.1, "\(yaml)")
            #expect(result.taken.1.map(\.message) == result.kept.1.map(\.message), "\(yaml)")
            #expect(summary(result.taken.0) == summary(result.kept.0), "\(yaml)")
            #expect(!result.kept.1.isEmpty, "\(yaml)")
        }
    }

    @Test func onlyAnUnsharedMappingGivesUpItsEntries() {
        let file = SourceFile(path: "t.yaml", text: "a: 1\nb: [2]\n")
        var root = YAMLLoader().load(file).root!
        let other = root
        #expect(Node.takeEntries(from: &root) == nil)
        #expect(root.mapping?.count == 2)
        _ = other
        var sequence = root["b"]!.value
        #expect(Node.takeEntries(from: &sequence) == nil)
        var alone: Node = Node(.mapping(root.mapping!), range: root.range)
        #expect(Node.takeEntries(from: &alone)?.map(\.name) == ["a", "b"])
        #expect(alone.mapping?.isEmpty == true)
    }
}
