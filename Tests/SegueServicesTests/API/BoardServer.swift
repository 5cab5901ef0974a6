import Foundation
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

    let process: Process
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static let scriptPath: String = {
        // Tests/SegueServicesTests/API/BoardServer.swift → Tests/Servers/board_server.py
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/board_server.py").path
    }()

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts the server and waits for the port it prints on its first line.
    static func start() async throws -> BoardServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let line: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), port > 0 else {
            process.terminate()
            process.waitUntilExit()
            throw StartError(description: "board_server.py did not print its port (got \(line.debugDescription))")
        }
        return BoardServer(process: process, port: port)
    }

    /// Stops the server: SIGTERM, then SIGKILL if it is still running after two seconds.
    func stop() {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
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

    /// How many contract requests (not control requests) the server has received.
    func requestCount() async throws -> Int {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/requests")!
        return Int(String(decoding: try await URLSession.shared.data(from: url).0, as: UTF8.self)) ?? -1
    }

    /// The seconds after which clients closed `slow` requests' connections before the answer (cancelled calls).
    func abandoned() async throws -> [Double] {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/abandoned")!
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
        server.stop()
        return result
    } catch {
        server.stop()
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
