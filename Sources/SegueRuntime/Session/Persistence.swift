import Foundation
import SegueDiagnostics
import SegueExpression
import SegueJSON

/// Why saved data could not be read or written.
public struct PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Where `persist: true` variables are kept between launches.
public protocol Persistence: Sendable {
    func load() async throws(PersistenceError) -> [String: Value]
    func save(_ values: [String: Value]) async throws(PersistenceError)
}

/// Persistence in memory, for tests: what was saved, and how many times.
public actor MemoryPersistence: Persistence {
    public private(set) var values: [String: Value]
    public private(set) var saves = 0

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    public func load() -> [String: Value] { values }

    public func save(_ values: [String: Value]) {
        self.values = values
        saves += 1
    }
}

/// Persistence in a JSON file, written atomically by `AtomicFile` (a temporary file beside it, flushed, renamed).
///
///     let persistence = FilePersistence(path: "~/.segue/donate.json")
public struct FilePersistence: Persistence {
    public var path: String

    public init(path: String) {
        self.path = (path as NSString).expandingTildeInPath
    }

    /// The saved values; an absent file is an empty dictionary, a damaged one an error.
    public func load() throws(PersistenceError) -> [String: Value] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PersistenceError(path: path, reason: "cannot read saved data: \(error.localizedDescription)")
        }
        let saved: JSON
        do {
            saved = try JSON.parse(data)
        } catch {
            throw PersistenceError(path: path, reason: "cannot read saved data: \(error) (not JSON)")
        }
        guard case .record(let values) = Value(json: saved) else {
            throw PersistenceError(path: path, reason: "cannot read saved data: the file holds no JSON object")
        }
        return values
    }

    public func save(_ values: [String: Value]) throws(PersistenceError) {
        let data = Data(JSONWriter.bytes(of: Value.record(values).jsonValue, pretty: true))
        do {
            // Saved data is this user's (0600), and never written through a link out of its folder.
            try AtomicFile.write(
                data, to: URL(fileURLWithPath: path), mode: 0o600, within: PathName.directory(of: path))
        } catch {
            throw PersistenceError(path: path, reason: error.reason)
        }
    }
}
