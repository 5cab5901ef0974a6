import Foundation
import SegueDiagnostics
import SegueExpression
import SegueJSON
import SegueMachine
import SegueRuntime

/// User defaults kept in a JSON object in one file (or in memory), standing in for `UserDefaults`.
///
///     let defaults = try JSONDefaults(file: URL(fileURLWithPath: ".segue/defaults.json"))
///     try await defaults.set(.string("test-user"), forKey: "MatimatikProfileID")
///     await defaults.value(forKey: "MatimatikProfileID")   // .string("test-user")
///
/// A missing key is nil. Every change rewrites the file atomically (temporary file, `fsync`, rename), with keys
/// sorted, so the file can be read and edited by hand.
public actor JSONDefaults: DefaultsService {
    /// The file, or nil when the defaults live in memory only.
    public nonisolated let file: URL?
    /// The data directory `file` must stay in: a link to somewhere outside it is refused, never written through.
    public nonisolated let dataDirectory: String?
    private var values: [String: Value]

    /// Defaults in memory, starting with `values`; nothing touches the disk.
    public init(values: [String: Value] = [:]) {
        self.file = nil
        self.dataDirectory = nil
        self.values = values
    }

    /// Defaults in `file` (inside `dataDirectory` when given); a missing file is empty defaults, a malformed one an
    /// error with its line and column.
    public init(file: URL, within dataDirectory: String? = nil) throws(ServiceError) {
        self.file = file
        self.dataDirectory = dataDirectory
        guard FileManager.default.fileExists(atPath: file.path) else {
            self.values = [:]
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ServiceError(
                service: "defaults", code: "unreadable", message: "Cannot read the defaults file \(file.path)",
                details: ["file": .string(file.path)])
        }
        let root: Value
        do {
            root = Value(json: try JSON.parse(data))
        } catch {
            throw ServiceError(
                service: "defaults", code: "corrupt_defaults",
                message: "\(file.path):\(error.line):\(error.column): \(error.message)",
                details: ["file": .string(file.path), "line": .int(error.line), "column": .int(error.column)])
        }
        guard case .record(let fields) = root else {
            throw ServiceError(
                service: "defaults", code: "corrupt_defaults",
                message:
                    "\(file.path): the defaults file must hold a JSON object, not \(JSONPathReader.describe(root))",
                details: ["file": .string(file.path)])
        }
        self.values = fields
    }

    public func value(forKey key: String) async -> Value? {
        values[key]
    }

    /// Stores `value` under `key`; nil removes the key. On a write failure nothing changes.
    public func set(_ value: Value?, forKey key: String) async throws(ServiceError) {
        var changed = values
        changed[key] = value
        try save(changed)
        values = changed
    }

    /// Every key and value, for inspection (the REPL shows them).
    public var allValues: [String: Value] { values }

    private func save(_ values: [String: Value]) throws(ServiceError) {
        guard let file else { return }
        do {
            let data = Data(JSONWriter.bytes(of: Value.record(values).jsonValue, pretty: true))
            try AtomicFile.write(data, to: file, within: dataDirectory)
        } catch {
            throw ServiceError(
                service: "defaults", code: "write_failed", message: "Cannot save the defaults: \(error)",
                details: ["file": .string(file.path)])
        }
    }
}
