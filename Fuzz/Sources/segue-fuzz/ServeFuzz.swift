import Foundation

@testable import SegueServe

/// Bytes as what a client sends `segue serve` on one connection: read as the server reads them
/// (`HTTPRequestReader`, in reads of a size the first byte picks), then through who-may-ask (`ServeAccess`, with a
/// token the seeds carry) and, for a request it lets through, the decoding of what the page posts; every answer is
/// written out as it would go on the wire.
enum ServeFuzz {
    /// The run's token in the seeds' `?token=` and cookies, so inputs reach past the token check.
    static let token = String(repeating: "5e", count: 32)
    static let access = ServeAccess(host: "127.0.0.1", port: 8765, token: token)

    static func run(_ data: Data) {
        guard let mode = data.first else { return }
        let stream = data.dropFirst()
        let readSize = mode == 0 ? max(stream.count, 1) : Int(mode)
        var reader = HTTPRequestReader()
        var offset = stream.startIndex
        while offset < stream.endIndex {
            let end = min(offset + readSize, stream.endIndex)
            let progress = reader.receive(stream[offset..<end])
            offset = end
            switch progress {
            case .incomplete: continue
            case .failure(let status, let message):
                _ = HTTPResponse.text(message + "\n", status: status).wire()
            case .request(let request):
                _ = answer(request).wire()
            }
            return
        }
    }

    /// What the server answers without a flow: a refusal, the token's redirect, or the decoding of a POST's body.
    static func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = access.answer(to: request) { return refusal }
        guard request.method == "POST" else { return .text("ok\n") }
        if let refusal = ServeRoutes.refusal(of: request) { return refusal }
        if request.path == "/input" {
            do {
                // Each step the page posts is written back as the REPL and a scenario would write it.
                if case .steps(let steps) = try PageCommand.decode(request.body) {
                    for step in steps { _ = (step.replText, step.scenarioText) }
                }
            } catch {
                return .text(error.description + "\n", status: .badRequest)
            }
        } else {
            _ = ServeRoutes.object(request.body)
        }
        return .text("ok\n")
    }
}
