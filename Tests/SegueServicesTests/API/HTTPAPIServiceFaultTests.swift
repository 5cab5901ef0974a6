import Foundation
import SegueExpression
import SegueMachine
import SegueServices
import Testing

/// How `HTTPAPIService` reports a server or network that misbehaves: each fault ends as one stable code.
@Suite struct HTTPAPIServiceFaultTests {
    @Test func slowServerPastTheTimeoutIsTimeout() async throws {
        try await withBoardServer { server in
            // The server would answer after 60 s, an answer the call would take as `ok`: ending as `timeout` is the
            // proof it ended at its 0.5 s timeout, with no clock read that a loaded machine could stretch.
            try await server.setFault("slow", options: ["seconds": "60"])
            var endpoint = WallOfHonorContract.listEntries
            endpoint.timeout = 0.5
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(endpoint, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "timeout")
            #expect(error?.message == "Сервер 127.0.0.1:\(server.port) не ответил за 0.5 с")
            #expect(try await server.abandoned(atLeast: 1).count == 1, "the connection was closed before the answer")
        }
    }

    @Test func slowServerWithinTheTimeoutAnswers() async throws {
        try await withBoardServer { server in
            try await server.setFault("slow", options: ["seconds": "0.3"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            #expect(outcome == .ok(.list([])))
        }
    }

    @Test func nothingListeningIsRefused() async throws {
        // Take a free port from the kernel, then close it so nothing listens there.
        let server = try await BoardServer.start()
        let port = server.port
        await server.stop()
        let outcome = await HTTPAPIService(baseURL: URL(string: "http://127.0.0.1:\(port)")!).call(
            WallOfHonorContract.listEntries, arguments: [:])
        let error = serviceError(of: outcome)
        #expect(error?.code == "refused")
        #expect(error?.message == "Сервер 127.0.0.1:\(port) недоступен: соединение отклонено")
        #expect(error?.details["url"] == .string("http://127.0.0.1:\(port)/board/list?offset=0&count=50"))
    }

    @Test func http500IsHTTPStatusWithTheBody() async throws {
        try await withBoardServer { server in
            try await server.setFault("http500")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "http_500")
            #expect(error?.message == "Сервер ответил с ошибкой HTTP 500")
            #expect(error?.details["http_status"] == .int(500))
            #expect(error?.details["body"] == .string("Internal Server Error: the board is down"))
        }
    }

    @Test func truncatedBodyIsConnectionReset() async throws {
        try await withBoardServer { server in
            try await server.setFault("truncated")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "connection_reset", "\(error?.details ?? [:])")
            #expect(
                error?.message
                    == "Соединение с сервером 127.0.0.1:\(server.port) оборвалось, ответ получен не полностью")
        }
    }

    @Test func connectionResetIsConnectionReset() async throws {
        try await withBoardServer { server in
            try await server.setFault("reset")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            #expect(serviceError(of: outcome)?.code == "connection_reset")
        }
    }

    @Test func nonJSONBodyIsMalformedJSON() async throws {
        try await withBoardServer { server in
            try await server.setFault("non_json")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "malformed_json")
            // The stub's page has no title: the Server header names it, and no markup is quoted.
            #expect(
                error?.message.hasPrefix("Сервер прислал HTML-страницу (BaseHTTP/") == true,
                "\(String(describing: error))")
            #expect(error?.message.hasSuffix(") вместо JSON") == true)
            #expect(error?.details["body"]?.stringValue?.contains("<html>") == false)
        }
    }

    @Test func jsonWithoutErrorFieldIsMissingEnvelope() async throws {
        try await withBoardServer { server in
            try await server.setFault("no_envelope")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "missing_envelope")
            #expect(error?.message == "В ответе сервера нет поля «Error»: {Data: []}")
        }
    }

    @Test func codeOutsideTheTableIsUnknownCode() async throws {
        try await withBoardServer { server in
            try await server.setFault("unknown_code")
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = serviceError(of: outcome)
            #expect(error?.code == "unknown_code")
            #expect(error?.message == "Сервер ответил неизвестным кодом «99»")
            #expect(error?.details["raw_code"] == .string("99"))
        }
    }

    @Test(arguments: [false, true])
    func serverTextBecomesTheMessage(inData: Bool) async throws {
        try await withBoardServer { server in
            var options = ["code": "11", "message": "На счёте недостаточно средств для доната"]
            if inData { options["in_data"] = "1" }
            try await server.setFault("code", options: options)
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.removeEntry, arguments: ["user_id": .string("u1")])
            let error = serviceError(of: outcome)
            #expect(error?.code == "11")
            #expect(error?.message == "На счёте недостаточно средств для доната")
            #expect(error?.details["meaning"] == .string("Недостаточно средств"))
        }
    }

    @Test func errorCodeWithoutServerTextUsesTheMeaning() async throws {
        try await withBoardServer { server in
            try await server.setFault("code", options: ["code": "20"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.removeEntry, arguments: ["user_id": .string("u1")])
            #expect(
                outcome
                    == .error(
                        ServiceError(
                            service: "api", code: "20", message: "Ошибка при записи",
                            details: [
                                "endpoint": .string("remove_entry"), "http_status": .int(200),
                                "raw_code": .string("20"),
                                "meaning": .string("Ошибка при записи"),
                            ])))
        }
    }

    @Test func cancelledTaskEndsCancelled() async throws {
        try await withBoardServer { server in
            // The server would answer after 60 s, watching the connection meanwhile: it notes a client that closes
            // it first. That note, not a clock, is the proof the cancel ended the call before the answer.
            try await server.setFault("slow", options: ["seconds": "60"])
            let service = HTTPAPIService(baseURL: server.baseURL)
            let task = Task { await service.call(WallOfHonorContract.listEntries, arguments: [:]) }
            // Cancelled once the request is at the server, waiting there.
            _ = try await server.requestCount(atLeast: 1)
            task.cancel()
            #expect(try await server.abandoned(atLeast: 1).count == 1, "the connection was kept until the answer")
            let outcome = await task.value
            #expect(outcome == .cancelled)
        }
    }
}
