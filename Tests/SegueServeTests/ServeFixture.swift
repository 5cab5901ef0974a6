import Foundation
import SegueDriver

@testable import SegueServe

/// The package root, the seed flows and scratch copies of the hello example for the serve tests.
enum ServeFixture {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The built `segue` binary, when `swift build` has made it.
    static var binary: String? {
        let candidates = [
            root + "/.build/debug/segue",
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("segue").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let options = ServiceOptions(dataDirectory: nil, boardEntries: 12, root: root)

    /// `flows/NAME.yaml` served on fresh embedded services.
    static func served(_ name: String) async throws -> ServedFlow {
        try await ServedFlow.open(path: root + "/flows/\(name).yaml", options: options, hub: EventHub())
    }

    /// A scratch directory holding a copy of examples/hello/hello.yaml, for tests that edit the flow file.
    static func helloCopy() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("hello.yaml").path
        try FileManager.default.copyItem(atPath: root + "/examples/hello/hello.yaml", toPath: path)
        return path
    }

    static func edit(_ path: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try change(text).write(toFile: path, atomically: true, encoding: .utf8)
    }
}

extension ServedFlow {
    /// The top screen's name now.
    var screenName: String? { snapshot().screen?.screen }

    @discardableResult
    func tap(_ path: String) async -> Bool { await perform(.steps([.tap(path)])) }

    @discardableResult
    func type(_ path: String, _ text: String) async -> Bool {
        await perform(.steps([text.isEmpty ? .clear(field: path) : .fill(field: path, text: text)]))
    }

    func field(_ path: String) -> PageInput? { snapshot().inputs.first { $0.kind == "edit" && $0.path == path } }
}
