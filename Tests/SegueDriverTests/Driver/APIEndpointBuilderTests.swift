import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueRuntime
import SegueServices
import Testing

@testable import SegueDriver

/// What a flow's `kind: api` endpoints become: the timeout and body cap the client uses, as the docs say.
@Suite struct APIEndpointBuilderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func board(of flow: Flow) throws -> [String: APIEndpoint] {
        let declaration = try #require(flow.services.first { $0.kind == .api })
        return Dictionary(uniqueKeysWithValues: APIEndpointBuilder.endpoints(of: declaration).map { ($0.name, $0) })
    }

    @Test func donateEndpointsWaitAsTheDocsSay() throws {
        let flow = try #require(
            FlowLoader().load(path: Self.root.appendingPathComponent("flows/donate.yaml").path).flow)
        let endpoints = try board(of: flow)
        #expect(endpoints["list_entries"]?.timeout == 15)
        #expect(endpoints["add_entry"]?.timeout == 15)
        #expect(endpoints["upload_photo"]?.timeout == 60)
        #expect(endpoints.values.allSatisfy { $0.maxResponseBytes == 8 << 20 })
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/services.md"), encoding: .utf8)
        #expect(docs.contains("(default \(Int(APIEndpoint.defaultTimeout)) s: the board calls;"))
        #expect(docs.contains("default \(APIEndpoint.defaultMaxResponseBytes >> 20) MiB"))
    }

    @Test func donateResultsAreCheckedAgainstTheFlowsTypesAndLimits() throws {
        let flow = try #require(
            FlowLoader().load(path: Self.root.appendingPathComponent("flows/donate.yaml").path).flow)
        let declaration = try #require(flow.services.first { $0.kind == .api })
        let contracts = APIEndpointBuilder.resultContracts(of: declaration, types: flow.types)
        let list = try #require(contracts["list_entries"])
        #expect(list.type.description == "list<Entry>")
        #expect(list.fieldLimits["text"] == 550)
        #expect(list.pageSizeParameter == "count")
        #expect(contracts["add_entry"]?.type.description == "Entry")
        let entry: Value = .record([
            "user_id": .string("u"), "name": .string("Анна"), "surname": .string("С"), "text": .null,
            "url": .null, "photo_url": .null, "created_at": .string("2026-12-01T10:00:00Z"),
        ])
        let endpoint = try #require(APIEndpointBuilder.endpoints(of: declaration).first { $0.name == "list_entries" })
        #expect(list.problem(in: .list([entry]), arguments: [:], endpoint: endpoint) == nil)
        #expect(
            list.problem(in: .list(Array(repeating: entry, count: 51)), arguments: [:], endpoint: endpoint)
                == "Data: 51 items for count=50")
    }

    @Test func anEndpointMayLowerItsBodyCap() throws {
        let text = """
            segue: 1
            flow: capped
            start: main
            services:
              board:
                kind: api
                endpoints:
                  list:
                    method: GET
                    path: /list
                    max_response_bytes: 1024
                    result: any
            screens:
              main:
                elements:
                  - text: hello
                    value: Hello
            """
        let result = FlowLoader().load(SourceFile(path: "capped.yaml", text: text))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let flow = try #require(result.flow)
        #expect(try board(of: flow)["list"]?.maxResponseBytes == 1024)
        #expect(try board(of: flow)["list"]?.timeout == APIEndpoint.defaultTimeout)
    }
}
