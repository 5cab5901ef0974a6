import Foundation
import SegueExpression
import SegueServices
import Testing

/// One entry that breaks the result contract is left out with a warning naming it, and the rest of the page shows;
/// an HTML error page is summarised by its title and server, never quoted.
@Suite struct APIListToleranceTests {
    static let contract = APIResultContractTests.contract

    static func screened(_ data: Value, count: Int = 50) -> Result<
        (data: Value, leftOut: [APIResultContract.LeftOut]), APIResultContract.Refusal
    > {
        contract.screened(data, arguments: ["count": .int(count)], endpoint: WallOfHonorContract.listEntries)
    }

    static func entry(_ name: String, text: Value = .null) -> Value {
        APIResultContractTests.record(.string(name), text: text)
    }

    @Test func aBadItemIsLeftOutAndNamedTheRestKept() throws {
        let long = Value.string(String(repeating: "ж", count: 800))
        let data = Value.list([Self.entry("A"), Self.entry("B", text: long), .int(7), Self.entry("D")])
        let (kept, leftOut) = try Self.screened(data).get()
        #expect(kept == .list([Self.entry("A"), Self.entry("D")]))
        #expect(
            leftOut == [
                .init(index: 1, problem: "Data[1].text: 800 characters, the contract allows 550"),
                .init(index: 2, problem: "Data[2]: expected Entry, found 7"),
            ])
    }

    @Test func aWholeResultThatBreaksTheContractIsStillRefused() {
        let bad = Value.list([.int(1), .int(2)])
        #expect(throws: APIResultContract.Refusal.self) { try Self.screened(bad).get() }
        #expect(throws: APIResultContract.Refusal.self) { try Self.screened(.string("x")).get() }
        let tooMany = Value.list(Array(repeating: Self.entry("A"), count: 6))
        #expect(throws: APIResultContract.Refusal.self) { try Self.screened(tooMany, count: 5).get() }
        #expect((try? Self.screened(.list([])).get())?.leftOut == [])
    }

    /// Three entries on the stub board, the middle one's text made 800 Characters long by the server.
    @Test func theWallShowsTheOtherEntriesAndTheTraceSaysWhichWasLeftOut() async throws {
        try await withBoardServer { server in
            let api = APIFlowService(
                endpoints: WallOfHonorContract.endpoints, service: HTTPAPIService(baseURL: server.baseURL),
                results: ["list_entries": Self.contract])
            for name in ["Анна", "Борис", "Вера"] {
                let added = await api.call(
                    "add_entry",
                    arguments: [
                        "user_id": .string("u-\(name)"), "name": .string(name), "surname": .string("Л"),
                        "buy_package": .string("donate.small"),
                    ])
                #expect(added.okValue != nil, "\(added)")
            }
            try await server.setFault("long_text", options: ["index": "1", "length": "800"])
            let answer = await api.answer("list_entries", arguments: ["count": .int(50)], call: 1)
            let names = answer.outcome.okValue?.listValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == ["Вера", "Анна"])
            #expect(
                answer.log == [
                    "warning: list_entries: item 1 of the list left out, it breaks the result contract: "
                        + "Data[1].text: 800 characters, the contract allows 550"
                ])
            // A page where every entry breaks it is an error, not an empty wall.
            try await server.setFault("code", options: ["code": "10", "message": "x", "in_data": "1"])
            #expect(serviceError(of: await api.call("list_entries", arguments: [:]))?.code == "bad_response")
        }
    }

    @Test func anHTMLErrorPageIsSummarisedNeverQuoted() async throws {
        try await withBoardServer { server in
            try await server.setFault("html_error", options: ["status": "502", "server": "nginx"])
            let outcome = await HTTPAPIService(baseURL: server.baseURL).call(
                WallOfHonorContract.listEntries, arguments: [:])
            let error = try #require(serviceError(of: outcome))
            #expect(error.code == "http_502")
            #expect(
                error.message == "Сервер ответил с ошибкой HTTP 502 и прислал HTML-страницу (502 Bad Gateway, nginx)")
            let body = error.details["body"]?.stringValue ?? ""
            #expect(body.hasPrefix("the server sent an HTML page (502 Bad Gateway, nginx), "), "\(body)")
            for shown in [error.message, body] {
                #expect(!shown.contains("<") && !shown.contains("SECRET-INTERNAL-HOST"), "\(shown)")
            }
        }
    }

    @Test func anHTMLPageInsteadOfJSONIsNamedByItsTitle() {
        let page = Data(
            "\u{FEFF}  <!doctype HTML><html><head><title>Sign in &amp; \u{1B}[2Jgo</title></head></html>".utf8)
        let outcome = APIResponseDecoder.outcome(
            status: 200, body: page, endpoint: WallOfHonorContract.listEntries, headers: ["server": "captive"])
        #expect(
            serviceError(of: outcome)?.message == "Сервер прислал HTML-страницу (Sign in & [2Jgo, captive) вместо JSON")
        // JSON that merely mentions HTML is not an HTML page.
        #expect(HTMLBody.summary(Data("{\"Data\": \"<html>\"}".utf8), headers: [:]) == nil)
        #expect(HTMLBody.summary(Data("<p>hi</p>".utf8), headers: ["content-type": "text/html; charset=utf-8"]) == "")
    }
}
