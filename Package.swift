// swift-tools-version: 6.0
import PackageDescription

// Stages, one direction: SegueYAML → SegueModel → SegueFrontEnd → SegueCheck → SegueRuntime → SegueServices →
// SegueDriver → SegueDiagram, SegueScenario → SegueExplore, SegueREPL, SegueRender → segue.
let package = Package(
    name: "Segue",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SegueDiagnostics", targets: ["SegueDiagnostics"]),
        .library(name: "SegueJSON", targets: ["SegueJSON"]),
        .library(name: "SegueYAML", targets: ["SegueYAML"]),
        // What the fuzz package (Fuzz/, scripts/fuzz.sh) and other packages build on.
        .library(name: "SegueExpression", targets: ["SegueExpression"]),
        .library(name: "SegueCheck", targets: ["SegueCheck"]),
        .library(name: "SegueMachine", targets: ["SegueMachine"]),
        .library(name: "SegueRuntime", targets: ["SegueRuntime"]),
        .library(name: "SegueServices", targets: ["SegueServices"]),
        .library(name: "SegueAudio", targets: ["SegueAudio"]),
        .library(name: "SegueDriver", targets: ["SegueDriver"]),
        .library(name: "SegueDiagram", targets: ["SegueDiagram"]),
        .library(name: "SegueScenario", targets: ["SegueScenario"]),
        .library(name: "SegueExplore", targets: ["SegueExplore"]),
        .library(name: "SegueREPL", targets: ["SegueREPL"]),
        .library(name: "SegueRender", targets: ["SegueRender"]),
        .library(name: "SegueImport", targets: ["SegueImport"]),
        .library(name: "SegueLanguageServer", targets: ["SegueLanguageServer"]),
        .library(name: "SegueServe", targets: ["SegueServe"]),
        .executable(name: "segue", targets: ["segue"]),
    ],
    targets: [
        // System libraries (Debian: libyaml-dev, libsqlite3-dev, libreadline-dev, libxml2-dev).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // libjpeg and libpng report errors by longjmp, which Swift cannot catch: this C shim turns them into codes.
        .target(name: "CImageCodec", dependencies: ["CJPEG", "CPNG"]),
        // libcurl, loaded at run time (Foundation ships the library on Linux, not its headers): the API's HTTP client.
        .target(name: "CHTTPClient", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // A small SQLite wrapper shared by the services that keep data in SQLite (the local board, the takes store).
        .target(name: "SegueSQLite", dependencies: ["CSQLite"]),

        // The one JSON value type, reader (positions, limits, one rule for duplicate keys and numbers) and writer.
        .target(name: "SegueJSON"),
        .testTarget(name: "SegueJSONTests", dependencies: ["SegueJSON"]),

        // Source positions and diagnostics, shared by every stage.
        .target(name: "SegueDiagnostics"),
        .testTarget(name: "SegueDiagnosticsTests", dependencies: ["SegueDiagnostics"]),

        // Stage 1: YAML text → Node tree with source ranges.
        .target(name: "SegueYAML", dependencies: ["CYAML", "SegueDiagnostics"]),
        .testTarget(name: "SegueYAMLTests", dependencies: ["SegueYAML", "SegueDiagnostics"]),

        // The expression language: values, types, parsing, type checking, evaluation.
        .target(name: "SegueExpression", dependencies: ["SegueDiagnostics", "SegueJSON"]),
        .testTarget(name: "SegueExpressionTests", dependencies: ["SegueExpression", "SegueDiagnostics"]),

        // Stage 2: the typed flow model, decoded from the node tree.
        .target(name: "SegueModel", dependencies: ["SegueDiagnostics", "SegueYAML", "SegueExpression", "SegueJSON"]),
        .testTarget(
            name: "SegueModelTests", dependencies: ["SegueModel", "SegueYAML", "SegueDiagnostics", "SegueExpression"]),

        // The front end: read a file → YAML → model → imports, and find the flows under a directory; no checks.
        .target(name: "SegueFrontEnd", dependencies: ["SegueDiagnostics", "SegueYAML", "SegueModel"]),

        // Stage 3: static checks over the model, producing the CheckedFlow the compiler takes; the loader that runs
        // the front end and the checks on files and directories.
        .target(
            name: "SegueCheck",
            dependencies: ["SegueDiagnostics", "SegueYAML", "SegueModel", "SegueExpression", "SegueFrontEnd"]),
        .testTarget(
            name: "SegueCheckTests",
            dependencies: [
                "SegueCheck", "SegueDiagnostics", "SegueYAML", "SegueModel", "SegueExpression", "SegueFrontEnd",
                "SegueJSON",
            ],
            exclude: ["Corpus"]),

        // Stage 4a: the pure machine: the compiler from the checked model, the program, the step, the input query
        // and the view. No Foundation, no effects: every effect is a value the runner carries out.
        .target(
            name: "SegueMachine",
            dependencies: ["SegueDiagnostics", "SegueExpression", "SegueModel", "SegueFrontEnd", "SegueCheck"]),
        // Stage 4b: the effect runner (session, service protocols, persistence, blocking work) over the machine.
        .target(
            name: "SegueRuntime",
            dependencies: [
                "SegueDiagnostics", "SegueExpression", "SegueModel", "SegueCheck", "SegueFrontEnd", "SegueJSON",
                "SegueMachine",
            ]),
        .testTarget(
            name: "SegueRuntimeTests",
            dependencies: [
                "SegueMachine", "SegueRuntime", "SegueModel", "SegueYAML", "SegueExpression", "SegueDiagnostics",
                "SegueCheck",
            ]),
        // A runnable example of the runtime as a library: `swift run segue-example`.
        .executableTarget(
            name: "segue-example",
            dependencies: ["SegueMachine", "SegueRuntime", "SegueExpression"],
            path: "examples/library"),

        // Services: store (StoreKit configuration), REST API, defaults, photos.
        .target(
            name: "SegueServices",
            dependencies: [
                "SegueDiagnostics", "SegueMachine", "SegueRuntime", "SegueModel", "SegueExpression", "SegueSQLite",
                "CJPEG", "CPNG",
                "CImageCodec", "CHTTPClient", "SegueJSON",
            ]
        ),
        .testTarget(
            name: "SegueServicesTests",
            dependencies: [
                "SegueDiagnostics", "SegueServices", "SegueMachine", "SegueRuntime", "SegueExpression", "SegueSQLite",
                "CSQLite",
                "SegueJSON",
            ]),

        // Tools over flows, one module each, over what they share: driving a flow by hand (`FlowDriver`, the embedded
        // services, trust, the steps a person takes, invariants), below scenarios, which the model checker and screen
        // drawing build on; the REPL and diagrams stand beside them.
        .target(
            name: "SegueDriver",
            dependencies: [
                "SegueDiagnostics", "SegueModel", "SegueMachine", "SegueRuntime", "SegueServices", "SegueAudio",
                "SegueExpression",
                "SegueCheck", "SegueYAML", "SegueJSON",
            ]),
        .target(
            name: "SegueDiagram",
            dependencies: ["SegueDiagnostics", "SegueModel", "SegueRuntime", "SegueJSON"]),
        .target(
            name: "SegueScenario",
            dependencies: [
                "SegueDiagnostics", "SegueModel", "SegueMachine", "SegueRuntime", "SegueServices", "SegueAudio",
                "SegueExpression",
                "SegueCheck", "SegueYAML", "SegueDriver", "SegueDiagram",
            ]),
        // `segue check`: the model checker, exploring every state a flow can reach.
        .target(
            name: "SegueExplore",
            dependencies: [
                "SegueDiagnostics", "SegueModel", "SegueMachine", "SegueExpression", "SegueDriver",
                "SegueScenario",
            ]),
        .target(
            name: "SegueREPL",
            dependencies: [
                "SegueDiagnostics", "SegueModel", "SegueMachine", "SegueRuntime", "SegueExpression", "SegueCheck",
                "SegueDriver",
            ]),
        // `segue render`: screens drawn as SVG (and PNG), one frame or a scenario's tour.
        .target(
            name: "SegueRender",
            dependencies: [
                "SegueDiagnostics", "SegueModel", "SegueMachine", "SegueRuntime", "SegueExpression", "SegueCheck",
                "SegueDriver",
                "SegueScenario",
            ]),
        // The tools' tests, a target per module; `SegueIntegrationTests` holds those across tools and of the built
        // `segue`. What they share (the package root, running `segue`, REPL sessions) is `SegueTestFixtures`.
        .target(
            name: "SegueTestFixtures", dependencies: ["SegueDriver", "SegueREPL", "SegueRuntime"],
            path: "Tests/SegueTestFixtures"),
        .testTarget(
            name: "SegueDriverTests",
            dependencies: [
                "SegueDriver", "SegueCheck", "SegueDiagnostics", "SegueExpression", "SegueModel", "SegueMachine",
                "SegueRuntime",
                "SegueServices", "SegueYAML",
            ],
            exclude: ["Driver/Fixtures"]),
        .testTarget(
            name: "SegueDiagramTests",
            dependencies: [
                "SegueDiagram", "SegueCheck", "SegueDiagnostics", "SegueModel", "SegueRuntime",
                "SegueYAML",
                "SegueTestFixtures",
            ]),
        .testTarget(
            name: "SegueScenarioTests",
            dependencies: [
                "SegueScenario", "SegueDiagnostics", "SegueDriver", "SegueModel", "SegueMachine",
            ]),
        .testTarget(
            name: "SegueExploreTests",
            dependencies: [
                "SegueExplore", "SegueCheck", "SegueDiagnostics", "SegueDriver", "SegueExpression", "SegueModel",
                "SegueREPL", "SegueMachine", "SegueScenario", "SegueTestFixtures",
            ],
            exclude: ["Check/Fixtures"]),
        .testTarget(
            name: "SegueREPLTests",
            dependencies: [
                "SegueREPL", "SegueCheck", "SegueDiagnostics", "SegueDriver", "SegueExpression", "SegueMachine",
                "SegueRuntime",
                "SegueScenario", "SegueServices", "SegueTestFixtures",
            ]),
        .testTarget(
            name: "SegueRenderTests",
            dependencies: [
                "SegueRender", "SegueCheck", "SegueDriver", "SegueExpression", "SegueModel", "SegueMachine",
                "SegueTestFixtures",
            ]),
        .testTarget(
            name: "SegueIntegrationTests",
            dependencies: [
                "SegueDriver", "SegueDiagram", "SegueScenario", "SegueExplore", "SegueREPL", "SegueRender",
                "SegueCheck", "SegueDiagnostics", "SegueExpression", "SegueModel", "SegueMachine", "SegueTestFixtures",
            ]),

        // `segue serve`: a hand-written HTTP/1.1 server on POSIX sockets and the page that runs a flow in a browser.
        .target(
            name: "SegueServe",
            dependencies: [
                "SegueDiagnostics", "SegueYAML", "SegueModel", "SegueMachine", "SegueRuntime", "SegueCheck",
                "SegueExpression",
                "SegueJSON", "SegueDriver", "SegueDiagram", "SegueScenario", "SegueREPL", "SegueRender",
            ]),
        .testTarget(
            name: "SegueServeTests",
            dependencies: ["SegueServe", "SegueDriver", "SegueScenario", "SegueREPL", "SegueMachine", "SegueRuntime"],
            exclude: ["Browser"]),

        // Audio: WAV files, recording, trim, gain, metering, mixdown, the recordings store (AudioService).
        .target(
            name: "SegueAudio",
            dependencies: ["SegueDiagnostics", "SegueSQLite", "SegueMachine", "SegueRuntime", "SegueExpression"]),
        .testTarget(
            name: "SegueAudioTests",
            dependencies: [
                "SegueDiagnostics", "SegueAudio", "SegueMachine", "SegueRuntime",
            ]),

        // `segue import scxml`: SCXML documents (read with libxml2, with positions) → flows, and the W3C suite's runner.
        .target(
            name: "SegueImport",
            dependencies: [
                "CLibXML2", "SegueDiagnostics", "SegueModel", "SegueExpression", "SegueMachine", "SegueRuntime",
                "SegueDriver",
                "SegueJSON", "SegueYAML",
            ]),
        .testTarget(
            name: "SegueImportTests",
            dependencies: [
                "SegueImport", "SegueDiagnostics", "SegueMachine", "SegueDriver", "SegueDiagram",
                "SegueREPL",
                "SegueCheck",
            ],
            exclude: ["Fixtures"]),

        // The language server (`segue lsp`): LSP 3.17 over stdio, reading the vocabulary and the checked model.
        .target(
            name: "SegueLanguageServer",
            dependencies: [
                "SegueDiagnostics", "SegueExpression", "SegueModel", "SegueCheck", "SegueMachine", "SegueExplore",
                "SegueJSON",
            ]),
        .testTarget(
            name: "SegueLanguageServerTests",
            dependencies: ["SegueLanguageServer", "SegueRuntime", "SegueJSON"],
            exclude: ["Neovim"]),

        // The command-line tool: argument parsing and terminal I/O only.
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueDiagnostics", "SegueYAML", "SegueModel", "SegueCheck", "SegueMachine", "SegueRuntime",
                "SegueAudio",
                "SegueFrontEnd", "CReadline", "SegueLanguageServer", "SegueServe", "SegueImport", "SegueJSON",
                "SegueDriver", "SegueDiagram", "SegueScenario", "SegueExplore", "SegueREPL", "SegueRender",
            ]),

        // Benchmarks: `swift run -c release segue-bench audio|load|dispatch|startup|lsp|check|import [--json]`.
        .executableTarget(
            name: "segue-bench",
            dependencies: [
                "SegueAudio", "SegueYAML", "SegueModel", "SegueCheck", "SegueDiagnostics", "SegueMachine",
                "SegueExplore", "SegueLanguageServer", "SegueImport", "SegueJSON",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
