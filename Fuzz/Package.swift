// swift-tools-version: 6.0
import PackageDescription

// Fuzz targets for Segue's parsers and decoders, built apart from the main package so that libFuzzer's `main` and
// the sanitizers never touch the normal build: `scripts/fuzz.sh TARGET [SECONDS]` (docs/fuzzing.md).
let package = Package(
    name: "SegueFuzz",
    dependencies: [.package(name: "Segue", path: "..")],
    targets: [
        .executableTarget(
            name: "segue-fuzz",
            dependencies: [
                .product(name: "SegueCheck", package: "Segue"),
                .product(name: "SegueDiagnostics", package: "Segue"),
                .product(name: "SegueExpression", package: "Segue"),
                .product(name: "SegueJSON", package: "Segue"),
                .product(name: "SegueMachine", package: "Segue"),
                .product(name: "SegueRuntime", package: "Segue"),
                .product(name: "SegueServices", package: "Segue"),
                .product(name: "SegueAudio", package: "Segue"),
                .product(name: "SegueScenario", package: "Segue"),
                .product(name: "SegueImport", package: "Segue"),
                .product(name: "SegueLanguageServer", package: "Segue"),
                .product(name: "SegueServe", package: "Segue"),
            ],
            // libFuzzer brings `main`; the harness only exports LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ],
    swiftLanguageModes: [.v6]
)
