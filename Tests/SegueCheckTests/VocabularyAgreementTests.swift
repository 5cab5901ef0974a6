import SegueDiagnostics
import SegueExpression
import SegueYAML
import SegueJSON
import Testing

@testable import SegueModel

/// Place by place, the decoder and the generated schema accept and refuse the same mappings: the required keys
/// alone, each optional key added, an unknown key added, each required key left out.
struct VocabularyAgreementTests {
    static let validator = SchemaValidator(root: Vocabulary.jsonSchema())

    /// The schema's verdict on `body` as a mapping of `place`.
    static func schemaError(_ place: KeyPlace, _ body: String) -> String? {
        let file = SourceFile(path: "agreement.yaml", text: body.isEmpty ? "{}" : body)
        guard let value = YAMLLoader().load(file).root?.plainValue else { return "not YAML" }
        let schema: JSON = place == .flow ? validator.root : ["$ref": .string("#/$defs/\(place.identifier)")]
        return validator.errors(value, against: schema, at: place.identifier).first
    }

    /// The decoder's structural diagnostics for `body` as a mapping of `place`.
    static func decoderErrors(_ place: KeyPlace, _ body: String) -> [String] {
        VocabularyDecoderTests.decode(place, body.isEmpty ? "{}" : body).filter {
            VocabularyDriftTests.structuralCodes.contains($0.code)
        }.map { "\($0.code) \($0.message)" }
    }

    /// The keys every mapping of `place` carries: the required ones, and the first of a one-of-these set.
    static func minimal(_ spec: PlaceSpec) -> [KeySpec] {
        spec.keys.filter { $0.required || $0.name == spec.oneRequired.first }
    }

    static func expectAgreement(_ place: KeyPlace, _ keys: [KeySpec], extra: String = "", _ what: String) {
        let body = VocabularyDecoderTests.yaml(keys) + extra
        let decoder = decoderErrors(place, body)
        let schema = schemaError(place, body)
        #expect(
            decoder.isEmpty == (schema == nil),
            "\(place) \(what): decoder says \(decoder), schema says \(schema ?? "valid")\n\(body)")
    }

    @Test(arguments: Vocabulary.places.map(\.place))
    func theRequiredKeysAloneAndEachOptionalKeyAgree(place: KeyPlace) {
        let spec = Vocabulary.spec(place)
        let minimal = Self.minimal(spec)
        Self.expectAgreement(place, minimal, "with its required keys")
        #expect(Self.schemaError(place, VocabularyDecoderTests.yaml(minimal)) == nil, "\(place): minimal refused")
        for key in spec.keys where !minimal.contains(key) {
            Self.expectAgreement(place, minimal + [key], "with `\(key.name)`")
        }
    }

    @Test(arguments: Vocabulary.places.map(\.place))
    func anUnknownKeyIsRefusedByBoth(place: KeyPlace) {
        let minimal = Self.minimal(Vocabulary.spec(place))
        let body = VocabularyDecoderTests.yaml(minimal) + (minimal.isEmpty ? "" : "\n") + "zz_unknown: 1"
        #expect(!Self.decoderErrors(place, body).isEmpty, "\(place): the decoder accepts an unknown key")
        #expect(Self.schemaError(place, body) != nil, "\(place): the schema accepts an unknown key")
    }

    @Test(arguments: Vocabulary.places.map(\.place))
    func leavingOutARequiredKeyIsRefusedByBoth(place: KeyPlace) {
        let spec = Vocabulary.spec(place)
        for key in spec.keys where key.required && !VocabularyDecoderTests.isKindKey(key, of: place) {
            let rest = Self.minimal(spec).filter { $0.name != key.name }
            Self.expectAgreement(place, rest, "without `\(key.name)`")
            #expect(Self.schemaError(place, VocabularyDecoderTests.yaml(rest)) != nil, "\(place) without \(key.name)")
        }
    }

    /// A list of lists, or a mapping of lists, fits few keys' types: both must refuse it, or both accept it.
    @Test(arguments: Vocabulary.places.map(\.place))
    func aValueOfTheWrongShapeGetsTheSameVerdict(place: KeyPlace) {
        let spec = Vocabulary.spec(place)
        let minimal = Self.minimal(spec)
        for key in spec.keys {
            for wrong in ["[[1]]", "{ zz: [1] }"] {
                let others = (minimal.contains(key) ? minimal : minimal + [key]).filter { $0.name != key.name }
                let body = VocabularyDecoderTests.yaml(others) + (others.isEmpty ? "" : "\n") + "\(key.name): \(wrong)"
                let decoder = Self.decoderErrors(place, body)
                let schema = Self.schemaError(place, body)
                #expect(
                    decoder.isEmpty == (schema == nil),
                    "\(place) `\(key.name): \(wrong)`: decoder says \(decoder), schema says \(schema ?? "valid")")
            }
        }
    }

    @Test func keysThatCannotGoTogetherAreRefusedByBoth() {
        let slider = Vocabulary.spec(.element("slider"))
        let keys = Self.minimal(slider) + slider.keys.filter { ["change", "tap"].contains($0.name) }
        Self.expectAgreement(.element("slider"), keys, "with `change` and `tap`")
        #expect(Self.schemaError(.element("slider"), VocabularyDecoderTests.yaml(keys)) != nil)
    }
}
