import Foundation
import SegueExpression
import SegueMachine
import SegueServices
import Testing

/// Data that does not match an endpoint's declared `result:` or the contract's limits is an error, not a wall of
/// "null null" (issue 16).
@Suite struct APIResultContractTests {
    static let entry = ValueType.record(
        RecordType(
            name: "Entry",
            fields: [
                .init(name: "user_id", type: .string), .init(name: "name", type: .string),
                .init(name: "text", type: .optional(.string)),
            ]))
    static let contract = APIResultContract(
        type: .list(entry), fieldLimits: ["name": 100, "text": 550], pageSizeParameter: "count")

    static func record(_ name: Value, text: Value = .null) -> Value {
        .record(["user_id": .string("u"), "name": name, "text": text])
    }

    func problem(_ data: Value, count: Int = 50) -> String? {
        Self.contract.problem(in: data, arguments: ["count": .int(count)], endpoint: WallOfHonorContract.listEntries)
    }

    @Test func dataThatKeepsTheContractPasses() {
        #expect(problem(.list([Self.record(.string("Анна"), text: .string("Спасибо"))])) == nil)
        #expect(problem(.list([])) == nil)
    }

    @Test func eachBreachNamesWhereItIs() {
        #expect(problem(.record(["x": .int(1)])) == "Data: expected list<Entry>, found {x: 1}")
        #expect(problem(.list([.record(["user_id": .string("u")])])) == "Data[0].name: missing")
        #expect(problem(.list([Self.record(.int(123))])) == "Data[0].name: expected string, found 123")
        let long = String(repeating: "é", count: 551)
        #expect(
            problem(.list([Self.record(.string("A"), text: .string(long))]))
                == "Data[0].text: 551 characters, the contract allows 550")
        #expect(problem(.list(Array(repeating: Self.record(.string("A")), count: 51))) == "Data: 51 items for count=50")
        #expect(problem(.list(Array(repeating: Self.record(.string("A")), count: 6)), count: 5) != nil)
    }

    @Test func aServersWrongDataIsAnErrorForTheUser() async throws {
        try await withBoardServer { server in
            try await server.setFault("code", options: ["code": "10", "message": "not a list", "in_data": "1"])
            let api = APIFlowService(
                endpoints: WallOfHonorContract.endpoints, service: HTTPAPIService(baseURL: server.baseURL),
                results: ["list_entries": Self.contract])
            let outcome = await api.call("list_entries", arguments: [:])
            #expect(
                outcome
                    == .error(
                        ServiceError(
                            service: "api", code: "bad_response",
                            message: "Сервер прислал данные не того вида, что ожидались; попробуйте позже",
                            details: [
                                "endpoint": .string("list_entries"), "expected": .string("list<Entry>"),
                                "problem": .string(#"Data: expected list<Entry>, found "not a list""#),
                            ])))
        }
    }
}
