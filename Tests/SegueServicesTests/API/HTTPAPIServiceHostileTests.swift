import Foundation
import SegueExpression
import Testing

@testable import SegueServices

/// A server that means harm (issue 16): redirects elsewhere, resets, 401s, bombs and floods end as error outcomes,
/// quickly, with flat memory and no CPU spent waiting.
@Suite struct HTTPAPIServiceHostileTests {
    static let entry: [String: Value] = [
        "user_id": .string("u-1"), "name": .string("Иван"), "surname": .string("Петров"),
        "buy_package": .string("donate.small"),
    ]

    @Test(arguments: [302, 307])
    func postRedirectedToAnotherServerIsNeitherChangedNorReplayed(status: Int) async throws {
        try await withBoardServer { server in
            try await withBoardServer { other in
                try await server.setFault(
                    "redirect", options: ["status": String(status), "location": "\(other.baseURL)/board/add"])
                let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                    WallOfHonorContract.addEntry, arguments: Self.entry)
                let error = serviceError(of: outcome)
                #expect(error?.code == "redirect")
                #expect(
                    error?.message
                        == "Сервер перенаправил запрос на другой адрес (http://127.0.0.1:\(other.port)); "
                        + "запрос туда не отправлен")
                #expect(error?.details["http_status"] == .int(status))
                #expect(try await other.requestCount() == 0)
            }
        }
    }

    @Test func listRedirectedToAnotherServerShowsNothingFromIt() async throws {
        try await withBoardServer { server in
            try await withBoardServer { other in
                _ = await HTTPAPIService(baseURL: other.baseURL).call(
                    WallOfHonorContract.addEntry, arguments: Self.entry)
                try await server.setFault("redirect", options: ["location": "\(other.baseURL)/board/list"])
                let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                    WallOfHonorContract.listEntries, arguments: [:])
                #expect(serviceError(of: outcome)?.code == "redirect")
                #expect(try await other.requestCount() == 1, "only the add above reached the other server")
            }
        }
    }

    @Test func redirectWithinTheSameServerIsFollowedForAGet() async throws {
        try await withBoardServer { server in
            _ = await HTTPAPIService(baseURL: server.baseURL).call(WallOfHonorContract.addEntry, arguments: Self.entry)
            try await server.setFault("redirect", options: ["status": "301", "location": "/board/list?count=5"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            #expect(outcome.okValue?.listValue?.compactMap { $0["user_id"]?.stringValue } == ["u-1"])
        }
    }

    @Test func postRedirectedWithinTheSameServerBy303IsNotTurnedIntoAGet() async throws {
        try await withBoardServer { server in
            try await server.setFault("redirect", options: ["status": "303", "location": "/board/list"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.addEntry, arguments: Self.entry)
            #expect(
                serviceError(of: outcome)?.message
                    == "Сервер перенаправил запрос POST с ответом 303; запрос не повторён")
            #expect(try await server.requestCount() == 1)
        }
    }

    @Test func redirectToAFileIsRefused() async throws {
        try await withBoardServer { server in
            try await server.setFault("redirect", options: ["location": "file:///etc/passwd"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            #expect(serviceError(of: outcome)?.code == "redirect")
        }
    }

    @Test func resetDuringAPostIsReportedAtOnceAndNotRetried() async throws {
        try await withBoardServer { server in
            try await server.setFault("reset")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.addEntry, arguments: Self.entry)
            // Reported at once: a call that waited for the endpoint's 15 s timeout would end as `timeout`, so the
            // code tells, with no clock a loaded machine could stretch.
            #expect(serviceError(of: outcome)?.code == "connection_reset")
            #expect(try await server.requestCount() == 1, "the POST was sent again")
        }
    }

    @Test func unauthorizedWithAChallengeIsHTTP401() async throws {
        try await withBoardServer { server in
            try await server.setFault("unauthorized")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            // Not waited on: a call that waited for the endpoint's 15 s timeout would end as `timeout`, not `http_401`.
            let error = serviceError(of: outcome)
            #expect(error?.code == "http_401")
            #expect(error?.message == "Сервер ответил с ошибкой HTTP 401")
        }
    }

    @Test func cutShortChunkedBodyIsConnectionReset() async throws {
        try await withBoardServer { server in
            try await server.setFault("chunked_cut")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            #expect(serviceError(of: outcome)?.code == "connection_reset")
        }
    }

    @Test(arguments: [
        ("large", ["bytes": "50000000"]), ("endless", [:]), ("gzip_bomb", ["bytes": String(64 << 20)]),
    ])
    func bodiesPastTheCapAreRefusedWithFlatMemory(mode: String, options: [String: String]) async throws {
        try await withBoardServer { server in
            try await server.setFault(mode, options: options)
            let before = peakResidentBytes()
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "response_too_large")
            #expect(error?.message == "Ответ сервера 127.0.0.1:\(server.port) больше 8 МиБ: он не прочитан")
            let grown = peakResidentBytes() - before
            #expect(grown < 64 << 20, "peak memory grew by \(grown >> 20) MiB")
        }
    }

    @Test func theCapIsTheEndpoints() async throws {
        try await withBoardServer { server in
            try await server.setFault("large", options: ["bytes": "2000"])
            var endpoint = WallOfHonorContract.listEntries
            endpoint.maxResponseBytes = 1024
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(endpoint, arguments: [:])
            #expect(
                serviceError(of: outcome)?.message
                    == "Ответ сервера 127.0.0.1:\(server.port) больше 1 КиБ: он не прочитан")
            try await server.setFault("large", options: ["bytes": "1000"])
            #expect(await HTTPAPIService(baseURL: server.baseURL).call(endpoint, arguments: [:]) == .ok(.list([])))
        }
    }

    @Test func waitingOnASilentServerCostsNoCPU() async throws {
        try await withBoardServer { server in
            try await server.setFault("slow", options: ["seconds": "3"])
            let url = try #require(URL(string: "\(server.baseURL)/board/list"))
            let (result, cpuSeconds) = await HTTPTransport.measuredExchange(
                .init(url: url, method: "GET", headers: [], body: Data(), timeout: 1.5, maxBodyBytes: 1 << 20))
            #expect(result == .failure(.timeout))
            #expect(cpuSeconds < 0.15, "waiting 1.5 s took \(cpuSeconds) s of CPU")
        }
    }

    @Test func serverTextIsShownWithoutControlsAndCapped() async throws {
        try await withBoardServer { server in
            let hostile =
                "\u{1B}[2J\u{1B}]0;pwned\u{07}Оплачено\r\nвсё\u{0}\u{202E}txt.exe" + String(repeating: "Я", count: 5000)
            try await server.setFault("code", options: ["code": "11", "message": hostile])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.removeEntry, arguments: ["user_id": .string("u1")])
            let message = serviceError(of: outcome)?.message ?? ""
            #expect(message.hasPrefix("[2J]0;pwnedОплачено всёtxt.exeЯЯ"))
            #expect(message.count == ServerText.maximumLength + 1 && message.hasSuffix("…"))
        }
    }

    @Test func stringsInTheDataAreDrawnWithoutControls() async throws {
        // Another user's entry (or a hostile server's) reaches every screen that lists the board: its ESC sequences,
        // carriage returns, bells and bidi overrides are dropped, its line breaks kept.
        try await withBoardServer { server in
            let api = HTTPAPIService(baseURL: server.baseURL)
            var hostile = Self.entry
            hostile["name"] = .string("\u{1B}[31mИван\u{1B}[2J\u{202E}")
            hostile["surname"] = .string("Петров\r\nВнедрённая строка")
            hostile["text"] = .string("Спасибо\u{07}\u{1B}]0;title\u{07}\nВторая строка\u{0}")
            let added = await api.call(WallOfHonorContract.addEntry, arguments: hostile)
            #expect(added.okValue?["name"] == .string("[31mИван[2J"))
            let listed = await api.call(WallOfHonorContract.listEntries, arguments: [:])
            let entry = listed.okValue?.listValue?.first
            #expect(entry?["name"] == .string("[31mИван[2J"))
            #expect(entry?["surname"] == .string("Петров\nВнедрённая строка"))
            #expect(entry?["text"] == .string("Спасибо]0;title\nВторая строка"))
            #expect(entry?["buy_package"] == .string("donate.small"), "clean strings are kept as they are")
        }
    }

    private func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
