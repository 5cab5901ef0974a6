import Foundation
import SegueCheck
import SegueExpression
import SegueModel
import Testing

@testable import SegueDriver

@Suite struct EmbeddedServicesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func donate() throws -> Flow {
        try #require(FlowLoader().load(path: Self.root.appendingPathComponent("flows/donate.yaml").path).flow)
    }

    @Test func everyDeclaredServiceIsBuiltAndTheProfileIDSeeded() async throws {
        let embedded = try await EmbeddedServices.make(for: try donate(), options: ServiceOptions(root: Self.root.path))
        defer { embedded.removeTemporaryFiles() }
        #expect(embedded.services.keys.sorted() == ["board", "defaults", "photos", "store"])
        #expect(embedded.boards["board"] != nil)
        let id = await embedded.services["defaults"]?.call("get", arguments: ["key": .string("MatimatikProfileID")])
        #expect(id == .ok(.string("segue-test-user")))
        guard
            case .ok(.list(let products)) = await embedded.services["store"]?.call(
                "products", arguments: ["ids": .list([.string("donate.small")])])
        else {
            Issue.record("the store lists no products")
            return
        }
        #expect(products.first?["price"] == .string("149,00\u{A0}₽"))
    }

    @Test func aRunWithoutADataDirectoryLeavesNothingBehind() async throws {
        let embedded = try await EmbeddedServices.make(for: try donate(), options: ServiceOptions(root: Self.root.path))
        #expect(embedded.isTemporary)
        #expect(FileManager.default.fileExists(atPath: embedded.directory))
        embedded.removeTemporaryFiles()
        #expect(!FileManager.default.fileExists(atPath: embedded.directory))
    }

    @Test func aDataDirectoryIsKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-kept-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let embedded = try await EmbeddedServices.make(
            for: try donate(), options: ServiceOptions(dataDirectory: directory, root: Self.root.path))
        #expect(!embedded.isTemporary)
        embedded.removeTemporaryFiles()
        #expect(FileManager.default.fileExists(atPath: directory + "/board.sqlite"))
    }
}
