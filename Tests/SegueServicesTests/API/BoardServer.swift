import Foundation
import SegueMachine
import SegueRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running `Tests/Servers/board_server.py` on 127.0.0.1 with a port of its own; stop it with `stop()`.
final class BoardServer: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let process: ChildProcess
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static let scriptPath: String = {
        // Tests/SegueServicesTests/API/BoardServer.swift → Tests/Servers/board_server.py
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/board_server.py").path
    }()

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts the server and waits for the port it prints on its first line.
    static func start() async throws -> BoardServer {
        let process = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", scriptPath, "--port", "0"])
        var bytes = Data()
        for await chunk in process.output {
            if case .standardOutput(let more) = chunk { bytes.append(more) }
            if bytes.contains(UInt8(ascii: "\n")) { break }
        }
        let line = String(decoding: bytes, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), port > 0 else {
            await process.stop()
            throw StartError(description: "board_server.py did not print its port (got \(line.debugDescription))")
        }
        return BoardServer(process: process, port: port)
    }

    /// Stops the server: SIGTERM, then SIGKILL if it is still running after two seconds.
    func stop() async {
        await process.stop(grace: .seconds(2))
    }

    /// Sets a fault for the next `times` requests (0: until cleared) through the control endpoint.
    func setFault(_ mode: String, options: [String: String] = [:], times: Int = 1) async throws {
        var fields = options
        fields["mode"] = mode
        fields["times"] = String(times)
        let body = fields.sorted { $0.key < $1.key }.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
        var request = URLRequest(url: baseURL.appendingPathComponent("_control/fault"))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        _ = try await URLSession.shared.data(for: request)
    }

    /// How many contract requests (not control requests) the server has received, once there are `atLeast` (the
    /// server answers when they have arrived, or after 30 s).
    func requestCount(atLeast: Int = 0) async throws -> Int {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/requests?at_least=\(atLeast)")!
        return Int(String(decoding: try await URLSession.shared.data(from: url).0, as: UTF8.self)) ?? -1
    }

    /// The seconds after which clients closed `slow` requests' connections before the answer (cancelled calls).
    func abandoned(atLeast: Int = 0) async throws -> [Double] {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/abandoned?at_least=\(atLeast)")!
        return try JSONDecoder().decode([Double].self, from: try await URLSession.shared.data(from: url).0)
    }

    /// The bytes the server received for an uploaded photo.
    func photo(id: String) async throws -> Data {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/photo?id=\(id)")!
        return try await URLSession.shared.data(from: url).0
    }
}

/// Runs `body` with a fresh server and stops the server afterwards, whether `body` returned or threw.
func withBoardServer<Result>(_ body: (BoardServer) async throws -> Result) async throws -> Result {
    let server = try await BoardServer.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The outcome's error, recording an issue when the call did not fail.
func serviceError(of outcome: ServiceOutcome, sourceLocation: SourceLocation = #_sourceLocation) -> ServiceError? {
    guard case .error(let error) = outcome else {
        Issue.record("expected an error, got \(outcome)", sourceLocation: sourceLocation)
        return nil
    }
    return error
}
