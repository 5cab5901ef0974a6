import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueSQLite
import SegueServices
import Testing

/// What only the local board does: a database file that persists, demo entries, and write errors as code `20`.
@Suite struct LocalBoardTests {
    typealias Contract = WallOfHonorContract

    static let entry: [String: Value] = [
        "user_id": .string("u-1"), "name": .string("Иван"), "surname": .string("Петров"),
        "buy_package": .string("donate.small"),
    ]

    /// Runs `body` with a scratch data directory that is removed afterwards.
    func withDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.path)
    }

    @Test func entriesAndPhotosSurviveReopening() async throws {
        try await withDirectory { directory in
            let photo = (directory as NSString).appendingPathComponent("face.png")
            try Data("PNG bytes".utf8).write(to: URL(fileURLWithPath: photo))
            let data = (directory as NSString).appendingPathComponent("data")
            do {
                let board = try LocalBoard(.init(dataDirectory: data))
                let uploaded = await board.call(
                    Contract.uploadPhoto, ["user_id": .string("u-1"), "photo_file": .string(photo)])
                #expect(uploaded == .ok(.string("photo-1")))
                var arguments = Self.entry
                arguments["photo_id"] = .string("photo-1")
                #expect(await board.call(Contract.addEntry, arguments).okValue != nil)
            }
            #expect(FileManager.default.fileExists(atPath: data + "/board.sqlite"))
            let stored = data + "/photos/photo-1.png"
            #expect(FileManager.default.contents(atPath: stored) == Data("PNG bytes".utf8))

            let reopened = try LocalBoard(.init(dataDirectory: data))
            let listed = await reopened.call(Contract.listEntries).okValue?.listValue
            #expect(listed?.count == 1)
            #expect(listed?.first?["photo_url"] == .string(URL(fileURLWithPath: stored).absoluteString))
            #expect(await reopened.call(Contract.addEntry, Self.entry).codeAndMessage?.code == "12")
        }
    }

    @Test func createdAtComesFromTheInjectedClock() async throws {
        try await withDirectory { directory in
            let board = try LocalBoard(.inMemory(dataDirectory: directory)) {
                Date(timeIntervalSince1970: 1_790_000_000)
            }
            let added = await board.call(Contract.addEntry, Self.entry).okValue
            #expect(added?["created_at"] == .string("2026-09-21T14:13:20Z"))
        }
    }

    @Test func demoEntriesFillMoreThanOnePage() async throws {
        try await withDirectory { directory in
            let board = try LocalBoard(.inMemory(dataDirectory: directory))
            #expect(try await board.seedDemoEntries() == 64)
            #expect(try await board.seedDemoEntries() == 0, "seeding twice adds nothing")

            let firstPage = await board.call(Contract.listEntries).okValue?.listValue ?? []
            #expect(firstPage.count == 50)
            let newest = try #require(firstPage.first)
            #expect(newest["user_id"] == .string("demo-64"))
            #expect(newest["name"] == .string("Алиса"))
            #expect(newest["surname"] == .string("Соловьёва"))
            let secondPage = await board.call(Contract.listEntries, ["offset": .int(50)]).okValue?.listValue ?? []
            #expect(secondPage.count == 14)
            let oldest = try #require(secondPage.last)
            #expect(
                oldest.comparable
                    == .record([
                        "id": .int(1), "user_id": .string("demo-01"), "name": .string("Александр"),
                        "surname": .string("Иванов"), "text": .string("Спасибо за приложение! Занимаюсь каждый день."),
                        "url": .string("https://vk.com/id100000"), "buy_package": .string("donate.small"),
                        "photo_id": .null,
                    ]))
            let names = Set(
                (firstPage + secondPage).compactMap { entry in
                    entry["name"]?.stringValue.flatMap { name in entry["surname"]?.stringValue.map { name + " " + $0 } }
                })
            #expect(names.count == 64, "every demo person is different")
        }
    }

    @Test func lockedDatabaseIsWriteError() async throws {
        try await withDirectory { directory in
            let board = try LocalBoard(.init(dataDirectory: directory, busyTimeout: 0.1))
            let other = try SQLiteDatabase(.file(directory + "/board.sqlite"))
            try other.execute("BEGIN EXCLUSIVE")

            let outcome = await board.call(Contract.addEntry, Self.entry)
            guard case .error(let error) = outcome else {
                Issue.record("expected code 20, got \(outcome)")
                return
            }
            #expect(error.code == "20")
            #expect(
                error.message
                    == "База доски почёта «\(directory)/board.sqlite» занята другим процессом, запись не выполнена")
            #expect(error.details["meaning"] == .string("Ошибка при записи"))

            try other.execute("ROLLBACK")
            #expect(await board.call(Contract.addEntry, Self.entry).okValue?["user_id"] == .string("u-1"))
        }
    }

    @Test func readOnlyDatabaseIsWriteErrorButLists() async throws {
        try await withDirectory { directory in
            try await LocalBoard(.init(dataDirectory: directory)).seedDemoEntries(count: 3)
            let photo = directory + "/face.jpg"
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photo))

            let board = try LocalBoard(.init(dataDirectory: directory, readOnly: true))
            #expect(await board.call(Contract.listEntries).okValue?.listValue?.count == 3)
            let message = "База доски почёта «\(directory)/board.sqlite» открыта только для чтения, запись не выполнена"
            let writes: [(APIEndpoint, [String: Value])] = [
                (Contract.addEntry, Self.entry),
                (Contract.removeEntry, ["user_id": .string("demo-01")]),
                (Contract.uploadPhoto, ["user_id": .string("u-1"), "photo_file": .string(photo)]),
            ]
            for (endpoint, arguments) in writes {
                let outcome = await board.call(endpoint, arguments)
                #expect(outcome.codeAndMessage?.code == "20", "\(endpoint.name)")
                #expect(outcome.codeAndMessage?.message == message)
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/photos/photo-1.jpg"))
        }
    }

    @Test func missingReadOnlyDatabaseFailsToOpen() async throws {
        try await withDirectory { directory in
            #expect {
                _ = try LocalBoard(.init(dataDirectory: directory + "/nowhere", readOnly: true))
            } throws: { error in
                guard let error = error as? ServiceError else { return false }
                return error.code == "20" && error.message.hasPrefix("Ошибка при записи в базу доски почёта «")
                    && error.message.contains("unable to open database file")
            }
        }
    }

    @Test func unknownOperationIsRefused() async throws {
        try await withDirectory { directory in
            let board = try LocalBoard(.inMemory(dataDirectory: directory))
            let endpoint = APIEndpoint(
                name: "edit_entry", method: .post, path: "/board/edit", parameters: [], codes: [])
            let outcome = await board.call(endpoint, arguments: [:])
            #expect(outcome.codeAndMessage?.code == "unknown_endpoint")
            #expect(
                outcome.codeAndMessage?.message
                    == "Локальная доска почёта не знает операции «edit_entry» (есть: list_entries, upload_photo, "
                    + "add_entry, remove_entry)")
        }
    }
}
