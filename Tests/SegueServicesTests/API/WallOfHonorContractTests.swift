import Foundation
import SegueExpression
import SegueServices
import Testing

/// The seed's wall-of-honor contract (D15–D18), run the same way against `LocalBoard` and against `HTTPAPIService`
/// talking to the stub server: both must answer every call identically.
@Suite struct WallOfHonorContractTests {
    typealias Contract = WallOfHonorContract

    static func entry(_ user: String, name: String = "Иван", surname: String = "Петров") -> [String: Value] {
        [
            "user_id": .string(user), "name": .string(name), "surname": .string(surname),
            "buy_package": .string("donate.small"),
        ]
    }

    static func expected(id: Int, user: String, name: String = "Иван", surname: String = "Петров") -> Value {
        .record([
            "id": .int(id), "user_id": .string(user), "name": .string(name), "surname": .string(surname),
            "text": .null, "url": .null, "buy_package": .string("donate.small"), "photo_id": .null,
        ])
    }

    @Test(arguments: BoardKind.allCases)
    func emptyBoardListsNothing(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            #expect(await board.call(Contract.listEntries) == .ok(.list([])))
            #expect(await board.call(Contract.listEntries, ["offset": .int(10), "count": .int(5)]) == .ok(.list([])))
        }
    }

    @Test(arguments: BoardKind.allCases)
    func addedEntryComesBackAndIsListed(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            var arguments = Self.entry("u-1", name: "Анна", surname: "Соколова")
            arguments["text"] = .string("Спасибо за приложение!")
            arguments["url"] = .string("https://vk.com/anna")
            let added = await board.call(Contract.addEntry, arguments).okValue
            var expected = Self.expected(id: 1, user: "u-1", name: "Анна", surname: "Соколова").recordValue!
            expected["text"] = .string("Спасибо за приложение!")
            expected["url"] = .string("https://vk.com/anna")
            #expect(added?.comparable == .record(expected))
            #expect(added?["photo_url"] == .null)
            let createdAt = added?["created_at"]?.stringValue ?? ""
            #expect(createdAt.count == 20 && createdAt.hasSuffix("Z"), "created_at \(createdAt) is not ISO 8601 UTC")

            let listed = await board.call(Contract.listEntries).okValue?.listValue
            #expect(listed?.map(\.comparable) == [.record(expected)])
        }
    }

    @Test(arguments: BoardKind.allCases)
    func listPagesNewestFirst(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            for number in 1...7 { await board.call(Contract.addEntry, Self.entry("u-\(number)")) }
            func users(_ arguments: [String: Value]) async -> [String]? {
                await board.call(Contract.listEntries, arguments).okValue?.listValue?.compactMap {
                    $0["user_id"]?.stringValue
                }
            }
            #expect(await users(["count": .int(3)]) == ["u-7", "u-6", "u-5"])
            #expect(await users(["offset": .int(3), "count": .int(3)]) == ["u-4", "u-3", "u-2"])
            #expect(await users(["offset": .int(6), "count": .int(3)]) == ["u-1"])
            #expect(await users(["offset": .int(7), "count": .int(3)]) == [])
            #expect(await users([:]) == ["u-7", "u-6", "u-5", "u-4", "u-3", "u-2", "u-1"])
            #expect(await users(["count": .int(100)])?.count == 7)
            #expect(await users(["offset": .string("2"), "count": .string("1")]) == ["u-5"])
        }
    }

    @Test(arguments: BoardKind.allCases)
    func listRefusesOutOfRangePaging(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            let cases: [([String: Value], String)] = [
                (["count": .int(0)], "Параметр «count» должен быть от 1 до 100 (0)"),
                (["count": .int(101)], "Параметр «count» должен быть от 1 до 100 (101)"),
                (["offset": .int(-1)], "Параметр «offset» должен быть не меньше 0 (-1)"),
                (["count": .string("много")], "Параметр «count» должен быть целым числом, а не «много»"),
                (["page": .int(2)], "Неизвестный параметр «page» для «list_entries» (есть: offset, count)"),
            ]
            for (arguments, message) in cases {
                let outcome = await board.call(Contract.listEntries, arguments)
                #expect(outcome.codeAndMessage?.code == "01", "\(arguments)")
                #expect(outcome.codeAndMessage?.message == message)
            }
        }
    }

    @Test(arguments: BoardKind.allCases)
    func addEnforcesRequiredFieldsAndLengths(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            let valid = Self.entry("u-1")
            var cases: [([String: Value], String)] = []
            for field in ["user_id", "name", "surname", "buy_package"] {
                var missing = valid
                missing[field] = nil
                cases.append((missing, "Не заполнен обязательный параметр «\(field)»"))
                var blank = valid
                blank[field] = .string("  ")
                cases.append((blank, "Не заполнен обязательный параметр «\(field)»"))
            }
            for (field, limit) in [
                ("name", 100), ("surname", 100), ("text", 550), ("url", 500), ("buy_package", 100), ("photo_id", 100),
            ] {
                var long = valid
                long[field] = .string(String(repeating: "ё", count: limit + 1))
                cases.append((long, "Параметр «\(field)» длиннее \(limit) символов (\(limit + 1))"))
            }
            var unknownPhoto = valid
            unknownPhoto["photo_id"] = .string("photo-99")
            cases.append((unknownPhoto, "Фотография «photo-99» не найдена"))
            var wrongType = valid
            wrongType["name"] = .list([.string("Иван")])
            cases.append((wrongType, "Параметр «name» должен быть строкой, а не «[\"Иван\"]»"))

            for (arguments, message) in cases {
                let outcome = await board.call(Contract.addEntry, arguments)
                #expect(outcome.codeAndMessage?.code == "01", "\(arguments)")
                #expect(outcome.codeAndMessage?.message == message)
            }
            #expect(await board.call(Contract.listEntries) == .ok(.list([])), "no refused entry was written")

            // Limits count characters, not bytes: 100 Cyrillic letters (200 UTF-8 bytes) fit.
            var longest = valid
            longest["name"] = .string(String(repeating: "Ж", count: 100))
            longest["text"] = .string(String(repeating: "я", count: 550))
            #expect(await board.call(Contract.addEntry, longest).okValue?["name"] == longest["name"])
        }
    }

    @Test(arguments: BoardKind.allCases)
    func secondEntryForTheSameUserIsAlreadyDone(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            #expect(await board.call(Contract.addEntry, Self.entry("u-1")).okValue != nil)
            let again = await board.call(Contract.addEntry, Self.entry("u-1", name: "Пётр"))
            #expect(again.codeAndMessage?.code == "12")
            #expect(again.codeAndMessage?.message == "Вы уже добавили запись на доску почёта")
            #expect(await board.call(Contract.listEntries).okValue?.listValue?.count == 1)
        }
    }

    @Test(arguments: BoardKind.allCases)
    func uploadedPhotoIsStoredAndLinkedToTheEntry(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF фото".utf8) + Data([0x00, 0xFF, 0xD9])
            let file = board.directory.appendingPathComponent("аватар.jpg")
            try bytes.write(to: file)
            let uploaded = await board.call(
                Contract.uploadPhoto, ["user_id": .string("u-1"), "photo_file": .string(file.path)])
            #expect(uploaded == .ok(.string("photo-1")))
            let second = await board.call(
                Contract.uploadPhoto, ["user_id": .string("u-1"), "photo_file": .string(file.path)])
            #expect(second == .ok(.string("photo-2")))

            var arguments = Self.entry("u-1")
            arguments["photo_id"] = .string("photo-1")
            let entry = try #require(await board.call(Contract.addEntry, arguments).okValue)
            #expect(entry["photo_id"] == .string("photo-1"))
            #expect(try await board.storedPhoto(id: "photo-1", entry: entry) == bytes)
            let listed = await board.call(Contract.listEntries).okValue?.listValue?.first
            #expect(listed?["photo_url"] == entry["photo_url"])
        }
    }

    @Test(arguments: BoardKind.allCases)
    func uploadRefusesAMissingFile(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            let path = board.directory.appendingPathComponent("нет-такого.jpg").path
            let outcome = await board.call(
                Contract.uploadPhoto, ["user_id": .string("u-1"), "photo_file": .string(path)])
            #expect(outcome.codeAndMessage?.code == "01")
            #expect(
                outcome.codeAndMessage?.message == "Файл «\(path)» для параметра «photo_file» не найден или не читается"
            )
            let noFile = await board.call(Contract.uploadPhoto, ["user_id": .string("u-1")])
            #expect(noFile.codeAndMessage?.message == "Не заполнен обязательный параметр «photo_file»")
        }
    }

    @Test(arguments: BoardKind.allCases)
    func removeTakesTheEntryOffOnce(kind: BoardKind) async throws {
        try await withBoard(kind) { board in
            await board.call(Contract.addEntry, Self.entry("u-1"))
            await board.call(Contract.addEntry, Self.entry("u-2", name: "Мария", surname: "Иванова"))
            let removed = await board.call(Contract.removeEntry, ["user_id": .string("u-1")])
            #expect(removed.okValue?.comparable == Self.expected(id: 1, user: "u-1"))
            let users = await board.call(Contract.listEntries).okValue?.listValue?.compactMap { $0["user_id"] }
            #expect(users == [.string("u-2")])

            // Nothing left to remove: code 00, `ok` with null.
            #expect(await board.call(Contract.removeEntry, ["user_id": .string("u-1")]) == .ok(.null))
            #expect(await board.call(Contract.removeEntry, ["user_id": .string("никто")]) == .ok(.null))
            let missing = await board.call(Contract.removeEntry, [:])
            #expect(missing.codeAndMessage?.message == "Не заполнен обязательный параметр «user_id»")

            // After removing, the user may add again.
            #expect(await board.call(Contract.addEntry, Self.entry("u-1")).okValue?["id"] == .int(3))
        }
    }
}
