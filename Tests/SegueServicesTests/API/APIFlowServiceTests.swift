import Foundation
import SegueExpression
import SegueServices
import Testing

/// A flow calls the API by operation name; the adapter finds the declared endpoint.
@Suite struct APIFlowServiceTests {
    @Test func operationsAreTheDeclaredEndpoints() async throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let board = try LocalBoard(.inMemory(dataDirectory: directory.path))
        let api = APIFlowService(endpoints: WallOfHonorContract.endpoints, service: board)
        #expect(api.operations == ["list_entries", "upload_photo", "add_entry", "remove_entry"])

        let added = await api.call(
            "add_entry",
            arguments: [
                "user_id": .string("u-1"), "name": .string("Ольга"), "surname": .string("Орлова"),
                "buy_package": .string("donate.large"),
            ])
        #expect(added.okValue?["surname"] == .string("Орлова"))
        #expect(await api.call("list_entries", arguments: ["count": .int(6)]).okValue?.listValue?.count == 1)

        let unknown = await api.call("edit_entry", arguments: [:])
        #expect(
            unknown.codeMessage == [
                "unknown_operation",
                "Операция «edit_entry» не объявлена (есть: list_entries, upload_photo, add_entry, remove_entry)",
            ])
    }
}
