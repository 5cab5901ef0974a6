import Foundation
import SegueCheck
import SegueExpression
import SegueMachine
import SegueModel
import Testing

@testable import SegueDriver

/// A flow names its own fixtures relative to the flow file; the command line overrides them; no flow gets the
/// donate app's by default.
@Suite struct ServiceFixtureTests {
    static let root = EmbeddedServicesTests.root
    static let donateFixtures = root.appendingPathComponent("flows/donate")

    /// A scratch directory with `flow.yaml` holding `services`, and whatever else the test copies in.
    static func flowDirectory(services: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fixtures-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = """
            segue: 1
            flow: fixtures
            start: main
            services:
            \(services)
            screens:
              main:
                elements:
                  - text: hello
                    value: Hi
            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("flow.yaml"))
        return directory
    }

    static func load(_ directory: URL) throws -> Flow {
        let loaded = FlowLoader().load(path: directory.appendingPathComponent("flow.yaml").path)
        #expect(loaded.diagnostics.map(\.message) == [])
        return try #require(loaded.flow)
    }

    /// The store's products for `donate.small`, as the flow would see them.
    static func products(_ embedded: EmbeddedServices) async -> ServiceOutcome? {
        await embedded.services["store"]?.call("products", arguments: ["ids": .list([.string("donate.small")])])
    }

    @Test func aStoreWithoutAConfigurationHasNoProductsNotTheDonateAppsOnes() async throws {
        let directory = try Self.flowDirectory(services: "  store: { kind: store }")
        defer { try? FileManager.default.removeItem(at: directory) }
        let embedded = try await EmbeddedServices.make(
            for: try Self.load(directory), options: ServiceOptions(root: Self.root.path))
        defer { embedded.removeTemporaryFiles() }
        #expect(await Self.products(embedded) == .ok(.list([])))
    }

    @Test func theConfigurationIsReadRelativeToTheFlowFileWhateverTheWorkingDirectory() async throws {
        let directory = try Self.flowDirectory(
            services: "  store: { kind: store, configuration: shop/Products.storekit }")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("shop"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.donateFixtures.appendingPathComponent("Products.storekit"),
            to: directory.appendingPathComponent("shop/Products.storekit"))
        let embedded = try await EmbeddedServices.make(
            for: try Self.load(directory), options: ServiceOptions(root: "/nonexistent"))
        defer { embedded.removeTemporaryFiles() }
        guard case .ok(.list(let products)) = await Self.products(embedded) else {
            Issue.record("the store lists no products")
            return
        }
        #expect(products.map { $0["id"] } == [.string("donate.small")])
    }

    @Test func theCommandLinesStoreKitFileOverridesTheFlows() async throws {
        let directory = try Self.flowDirectory(services: "  store: { kind: store }")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = ServiceOptions(storeKitFile: "flows/donate/Products.storekit", root: Self.root.path)
        let embedded = try await EmbeddedServices.make(for: try Self.load(directory), options: options)
        defer { embedded.removeTemporaryFiles() }
        guard case .ok(.list(let products)) = await Self.products(embedded) else {
            Issue.record("the store lists no products")
            return
        }
        #expect(products.count == 1)
    }

    @Test func aMissingConfigurationIsC004AtItsKey() throws {
        let directory = try Self.flowDirectory(services: "  store: { kind: store, configuration: Missing.storekit }")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loaded = FlowLoader().load(path: directory.appendingPathComponent("flow.yaml").path)
        #expect(
            loaded.diagnostics.map { "\($0.code) \($0.range.start.line):\($0.range.start.column) \($0.message)" } == [
                "C004 5:40 the StoreKit configuration `Missing.storekit` of service `store` cannot be read: no such file"
            ])
        #expect(loaded.checked == nil)
    }

    @Test func aMalformedConfigurationFailsAtItsKeyWhenTheServiceIsBuilt() async throws {
        let directory = try Self.flowDirectory(services: "  store: { kind: store, configuration: Bad.storekit }")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{ not json".utf8).write(to: directory.appendingPathComponent("Bad.storekit"))
        let flow = try Self.load(directory)
        do {
            _ = try await EmbeddedServices.make(for: flow, options: ServiceOptions(root: Self.root.path))
            Issue.record("a malformed StoreKit file was accepted")
        } catch {
            #expect(error.description.hasPrefix(directory.appendingPathComponent("flow.yaml").path + ":5:40: error: "))
            #expect(error.description.contains("Bad.storekit"))
        }
    }

    @Test func pickReturnsTheFlowsSamplePhotoOrSaysNoneIsNamed() async throws {
        let named = try Self.flowDirectory(services: "  photos: { kind: photos, sample_photo: photo.png }")
        let unnamed = try Self.flowDirectory(services: "  photos: { kind: photos }")
        defer {
            try? FileManager.default.removeItem(at: named)
            try? FileManager.default.removeItem(at: unnamed)
        }
        try FileManager.default.copyItem(
            at: Self.donateFixtures.appendingPathComponent("photo.png"), to: named.appendingPathComponent("photo.png"))
        let withPhoto = try await EmbeddedServices.make(
            for: try Self.load(named), options: ServiceOptions(root: "/nonexistent"))
        let without = try await EmbeddedServices.make(
            for: try Self.load(unnamed), options: ServiceOptions(root: Self.root.path))
        defer {
            withPhoto.removeTemporaryFiles()
            without.removeTemporaryFiles()
        }
        guard case .ok(let picked) = await withPhoto.services["photos"]?.call("pick", arguments: [:]) else {
            Issue.record("pick did not return the sample photo")
            return
        }
        #expect(picked["path"] == .string(named.appendingPathComponent("photo.png").path))
        guard case .error(let error) = await without.services["photos"]?.call("pick", arguments: [:]) else {
            Issue.record("pick without a sample photo did not fail")
            return
        }
        #expect(error.code == "no_sample_photo")
    }
}
