import SegueRuntime
import SegueSQLite

/// The recordings store: one SQLite row per take (and per character volume), next to the take files.
///
/// A take being recorded has state `recording` until it is finished, so an interrupted one can be found and
/// recovered at the next launch.
final class TakeStore {
    let database: SQLiteDatabase

    init(path: String) throws(AudioError) {
        do {
            database = try SQLiteDatabase(.file(path))
        } catch {
            throw .store(error.description)
        }
        try execute(
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS takes (
                id TEXT PRIMARY KEY, line_id TEXT NOT NULL, character TEXT NOT NULL, path TEXT NOT NULL,
                frames INTEGER NOT NULL DEFAULT 0, sample_rate INTEGER NOT NULL DEFAULT 0,
                duration REAL NOT NULL DEFAULT 0, volume REAL NOT NULL DEFAULT 1,
                trim_start INTEGER, trim_end INTEGER, created_at REAL NOT NULL,
                state TEXT NOT NULL DEFAULT 'done', replacing TEXT);
            CREATE INDEX IF NOT EXISTS takes_by_line ON takes (line_id, character, created_at);
            CREATE TABLE IF NOT EXISTS characters (name TEXT PRIMARY KEY, volume REAL NOT NULL);
            """)
    }

    private static let columns =
        "id, line_id, character, path, frames, sample_rate, duration, volume, trim_start, trim_end, created_at"

    /// Finished takes, oldest first, optionally filtered by line and character.
    func takes(line: String? = nil, character: String? = nil) throws(AudioError) -> [AudioTake] {
        let rows = try query(
            """
            SELECT \(Self.columns) FROM takes WHERE state = 'done' AND (?1 IS NULL OR line_id = ?1)
            AND (?2 IS NULL OR character = ?2) ORDER BY created_at, rowid
            """, [line.map { .text($0) } ?? .null, character.map { .text($0) } ?? .null])
        return rows.map(Self.take)
    }

    func take(id: String) throws(AudioError) -> AudioTake {
        let rows = try query("SELECT \(Self.columns) FROM takes WHERE id = ? AND state = 'done'", [.text(id)])
        guard let row = rows.first else { throw .notFound("take \(id)") }
        return Self.take(row)
    }

    /// Inserts a row for a take being recorded into `path`.
    func beginRecording(id: String, line: String, character: String, path: String, replacing: String?, at time: Double)
        throws(AudioError)
    {
        try query(
            """
            INSERT INTO takes (id, line_id, character, path, created_at, state, replacing)
            VALUES (?, ?, ?, ?, ?, 'recording', ?)
            """,
            [.text(id), .text(line), .text(character), .text(path), .real(time), replacing.map { .text($0) } ?? .null])
    }

    /// Takes whose recording never finished: (id, path, replacing).
    func interruptedRecordings() throws(AudioError) -> [(id: String, path: String, replacing: String?)] {
        try query("SELECT id, path, replacing FROM takes WHERE state = 'recording'").map {
            (id: $0[0].text ?? "", path: $0[1].text ?? "", replacing: $0[2].text)
        }
    }

    /// Marks a recorded take finished, with its final file and length.
    func finishRecording(id: String, path: String, frames: Int, sampleRate: Int, duration: Double) throws(AudioError) {
        try query(
            """
            UPDATE takes SET state = 'done', path = ?, frames = ?, sample_rate = ?, duration = ?, replacing = NULL
            WHERE id = ?
            """, [.text(path), .integer(Int64(frames)), .integer(Int64(sampleRate)), .real(duration), .text(id)])
    }

    /// Points an existing take at new audio (an overwrite): new length, trim cleared, volume kept.
    func replaceAudio(id: String, frames: Int, sampleRate: Int, duration: Double, at time: Double) throws(AudioError) {
        try query(
            """
            UPDATE takes SET frames = ?, sample_rate = ?, duration = ?, trim_start = NULL, trim_end = NULL,
            created_at = ? WHERE id = ?
            """, [.integer(Int64(frames)), .integer(Int64(sampleRate)), .real(duration), .real(time), .text(id)])
    }

    func updateTrim(id: String, start: Int, end: Int, frames: Int, duration: Double) throws(AudioError) {
        try query(
            "UPDATE takes SET trim_start = ?, trim_end = ?, frames = ?, duration = ? WHERE id = ?",
            [.integer(Int64(start)), .integer(Int64(end)), .integer(Int64(frames)), .real(duration), .text(id)])
    }

    func updateVolume(id: String, volume: Double) throws(AudioError) {
        try query("UPDATE takes SET volume = ? WHERE id = ?", [.real(volume), .text(id)])
    }

    func delete(id: String) throws(AudioError) {
        try query("DELETE FROM takes WHERE id = ?", [.text(id)])
    }

    func characterVolume(_ name: String) throws(AudioError) -> Double {
        try query("SELECT volume FROM characters WHERE name = ?", [.text(name)]).first?[0].real ?? 1
    }

    func setCharacterVolume(_ name: String, volume: Double) throws(AudioError) {
        try query(
            "INSERT INTO characters (name, volume) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET volume = excluded.volume",
            [.text(name), .real(volume)])
    }

    private static func take(_ row: SQLiteRow) -> AudioTake {
        AudioTake(
            id: row[0].text ?? "", lineID: row[1].text ?? "", character: row[2].text ?? "",
            path: row[3].text ?? "", frames: row[4].integer.map(Int.init) ?? 0,
            sampleRate: row[5].integer.map(Int.init) ?? 0, duration: row[6].real ?? 0, volume: row[7].real ?? 1,
            trimStart: row[8].integer.map(Int.init), trimEnd: row[9].integer.map(Int.init), createdAt: row[10].real ?? 0
        )
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ body: () throws(AudioError) -> Result) throws(AudioError) -> Result {
        try database.transaction(failing: { AudioError.store($0.description) }, body)
    }

    /// Runs schema statements; a failure is `AudioError.store` with SQLite's text.
    private func execute(_ sql: String) throws(AudioError) {
        do {
            try database.execute(sql)
        } catch {
            throw .store(error.description)
        }
    }

    /// Runs one statement and returns its rows; a failure is `AudioError.store` with SQLite's text.
    @discardableResult
    private func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(AudioError) -> [SQLiteRow] {
        do {
            return try database.query(sql, bindings)
        } catch {
            throw .store(error.description)
        }
    }
}
