import SegueDiagnostics
import SegueYAML
import Testing

@testable import SegueModel

/// The decoder reads every key the vocabulary lists, at every place, and asks for every key it marks required.
///
/// The other direction (the decoder reads no key the table does not list) is an assertion in `MappingReader.take`,
/// which these tests and every decoding test trip if it is broken.
struct VocabularyDecoderTests {
    /// A mapping of `keys` with their example values, in block style.
    static func yaml(_ keys: [KeySpec]) -> String {
        keys.map { "\($0.name): \($0.example)" }.joined(separator: "\n")
    }

    /// Decodes `body` (a mapping's YAML) as the given place, wrapped as that place needs; returns the diagnostics.
    static func decode(_ place: KeyPlace, _ body: String) -> [Diagnostic] {
        let indented = body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let wrapped: String
        switch place {
        case .flow, .layout, .playback, .recording, .element, .componentUse, .paging, .multiline, .crop, .rule,
            .action, .envelope, .historyDefault, .invocation:
            wrapped = body
        case .alert: wrapped = "alert:\n" + indented
        case .handedResult: wrapped = "dismiss:\n" + (indented.isEmpty ? "  {}" : indented)
        case .alternative: wrapped = "-\n" + indented
        case .responseCode: wrapped = "\"10\":\n" + indented
        default: wrapped = "sample:\n" + indented
        }
        let file = SourceFile(path: "vocabulary.yaml", text: wrapped)
        guard let node = YAMLLoader().load(file).root else {
            Issue.record("\(place): the examples are not YAML:\n\(wrapped)")
            return []
        }
        var decoder = FlowDecoder(file: file)
        switch place {
        case .flow: _ = decoder.decodeFlow(node)
        case .variable: _ = decoder.decodeData(node, context: "data")
        case .parameter: _ = decoder.decodeParameters(node, context: "parameters")
        case .invariant: _ = decoder.decodeInvariants(node)
        case .function: _ = decoder.decodeFunctions(node)
        case .component: _ = decoder.decodeComponents(node)
        case .screen: _ = decoder.decodeScreens(node)
        case .state:
            let initial = Node(
                .scalar(Scalar(text: "sample", style: .plain, value: .string("sample"))), range: node.range)
            _ = decoder.decodeStateChart(node, initial: initial, parallel: nil)
        case .alternative: _ = decoder.decodeAlternatives(node)
        case .historyDefault: _ = decoder.decodeHistoryDefault(node)
        case .invocation: _ = decoder.decodeInvocation(node)
        case .layout: _ = decoder.decodeLayout(node)
        case .playback: _ = decoder.decodePlayback(node)
        case .recording: _ = decoder.decodeRecording(node)
        case .element: _ = decoder.decodeElement(node)
        case .componentUse: _ = decoder.componentUse(node)
        case .paging: _ = decoder.decodePaging(node)
        case .multiline: _ = decoder.decodeMultiline(node)
        case .crop: _ = decoder.decodeCrop(node)
        case .rule: _ = decoder.decodeRule(node)
        case .action, .alert, .handedResult: _ = decoder.decodeAction(node)
        case .service: _ = decoder.decodeServices(node)
        case .envelope: _ = decoder.decodeEnvelope(node)
        case .responseCode: _ = decoder.decodeCodes(node)
        case .endpoint: _ = decoder.decodeOperations(node, api: true)
        case .operation: _ = decoder.decodeOperations(node, api: false)
        case .operationParameter: _ = decoder.decodeOperationParameters(node)
        }
        return decoder.diagnostics
    }

    /// The key that names a place's kind (an element's, action's, rule's, service's): never left out.
    static func isKindKey(_ key: KeySpec, of place: KeyPlace) -> Bool {
        switch place {
        case .element(let kind), .action(let kind), .rule(let kind): return key.name == kind
        case .service: return key.name == "kind"
        case .flow: return key.name == "segue"
        default: return false
        }
    }

    @Test(arguments: Vocabulary.places.map(\.place))
    func everyKeyTheTableListsIsRead(place: KeyPlace) {
        let unknown = Self.decode(place, Self.yaml(Vocabulary.spec(place).keys)).filter {
            [DiagnosticCode.unknownKey, DiagnosticCode.refusedKey].contains($0.code)
        }
        #expect(unknown.isEmpty, "\(place): \(unknown.map(\.message))")
    }

    @Test(arguments: Vocabulary.places.map(\.place))
    func everyRequiredKeyIsAskedFor(place: KeyPlace) {
        let spec = Vocabulary.spec(place)
        for key in spec.keys where key.required && !Self.isKindKey(key, of: place) {
            let diagnostics = Self.decode(place, Self.yaml(spec.keys.filter { $0.name != key.name }))
            #expect(
                diagnostics.contains { $0.code == DiagnosticCode.missingKey && $0.message.contains("`\(key.name)`") },
                "\(place) without `\(key.name)`: \(diagnostics.map(\.message))")
        }
    }

    @Test func aKeyOfAnotherPlaceIsUnknownWithTheTablesSuggestion() {
        let diagnostics = Self.decode(.element("slider"), "slider: volume\nvalue: v\nchnage: []")
        #expect(diagnostics.map(\.code) == [DiagnosticCode.unknownKey])
        #expect(diagnostics.first?.message == "unknown key `chnage` in an element; did you mean `change`?")
    }

    @Test(arguments: ["slider: volume\nvalue: v", "picker: size\noptions: sizes\nselected: size"])
    func tapBesideChangeIsRefused(head: String) {
        let diagnostics = Self.decode(.element("slider"), head + "\nchange: [dismiss]\ntap: [pop]")
        #expect(diagnostics.map(\.code) == [DiagnosticCode.conflictingKeys])
        // Reported at the second of the two keys.
        #expect(diagnostics.first?.range.start.line == head.split(separator: "\n").count + 2)
    }

    /// Return adds a line to a multiline field, and a photo field has no keyboard: `submit:` is refused at its key.
    @Test(arguments: ["multiline", "photo"])
    func submitIsRefusedInAFieldWithoutAReturnKey(kind: String) throws {
        let diagnostics = Self.decode(.element("field"), "field: about\nkind: \(kind)\nsubmit: [dismiss]")
        #expect(diagnostics.map(\.code) == [DiagnosticCode.conflictingKeys])
        let refusal = try #require(diagnostics.first)
        #expect((refusal.range.start.line, refusal.range.start.column) == (3, 1))
        #expect(
            refusal.message
                == "`submit` cannot go with `kind: \(kind)` in a `field` element: return adds a line to a multiline field, "
                + "and a photo field has no keyboard")
    }

    @Test(arguments: ["", "\nkind: text", "\nkind: url"])
    func submitIsReadInASingleLineField(kind: String) {
        #expect(Self.decode(.element("field"), "field: query\(kind)\nsubmit: [dismiss]").isEmpty)
        let button = Self.decode(.element("button"), "button: go\nlabel: Go\nsubmit: [dismiss]")
        #expect(button.map(\.code) == [DiagnosticCode.unknownKey])
    }

    @Test func aParameterCannotPersist() {
        let diagnostics = Self.decode(.parameter, "type: string\npersist: true\nfrom_defaults: name")
        #expect(diagnostics.map(\.code) == [DiagnosticCode.refusedKey, DiagnosticCode.refusedKey])
        #expect(diagnostics.first?.message.contains("declare a `data:` variable with `persist: true`") == true)
    }

    @Test func aLayoutStyleIsOneTheRendererKnows() {
        let diagnostics = Self.decode(.layout, "style: groupd_inset")
        #expect(diagnostics.map(\.code) == [DiagnosticCode.invalidValue])
        #expect(diagnostics.first?.fixIts.first?.replacement == "grouped_inset")
    }
}
