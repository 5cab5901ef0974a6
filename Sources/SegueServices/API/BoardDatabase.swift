import Foundation
import SegueExpression
import SegueSQLite

/// The wall of honor's tables and queries: entries (one per user) and uploaded photos.
///
/// Not thread-safe; `LocalBoard` (an actor) owns it.
final class BoardDatabase {
    /// One entry as stored; `record` is what the API returns.
    struct Entry {
        var id: Int64
        var userID: String
        var name: String
        var surname: String
        var text: String?
        var url: String?
        var buyPackage: String
        var photoID: String?
        var photoFile: String?
        var createdAt: String

        var record: Value {
            .record([
                "id": .int(Int(id)), "user_id": .string(userID), "name": .string(name), "surname": .string(surname),
                "text": text.map(Value.string) ?? .null, "url": url.map(Value.string) ?? .null,
                "buy_package": .string(buyPackage), "photo_id": photoID.map(Value.string) ?? .null,
                "photo_url": photoFile.map { .string(URL(fileURLWithPath: $0).absoluteString) } ?? .null,
                "created_at": .string(createdAt),
            ])
        }
    }

    static let schemaVersion = 1

    let database: SQLiteDatabase

    init(_ database: SQLiteDatabase, readOnly: Bool) throws(SQLiteError) {
        self.database = database
        guard !readOnly else { return }
        if try database.userVersion < Self.schemaVersion {
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS photos (
                    number INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id TEXT NOT NULL,
                    file TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    surname TEXT NOT NULL,
                    text TEXT,
                    url TEXT,
                    buy_package TEXT NOT NULL,
                    photo_id TEXT,
                    created_at TEXT NOT NULL
                );
                PRAGMA user_version = \(Self.schemaVersion);
                """)
        }
    }

    /// A page of entries, newest first.
    func entries(offset: Int, count: Int) throws(SQLiteError) -> [Entry] {
        try entries(where: "1", [], limit: count, offset: offset)
    }

    /// The user's entry, or nil.
    func entry(forUser userID: String) throws(SQLiteError) -> Entry? {
        try entries(where: "e.user_id = ?", [.text(userID)], limit: 1, offset: 0).first
    }

    private func entries(
        where condition: String, _ bindings: [SQLiteValue], limit: Int, offset: Int
    ) throws(SQLiteError) -> [Entry] {
        try database.query(
            """
            SELECT e.id, e.user_id, e.name, e.surname, e.text, e.url, e.buy_package, e.photo_id, p.file, e.created_at
            FROM entries e LEFT JOIN photos p ON e.photo_id = 'photo-' || p.number
            WHERE \(condition) ORDER BY e.id DESC LIMIT ? OFFSET ?
            """, bindings + [.integer(Int64(limit)), .integer(Int64(offset))]
        ).map { row in
            Entry(
                id: row[0].integer ?? 0, userID: row[1].text ?? "", name: row[2].text ?? "",
                surname: row[3].text ?? "", text: row[4].text, url: row[5].text, buyPackage: row[6].text ?? "",
                photoID: row[7].text, photoFile: row[8].text, createdAt: row[9].text ?? "")
        }
    }

    func hasEntry(forUser userID: String) throws(SQLiteError) -> Bool {
        try !database.query("SELECT 1 FROM entries WHERE user_id = ?", [.text(userID)]).isEmpty
    }

    /// The stored file of a photo id (`photo-N`), or nil when there is no such photo.
    func photoFile(id: String) throws(SQLiteError) -> String? {
        guard id.hasPrefix("photo-"), let number = Int64(id.dropFirst("photo-".count)) else { return nil }
        return try database.query("SELECT file FROM photos WHERE number = ?", [.integer(number)]).first?[0].text
    }

    /// Inserts the entry (its `id` is ignored) and returns it with the id it got.
    func insert(_ entry: Entry) throws(SQLiteError) -> Entry {
        try database.run(
            """
            INSERT INTO entries (user_id, name, surname, text, url, buy_package, photo_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(entry.userID), .text(entry.name), .text(entry.surname), .textOrNull(entry.text),
                .textOrNull(entry.url), .text(entry.buyPackage), .textOrNull(entry.photoID), .text(entry.createdAt),
            ])
        var inserted = entry
        inserted.id = database.lastInsertRowID
        return inserted
    }

    /// Inserts the entry unless its user already has one; true when it was inserted.
    func insertIfNew(_ entry: Entry) throws(SQLiteError) -> Bool {
        try database.run(
            """
            INSERT OR IGNORE INTO entries (user_id, name, surname, text, url, buy_package, photo_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(entry.userID), .text(entry.name), .text(entry.surname), .textOrNull(entry.text),
                .textOrNull(entry.url), .text(entry.buyPackage), .textOrNull(entry.photoID), .text(entry.createdAt),
            ]) == 1
    }

    /// Deletes the user's entry and returns it, or nil when there was none.
    func deleteEntry(forUser userID: String) throws(SQLiteError) -> Entry? {
        try database.transaction { () throws(SQLiteError) in
            guard let entry = try entry(forUser: userID) else { return nil }
            try database.run("DELETE FROM entries WHERE user_id = ?", [.text(userID)])
            return entry
        }
    }

    /// Records a photo whose file will be `fileForNumber(number)`; returns its id (`photo-N`) and file path.
    func insertPhoto(
        userID: String, createdAt: String, fileForNumber: (Int64) -> String
    ) throws(SQLiteError) -> (id: String, file: String) {
        try database.run(
            "INSERT INTO photos (user_id, file, created_at) VALUES (?, '', ?)", [.text(userID), .text(createdAt)])
        let number = database.lastInsertRowID
        let file = fileForNumber(number)
        try database.run("UPDATE photos SET file = ? WHERE number = ?", [.text(file), .integer(number)])
        return ("photo-\(number)", file)
    }
}
