import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueServices
import Testing

/// The two implementations of the wall-of-honor contract the same suite runs against.
enum BoardKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case local
    case http

    var testDescription: String { self == .local ? "LocalBoard" : "HTTPAPIService + board_server.py" }
}

/// A board under test: the service, plus what a test needs to look behind it.
struct BoardFixture: Sendable {
    var service: any APIService
    /// A scratch directory, removed afterwards (photos to upload; the local board's data).
    var directory: URL
    /// The stub server, for `.http`.
    var server: BoardServer?

    /// The bytes the board stored for an uploaded photo, given the entry record that refers to it.
    func storedPhoto(id: String, entry: Value) async throws -> Data? {
        if let server { return try await server.photo(id: id) }
        guard let url = entry["photo_url"]?.stringValue.flatMap(URL.init(string:)) else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }

    @discardableResult
    func call(_ endpoint: APIEndpoint, _ arguments: [String: Value] = [:]) async -> ServiceOutcome {
        await service.call(endpoint, arguments: arguments)
    }
}

/// A fresh scratch directory under the system's temporary directory.
func makeScratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Runs `body` against a fresh, empty board of `kind`, and cleans up (server stopped, directory removed) afterwards.
func withBoard<Result>(_ kind: BoardKind, _ body: (BoardFixture) async throws -> Result) async throws -> Result {
    let directory = try makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    switch kind {
    case .local:
        let board = try LocalBoard(.inMemory(dataDirectory: directory.appendingPathComponent("board").path))
        return try await body(BoardFixture(service: board, directory: directory))
    case .http:
        return try await withBoardServer { server in
            try await body(
                BoardFixture(service: HTTPAPIService(baseURL: server.baseURL), directory: directory, server: server))
        }
    }
}

extension ServiceOutcome {
    /// The error's code and message, or nil for other outcomes.
    var codeAndMessage: (code: String, message: String)? {
        guard case .error(let error) = self else { return nil }
        return (error.code, error.message)
    }

    /// `[code, message]` of an error, or nil: easy to compare in one expectation.
    var codeMessage: [String]? {
        codeAndMessage.map { [$0.code, $0.message] }
    }

    var okValue: Value? {
        guard case .ok(let value) = self else { return nil }
        return value
    }
}

extension Value {
    /// The record without the fields that depend on the implementation or the time (`photo_url`, `created_at`).
    var comparable: Value {
        guard var fields = recordValue else { return self }
        fields["photo_url"] = nil
        fields["created_at"] = nil
        return .record(fields)
    }
}

extension APIService {
    /// `call(_:arguments:)` with the label left out, as the tests read best.
    @discardableResult
    func call(_ endpoint: APIEndpoint, _ arguments: [String: Value] = [:]) async -> ServiceOutcome {
        await call(endpoint, arguments: arguments)
    }
}
