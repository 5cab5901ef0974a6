import Foundation
import SegueExpression
import SegueMachine
import Testing

@testable import SegueServices

@Suite struct JSONDefaultsTests {
    func temporaryFile() throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-defaults-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("defaults.json"))
    }

    @Test func aMissingKeyIsNilAndSetValuesComeBack() async throws {
        let defaults = JSONDefaults()
        #expect(await defaults.value(forKey: "MatimatikProfileID") == nil)
        try await defaults.set(.string("42"), forKey: "MatimatikProfileID")
        try await defaults.set(.record(["volume": .number(0.5)]), forKey: "take")
        #expect(await defaults.value(forKey: "MatimatikProfileID") == .string("42"))
        #expect(await defaults.value(forKey: "take") == .record(["volume": .number(0.5)]))
        try await defaults.set(nil, forKey: "take")
        #expect(await defaults.value(forKey: "take") == nil)
    }

    @Test func valuesSurviveARestartInASortedFile() async throws {
        let (directory, file) = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try JSONDefaults(file: file)
        try await first.set(.string("user-7"), forKey: "MatimatikProfileID")
        try await first.set(.list([.int(1), .bool(true)]), forKey: "a")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                {
                  "MatimatikProfileID": "user-7",
                  "a": [
                    1,
                    true
                  ]
                }

                """)
        let restarted = try JSONDefaults(file: file)
        #expect(
            await restarted.allValues == ["MatimatikProfileID": .string("user-7"), "a": .list([.int(1), .bool(true)])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["defaults.json"])
    }

    @Test func aCorruptFileIsAClearError() throws {
        let (directory, file) = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\n  \"MatimatikProfileID\": \"x\"\n  \"other\": 1\n}".utf8).write(to: file)
        #expect(
            throws: ServiceError(
                service: "defaults", code: "corrupt_defaults",
                message: "\(file.path):3:3: unexpected '\"'; expected ',' or '}'",
                details: ["file": .string(file.path), "line": .int(3), "column": .int(3)])
        ) {
            try JSONDefaults(file: file)
        }
        try Data("[1]".utf8).write(to: file)
        #expect(
            throws: ServiceError(
                service: "defaults", code: "corrupt_defaults",
                message: "\(file.path): the defaults file must hold a JSON object, not an array",
                details: ["file": .string(file.path)])
        ) {
            try JSONDefaults(file: file)
        }
    }

    @Test func aFailedWriteChangesNothing() async throws {
        let (directory, _) = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let defaults = try JSONDefaults(file: blocker.appendingPathComponent("defaults.json"))
        await #expect(throws: ServiceError.self) { try await defaults.set(.int(1), forKey: "a") }
        #expect(await defaults.value(forKey: "a") == nil)
    }

    @Test func theUserIDIsRequiredAndCanBeSeededForDemos() async throws {
        let defaults = JSONDefaults()
        await #expect(
            throws: ServiceError(
                service: "defaults", code: "missing_user_id",
                message: "No value in the user defaults under MatimatikProfileID",
                details: ["key": .string("MatimatikProfileID")])
        ) {
            try await ProfileID.read(from: defaults)
        }
        #expect(try await ProfileID.seedForDemo(defaults) == "segue-test-user")
        #expect(try await ProfileID.read(from: defaults) == "segue-test-user")

        let existing = JSONDefaults(values: ["MatimatikProfileID": .int(1001)])
        #expect(try await ProfileID.seedForDemo(existing) == "1001")
        #expect(await existing.value(forKey: "MatimatikProfileID") == .int(1001))

        let wrong = JSONDefaults(values: ["MatimatikProfileID": .bool(true)])
        await #expect(
            throws: ServiceError(
                service: "defaults", code: "missing_user_id",
                message: "The user defaults hold true under MatimatikProfileID, not text",
                details: ["key": .string("MatimatikProfileID")])
        ) {
            try await ProfileID.read(from: wrong)
        }
    }

    @Test func theFlowServiceGetsSetsAndRemoves() async throws {
        let defaults = JSONDefaults()
        let service = DefaultsFlowService(defaults: defaults)
        #expect(await service.call("get", arguments: ["key": .string("k")]) == .ok(.null))
        #expect(await service.call("set", arguments: ["key": .string("k"), "value": .int(5)]) == .ok(.int(5)))
        #expect(await service.call("get", arguments: ["key": .string("k")]) == .ok(.int(5)))
        #expect(await service.call("remove", arguments: ["key": .string("k")]) == .ok(.null))
        #expect(await defaults.value(forKey: "k") == nil)
        guard case .error(let missing) = await service.call("set", arguments: ["key": .string("k")]) else {
            Issue.record("expected an error")
            return
        }
        #expect(missing.message == "defaults.set needs the argument `value` (a value)")
    }
}
