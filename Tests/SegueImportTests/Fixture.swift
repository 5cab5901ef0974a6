import Foundation
import SegueDiagnostics

/// The SCXML files beside these tests.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func source(_ name: String) throws -> SourceFile {
        let url = root.appendingPathComponent(name)
        return SourceFile(path: "Fixtures/" + name, bytes: Array(try Data(contentsOf: url)))
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }
}
