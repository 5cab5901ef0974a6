import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Definition, references and rename for element ids (`form.photo`), `let:` values and states read as
/// `state.x`, and states completed after a child chart's `initial:`.
struct ElementAndValueNavigationTests {
    let harness = ServerHarness()
    let text = ServerHarness.donateText
    let uri: String

    init() { uri = harness.open(ServerHarness.donatePath) }

    private func at(_ needle: String, occurrence: Int = 1, offset: Int) -> JSON {
        ServerHarness.document(
            uri, at: ServerHarness.position(of: needle, in: text, occurrence: occurrence, offset: offset))
    }

    private func lines(_ result: JSON) -> [Int] {
        (result.array ?? []).compactMap { $0["range"]?["start"]?["line"]?.int }.sorted()
    }

    private func line(of needle: String) -> Int {
        ServerHarness.position(of: needle, in: text)["line"]?.int ?? -1
    }

    @Test func aFormFieldReadJumpsToTheFieldsElement() {
        let result = harness.request("textDocument/definition", at("empty(form.photo)", offset: 12))
        #expect(result.array?.count == 1)
        #expect(
            result.array?.first?["range"]?["start"] == ServerHarness.position(of: "- field: photo", in: text, offset: 9)
        )
    }

    @Test func aFieldsReferencesAreItsReadsAndItsAssignments() {
        let result = harness.request("textDocument/references", at("- field: photo", offset: 10))
        let uses = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
            $0.element.contains("form.photo")
        }.map(\.offset)
        #expect(uses.count == 4)
        #expect(lines(result) == (uses + [line(of: "- field: photo")]).sorted())
        let assignment = (result.array ?? []).first {
            $0["range"]?["start"]?["line"]?.int == line(of: "set: { form.photo")
        }
        #expect(assignment?["range"]?["start"] == ServerHarness.position(of: "set: { form.photo", in: text, offset: 12))
    }

    @Test func renamingAFieldChangesItsIdAndEveryFormRead() throws {
        let result = harness.request(
            "textDocument/rename", at("- field: photo", offset: 10).merging(["newName": "picture"]))
        let edits = try #require(result["changes"]?[uri]?.array)
        let renamed = NavigationTests.apply(edits, to: text)
        #expect(renamed.contains("- field: picture") && renamed.contains("empty(form.picture)"))
        #expect(renamed.contains("set: { form.picture: result }"))
        #expect(renamed.contains("- image: photo"), "another element's id of the same name elsewhere stays")
        #expect(renamed.contains("with: { photo: form.picture }"))
        #expect(edits.count == 5)
    }

    @Test func renamingANamedValueChangesItsReadsNotAKeyOfTheSameName() throws {
        let result = harness.request(
            "textDocument/rename", at("      cell_width: \"(device", offset: 8).merging(["newName": "cell"]))
        let edits = try #require(result["changes"]?[uri]?.array)
        let renamed = NavigationTests.apply(edits, to: text)
        #expect(renamed.contains("      cell: \"(device") && renamed.contains("cell_width: cell\n"))
        #expect(renamed.contains("with: { entry: item, width: cell } }"))
        #expect(edits.count == 3)
    }

    @Test func renamingAComponentsNamedValueLeavesAScreensOfTheSameName() throws {
        let source = """
            segue: 1
            flow: t
            start: post
            data:
              name: { type: string, default: "'Ann'" }
            components:
              card:
                parameters:
                  surname: string
                let:
                  full_name: "name + ' ' + surname"
                elements:
                  - text: name
                    value: "${full_name}"
                    font: headline
            screens:
              post:
                title: "${full_name}"
                let:
                  full_name: "name + '!'"
                elements:
                  - use: card
                    with: { surname: "'Lee'" }
            """
        let other = harness.open(ServerHarness.root + "/flows/named.yaml", text: source)
        let position = ServerHarness.position(of: "      full_name: \"name + ' '", in: source, offset: 8)
        let result = harness.request(
            "textDocument/rename", ServerHarness.document(other, at: position).merging(["newName": "who"]))
        let edits = try #require(result["changes"]?[other]?.array)
        let renamed = NavigationTests.apply(edits, to: source)
        #expect(
            renamed.contains("      who: \"name + ' '") && renamed.contains("value: \"${who}\"\n        font: headline")
        )
        #expect(renamed.contains("title: \"${full_name}\""), "the post screen's own `full_name` stays")
        #expect(edits.count == 2)
    }

    @Test func aStateReadInAnExpressionJumpsToTheState() {
        let pictone = ServerHarness.root + "/flows/pictone.yaml"
        let source = (try? String(contentsOfFile: pictone, encoding: .utf8)) ?? ""
        let other = harness.open(pictone)
        let position = ServerHarness.position(of: "visible: state.capturing", in: source, offset: 17)
        let result = harness.request("textDocument/definition", ServerHarness.document(other, at: position))
        #expect(
            result.array?.first?["range"]?["start"]
                == ServerHarness.position(of: "          capturing:", in: source, offset: 10))
    }

    @Test func statesAfterAChildChartsInitial() {
        let pictone = ServerHarness.root + "/flows/pictone.yaml"
        let source = (try? String(contentsOfFile: pictone, encoding: .utf8)) ?? ""
        let other = harness.open(pictone, text: source)
        _ = harness.request("textDocument/hover", ServerHarness.document(other, at: ["line": 0, "character": 0]))
        let edited = source.replacingOccurrences(of: "        initial: ready", with: "        initial: ")
        harness.change(other, to: edited)
        let position = ServerHarness.position(of: "        initial: ", in: edited, offset: 17)
        let labels = harness.request("textDocument/completion", ServerHarness.document(other, at: position)).labels
        #expect(labels.contains("ready") && labels.contains("capturing"), "\(labels)")
        #expect(!labels.contains("home"))
    }
}

/// States named by transitions: `goto:` as a transition's key, in `always:` and in a handler's alternatives.
struct TransitionTargetTests {
    static let flow = """
        segue: 1
        flow: doors
        start: main
        screens:
          main:
            states:
              closed:
                on:
                  open:
                    - when: "true"
                      goto: opened
              opened:
                always:
                  - { when: "false", goto: closed }
            elements: []

        """

    @Test func renamingAStateChangesEveryTransitionTarget() throws {
        let harness = ServerHarness()
        let directory = try ServerHarness.temporaryDirectory()
        let uri = harness.open(directory + "/doors.yaml", text: Self.flow)
        let position = ServerHarness.position(of: "      closed:", in: Self.flow, offset: 8)
        let result = harness.request(
            "textDocument/rename", ServerHarness.document(uri, at: position).merging(["newName": "shut"]))
        let edits = try #require(result["changes"]?[uri]?.array)
        let renamed = NavigationTests.apply(edits, to: Self.flow)
        #expect(renamed.contains("      shut:\n") && renamed.contains("goto: shut }"))
        let target = ServerHarness.position(of: "goto: opened", in: Self.flow, offset: 7)
        let definition = harness.request("textDocument/definition", ServerHarness.document(uri, at: target))
        #expect(
            definition.array?.first?["range"]?["start"]
                == ServerHarness.position(of: "      opened:", in: Self.flow, offset: 6))
    }
}

/// Names the old hand-written walk did not know: parameters named by `with:`, and keys whose names the vocabulary
/// says (`as:`, `near_end:`), completed with no list of key names in the server.
struct SymbolTableNavigationTests {
    static let flow = """
        segue: 1
        flow: params
        start: home
        data:
          picked: { type: string, default: "''" }
        screens:
          home:
            elements:
              - button: open
                label: Open
                tap: [{ present: detail, with: { who: "'Ann'" } }]
          detail:
            parameters:
              who: string
            title: "${who}"
            elements:
              - text: name
                value: "Hello, ${who}"

        """

    /// A server with the flow open: the harness, the flow's folder and its URI.
    private func opened() throws -> (ServerHarness, String, String) {
        let harness = ServerHarness()
        let directory = try ServerHarness.temporaryDirectory()
        return (harness, directory, harness.open(directory + "/params.yaml", text: Self.flow))
    }

    @Test func renamingAParameterChangesItsArgumentsAndReads() throws {
        let (harness, directory, uri) = try opened()
        let position = ServerHarness.position(of: "      who: string", in: Self.flow, offset: 7)
        let result = harness.request(
            "textDocument/rename", ServerHarness.document(uri, at: position).merging(["newName": "person"]))
        let renamed = NavigationTests.apply(try #require(result["changes"]?[uri]?.array), to: Self.flow)
        #expect(renamed.contains("with: { person: \"'Ann'\" }"))
        #expect(renamed.contains("title: \"${person}\"") && renamed.contains("\"Hello, ${person}\""))
        #expect(renamed.contains("      person: string"))
        let check = ServerHarness()
        let renamedURI = check.open(directory + "/params.yaml", text: renamed)
        #expect(check.diagnostics()[renamedURI] == [], "the renamed flow still validates")
    }

    @Test func aKeyTheVocabularySaysNamesDataCompletesData() throws {
        let (harness, _, uri) = try opened()
        let edited = Self.flow.replacingOccurrences(
            of: "tap: [{ present: detail, with: { who: \"'Ann'\" } }]",
            with: "tap:\n          - call: store.products\n            as: ")
        harness.change(uri, to: edited)
        let position = ServerHarness.position(of: "as: ", in: edited, offset: 4)
        let labels = harness.request("textDocument/completion", ServerHarness.document(uri, at: position)).labels
        #expect(labels == ["picked"], "\(labels)")
    }
}
