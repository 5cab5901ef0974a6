import Foundation
import SegueDiagnostics
import SegueScenario

/// Bytes as a scenario file.
enum ScenarioFuzz {
    static func run(_ data: Data) {
        _ = try? ScenarioParser.parse(SourceFile(path: "scenario.yaml", bytes: [UInt8](data)))
    }
}
