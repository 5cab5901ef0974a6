import Foundation

/// The fuzz targets, each a part of Segue that reads bytes someone else wrote (docs/fuzzing.md).
enum FuzzTarget: String, CaseIterable {
    /// A flow file: YAML → model → imports → checks → diagnostics rendered, and the compiler on what checks clean.
    case frontend
    /// One expression or template: parse, type-check, evaluate.
    case expression
    /// A scenario file.
    case scenario
    /// JSON text through the project's JSON parser and every wall-of-honor endpoint's response decoder.
    case json
    /// A `.storekit` file, JSON or XML property list.
    case storekit
    /// A WAV file: header, then every frame.
    case wav
    /// A JPEG or PNG: probe, decode (whole and scaled down), crop and re-encode as the photo service does.
    case image
    /// An SCXML document: read, translated to a flow, and the flow compiled (a flow that does not is a finding).
    case scxml
    /// A byte stream to the language server: framing, JSON, and a lifecycle of requests and notifications.
    case lsp
    /// A byte stream to `segue serve`: the request reader, who may ask (`ServeAccess`), and what the page posts.
    case serve

    /// Runs a few ordinary inputs once, before fuzzing starts.
    func warmUp() {
        for sample in ["", "count + 1", "{\"Error\": \"10\", \"Data\": []}", "flow: x\nscreens: {}\n"] {
            run(Data(sample.utf8))
        }
    }

    func run(_ data: Data) {
        switch self {
        case .frontend: FrontEndFuzz.run(data)
        case .expression: ExpressionFuzz.run(data)
        case .scenario: ScenarioFuzz.run(data)
        case .json: JSONFuzz.run(data)
        case .storekit: StoreKitFuzz.run(data)
        case .wav: WAVFuzz.run(data)
        case .image: ImageFuzz.run(data)
        case .scxml: SCXMLFuzz.run(data)
        case .lsp: LanguageServerFuzz.run(data)
        case .serve: ServeFuzz.run(data)
        }
    }
}
