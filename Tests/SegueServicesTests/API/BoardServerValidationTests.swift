import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueServices
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stub server refuses what the client refuses, with the same text: requests here skip the client's checks.
@Suite struct BoardServerValidationTests {
    /// Sends the arguments unchecked and reads the envelope.
    func sendUnchecked(_ endpoint: APIEndpoint, _ arguments: [APIArgument], to server: BoardServer) async throws
        -> ServiceOutcome
    {
        let request = try APIRequestEncoder.request(for: endpoint, arguments: arguments, baseURL: server.baseURL)
        let (body, response) = try await URLSession.shared.data(for: request.urlRequest)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return APIResponseDecoder.outcome(status: status, body: body, endpoint: endpoint)
    }

    func text(_ name: String, _ value: String) -> APIArgument {
        APIArgument(name: name, kind: .string, value: .string(value))
    }

    @Test func serverCountsCharactersLikeTheClient() async throws {
        try await withBoardServer { server in
            let decomposed = String(repeating: "e\u{0301}", count: 550)  // 550 Characters, 1100 code points
            let base = [text("user_id", "u"), text("name", "Анна"), text("surname", "С"), text("buy_package", "p")]
            let accepted = try await sendUnchecked(
                WallOfHonorContract.addEntry, base + [text("text", decomposed)], to: server)
            #expect(accepted.okValue?["text"] == .string(decomposed))
            let refused = try await sendUnchecked(
                WallOfHonorContract.addEntry,
                [text("user_id", "v")] + base.dropFirst() + [text("text", decomposed + "é")],
                to: server)
            #expect(refused.codeAndMessage?.code == "01")
        }
    }

    /// Characters the stub once counted differently from Swift (issue 16: 550 of them passed the form and were
    /// refused by the server, or the other way round).
    static let clusters = [
        "\u{1F1F7}\u{1F1FA}",  // a flag: two regional indicators
        "\u{1100}\u{1161}\u{11A8}",  // a Hangul syllable written as jamo
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",  // a family: an emoji ZWJ sequence
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",  // England's flag: tag characters
        "\u{0915}\u{094D}\u{0937}",  // a Devanagari conjunct (GB9c)
        "\u{0E01}\u{0E33}",  // Thai sara am, a spacing mark
        "\u{0600}\u{0661}",  // an Arabic number sign, which prepends
        "\r\n",
        "a\u{200C}",  // a zero-width non-joiner extends
    ]

    @Test func serverCountsEveryKindOfCharacterLikeSwift() async throws {
        // Between letters a zero-width joiner joins nothing, so Swift sees two Characters and so must the server.
        let pieces = Self.clusters + ["a\u{200D}b"]
        #expect(Self.clusters.allSatisfy { $0.count == 1 })
        try await withBoardServer { server in
            for (index, piece) in pieces.enumerated() {
                let fitting = String(repeating: piece, count: 550 / piece.count)
                #expect(fitting.count == 550)
                let base = [text("name", "Анна"), text("surname", "С"), text("buy_package", "p")]
                let accepted = try await sendUnchecked(
                    WallOfHonorContract.addEntry, [text("user_id", "a\(index)")] + base + [text("text", fitting)],
                    to: server)
                // (CR LF arrives as LF: line breaks in data are normalised; the count is what matters.)
                #expect(accepted.okValue?["text"]?.stringValue?.count == 550, "\(piece.unicodeScalars.map(\.value))")
                let refused = try await sendUnchecked(
                    WallOfHonorContract.addEntry,
                    [text("user_id", "r\(index)")] + base + [text("text", fitting + piece)], to: server)
                #expect(refused.codeAndMessage?.code == "01", "\(piece.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func serverRefusesWhatTheClientRefuses() async throws {
        try await withBoardServer { server in
            let cases: [(APIEndpoint, [APIArgument], [String: Value])] = [
                (WallOfHonorContract.listEntries, [text("count", "0")], ["count": .int(0)]),
                (WallOfHonorContract.listEntries, [text("count", "101")], ["count": .int(101)]),
                (WallOfHonorContract.listEntries, [text("offset", "-1")], ["offset": .int(-1)]),
                (WallOfHonorContract.listEntries, [text("count", "много")], ["count": .string("много")]),
                (
                    WallOfHonorContract.addEntry,
                    [text("user_id", "u"), text("surname", "Петров"), text("buy_package", "p")],
                    ["user_id": .string("u"), "surname": .string("Петров"), "buy_package": .string("p")]
                ),
                (
                    WallOfHonorContract.addEntry,
                    [
                        text("user_id", "u"), text("name", "Иван"), text("surname", "Петров"),
                        text("url", String(repeating: "ю", count: 501)), text("buy_package", "p"),
                    ],
                    [
                        "user_id": .string("u"), "name": .string("Иван"), "surname": .string("Петров"),
                        "url": .string(String(repeating: "ю", count: 501)), "buy_package": .string("p"),
                    ]
                ),
                (WallOfHonorContract.removeEntry, [text("user_id", " ")], ["user_id": .string(" ")]),
                // Nothing visible: a Hangul filler, a zero-width space, a tag character (issue 16).
                (
                    WallOfHonorContract.removeEntry, [text("user_id", "\u{3164}\u{200B}\u{E0041}")],
                    ["user_id": .string("\u{3164}\u{200B}\u{E0041}")]
                ),
            ]
            let client = HTTPAPIService(baseURL: server.baseURL)
            for (endpoint, unchecked, arguments) in cases {
                let fromServer = try await sendUnchecked(endpoint, unchecked, to: server)
                let fromClient = await client.call(endpoint, arguments: arguments)
                #expect(fromServer.codeMessage?.first == "01", "\(endpoint.name) \(arguments)")
                #expect(fromServer.codeMessage == fromClient.codeMessage)
            }
        }
    }
}

extension APIRequest {
    /// The same request for URLSession, the tests' own client (the services themselves never link it).
    var urlRequest: URLRequest {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        return request
    }
}
