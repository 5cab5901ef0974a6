import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueSQLite

/// The embedded wall of honor: the seed's REST contract answered from SQLite on this machine, with no server.
///
///     let board = try LocalBoard()                       // .segue/board.sqlite, photos in .segue/photos
///     let outcome = await board.call(WallOfHonorContract.listEntries, arguments: [:])
///
/// It dispatches on the endpoint's name (`list_entries`, `upload_photo`, `add_entry`, `remove_entry`) and checks
/// arguments against `WallOfHonorContract`, answering exactly what `HTTPAPIService` would return from a server that
/// follows the contract: `01` for bad input, `.ok([])` when the board is empty (`00`), `12` for a second entry,
/// the removed entry, or `.ok(null)` when there is nothing to remove (`00`), and `20` when the database cannot be
/// written.
public actor LocalBoard: APIService {
    /// Where the board keeps its data and how it opens it.
    public struct Configuration: Sendable, Hashable {
        /// Holds the database file and the `photos` folder; created when missing.
        public var dataDirectory: String
        /// The database's file name inside `dataDirectory`, or nil for a private in-memory database.
        public var databaseFile: String?
        /// Opens the database read-only: listing works, every write answers `20`.
        public var readOnly: Bool
        /// Seconds a write waits for another connection's lock before it answers `20`.
        public var busyTimeout: Double
        /// The name errors carry in `service`.
        public var serviceName: String

        public init(
            dataDirectory: String = ".segue", databaseFile: String? = "board.sqlite", readOnly: Bool = false,
            busyTimeout: Double = 2, serviceName: String = "api"
        ) {
            self.dataDirectory = dataDirectory
            self.databaseFile = databaseFile
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.serviceName = serviceName
        }

        /// An in-memory board whose uploaded photos go to `dataDirectory/photos` (for tests and scenarios).
        public static func inMemory(dataDirectory: String) -> Configuration {
            Configuration(dataDirectory: dataDirectory, databaseFile: nil)
        }

        /// The database file's full path, or nil in memory.
        public var databasePath: String? {
            databaseFile.map { PathName.appending($0, to: dataDirectory) }
        }

        public var photoDirectory: String { PathName.appending("photos", to: dataDirectory) }
    }

    public let configuration: Configuration
    private let store: BoardDatabase
    private let now: @Sendable () -> Date

    /// Opens the board, creating its directory and tables when needed.
    ///
    /// - Parameter now: the clock for `created_at`; entries are ordered by insertion, not by this clock.
    /// - Throws: `ServiceError` code `20` when the directory or database cannot be opened.
    public init(_ configuration: Configuration = Configuration(), now: @escaping @Sendable () -> Date = Date.init)
        throws(ServiceError)
    {
        self.configuration = configuration
        self.now = now
        let service = configuration.serviceName
        if !configuration.readOnly {
            do {
                try FileManager.default.createDirectory(
                    atPath: configuration.dataDirectory, withIntermediateDirectories: true)
            } catch {
                throw ServiceError(
                    service: service, code: WallOfHonorCode.writeError.rawValue,
                    message: "Не удалось создать папку доски почёта «\(configuration.dataDirectory)»: "
                        + error.localizedDescription)
            }
        }
        do {
            let location: SQLiteDatabase.Location = configuration.databasePath.map { .file($0) } ?? .inMemory
            let database = try SQLiteDatabase(
                location, mode: configuration.readOnly ? .readOnly : .readWrite, busyTimeout: configuration.busyTimeout)
            store = try BoardDatabase(database, readOnly: configuration.readOnly)
        } catch {
            throw Self.writeError(error, service: service, path: configuration.databasePath)
        }
    }

    public func call(_ endpoint: APIEndpoint, arguments: [String: Value]) async -> ServiceOutcome {
        let service = configuration.serviceName
        guard let contract = WallOfHonorContract.endpoint(named: endpoint.name) else {
            let known = WallOfHonorContract.endpoints.map(\.name).joined(separator: ", ")
            return .error(
                ServiceError(
                    service: service, code: "unknown_endpoint",
                    message: "Локальная доска почёта не знает операции «\(endpoint.name)» (есть: \(known))",
                    details: ["endpoint": .string(endpoint.name)]))
        }
        do {
            let checked = try APIArgumentValidator.validate(arguments, for: contract, service: service)
            var values: [String: Value] = [:]
            for argument in checked { values[argument.name] = argument.value }
            switch contract.name {
            case WallOfHonorContract.listEntries.name: return try list(values)
            case WallOfHonorContract.uploadPhoto.name: return try uploadPhoto(values)
            case WallOfHonorContract.addEntry.name: return try add(values)
            default: return try remove(values)
            }
        } catch {
            return .error(error)
        }
    }

    private func list(_ values: [String: Value]) throws(ServiceError) -> ServiceOutcome {
        let offset = values["offset"]?.intValue ?? 0
        let count = values["count"]?.intValue ?? WallOfHonorContract.defaultPageSize
        let entries = try storage { () throws(SQLiteError) in try store.entries(offset: offset, count: count) }
        return .ok(.list(entries.map(\.record)))
    }

    private func uploadPhoto(_ values: [String: Value]) throws(ServiceError) -> ServiceOutcome {
        let userID = values["user_id"]?.stringValue ?? ""
        let source = values["photo_file"]?.stringValue ?? ""
        let directory = configuration.photoDirectory
        let fileExtension = PathName.pathExtension(of: source).lowercased()
        let createdAt = timestamp()
        let photo = try storage { () throws(SQLiteError) in
            try store.database.transaction { () throws(SQLiteError) in
                let photo = try store.insertPhoto(userID: userID, createdAt: createdAt) { number in
                    let name = fileExtension.isEmpty ? "photo-\(number)" : "photo-\(number).\(fileExtension)"
                    return PathName.appending(name, to: directory)
                }
                do {
                    // A regular file only, read with a cap; stored 0644: the board serves its photos to everyone.
                    let data = try SafeFile.read(source, limit: SafeFile.uploadLimit)
                    try AtomicFile.write(data, to: URL(fileURLWithPath: photo.file), mode: 0o644, within: directory)
                } catch {
                    // Rolls the photo row back; reported as a write error below.
                    throw SQLiteError(
                        code: 10, message: "не удалось скопировать фото в «\(photo.file)»: \(error)")
                }
                return photo
            }
        }
        return .ok(.string(photo.id))
    }

    private func add(_ values: [String: Value]) throws(ServiceError) -> ServiceOutcome {
        let userID = values["user_id"]?.stringValue ?? ""
        let photoID = values["photo_id"]?.stringValue
        let entry = BoardDatabase.Entry(
            id: 0, userID: userID, name: values["name"]?.stringValue ?? "",
            surname: values["surname"]?.stringValue ?? "",
            text: nonEmpty(values["text"]), url: nonEmpty(values["url"]),
            buyPackage: values["buy_package"]?.stringValue ?? "", photoID: nonEmpty(values["photo_id"]),
            photoFile: nil, createdAt: timestamp())
        enum Refusal { case none, duplicate, unknownPhoto }
        let result: (BoardDatabase.Entry?, Refusal) = try storage { () throws(SQLiteError) in
            try store.database.transaction { () throws(SQLiteError) in
                if try store.hasEntry(forUser: userID) { return (nil, .duplicate) }
                var photoFile: String?
                if let photoID = entry.photoID {
                    photoFile = try store.photoFile(id: photoID)
                    if photoFile == nil { return (nil, .unknownPhoto) }
                }
                var inserted = try store.insert(entry)
                inserted.photoFile = photoFile
                return (inserted, .none)
            }
        }
        switch result {
        case (let inserted?, _): return .ok(inserted.record)
        case (nil, .unknownPhoto):
            throw refusal(.missingInput, "Фотография «\(photoID ?? "")» не найдена", endpoint: "add_entry")
        default:
            throw refusal(.alreadyDone, "Вы уже добавили запись на доску почёта", endpoint: "add_entry")
        }
    }

    private func remove(_ values: [String: Value]) throws(ServiceError) -> ServiceOutcome {
        let userID = values["user_id"]?.stringValue ?? ""
        let removed = try storage { () throws(SQLiteError) in try store.deleteEntry(forUser: userID) }
        // Removing nothing is code 00: `ok` with the endpoint's empty result, null.
        return .ok(removed?.record ?? .null)
    }

    /// Adds demo entries (realistic Russian names, some with text and links) unless their users already have
    /// entries; returns how many were added.
    @discardableResult
    public func seedDemoEntries(count: Int = LocalBoardDemoEntries.defaultCount) throws(ServiceError) -> Int {
        let entries = LocalBoardDemoEntries.entries(count: count, createdAt: timestamp())
        return try storage { () throws(SQLiteError) in
            try store.database.transaction { () throws(SQLiteError) in
                var added = 0
                for entry in entries where try store.insertIfNew(entry) { added += 1 }
                return added
            }
        }
    }

    // MARK: - Errors

    private func storage<Result>(_ body: () throws(SQLiteError) -> Result) throws(ServiceError) -> Result {
        do {
            return try body()
        } catch {
            throw Self.writeError(error, service: configuration.serviceName, path: configuration.databasePath)
        }
    }

    private func refusal(_ code: WallOfHonorCode, _ message: String, endpoint: String) -> ServiceError {
        ServiceError(
            service: configuration.serviceName, code: code.rawValue, message: message,
            details: ["endpoint": .string(endpoint), "meaning": .string(code.meaning)])
    }

    /// Any storage failure as the contract's `20`, with a message saying why.
    static func writeError(_ error: SQLiteError, service: String, path: String?) -> ServiceError {
        let place = path.map { "«\($0)»" } ?? "в памяти"
        let message: String
        if error.isBusy {
            message = "База доски почёта \(place) занята другим процессом, запись не выполнена"
        } else if error.isReadOnly {
            message = "База доски почёта \(place) открыта только для чтения, запись не выполнена"
        } else {
            message = "Ошибка при записи в базу доски почёта \(place): \(error.message)"
        }
        return ServiceError(
            service: service, code: WallOfHonorCode.writeError.rawValue, message: message,
            details: [
                "meaning": .string(WallOfHonorCode.writeError.meaning), "sqlite_code": .int(Int(error.code)),
                "sqlite_message": .string(error.message),
            ])
    }

    private func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: now())
    }

    private func nonEmpty(_ value: Value?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty else { return nil }
        return text
    }
}
