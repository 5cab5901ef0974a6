import Foundation
import SegueDiagnostics
import SegueMachine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the photo service produced, so an upload sends only those (issue 16): not `/etc/passwd`, not a link to
/// a crop, not a crop swapped for another file after it was written.
///
/// A file is known by its real path and its identity when written (device, inode, size, modification time); it
/// passes `problem(uploading:)` only while the path is that same regular file. With a `file`, the registry is kept
/// there (0600, never through a link out of `dataDirectory`) so a crop the form kept can still be uploaded after a
/// restart.
///
///     let registry = PhotoFileRegistry(file: "DATA/photos/.produced.json", within: "DATA")
///     try await registry.record("DATA/photos/me-1f2e.jpg")
///     await registry.problem(uploading: "/etc/passwd")   // "it was not produced by the photo service"
public actor PhotoFileRegistry {
    /// One produced file as it was when written.
    struct Entry: Codable, Hashable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
    }

    private struct Contents: Codable { var files: [Entry] }

    /// The most files remembered; the oldest are forgotten first (each save replaces a crop the form no longer keeps).
    public static let capacity = 256

    private let file: String?
    private let dataDirectory: String?
    private var entries: [Entry]

    /// A registry in memory only (tests, a run without a data directory).
    public init() {
        self.file = nil
        self.dataDirectory = nil
        self.entries = []
    }

    /// A registry kept in `file` inside `dataDirectory`; a missing or unreadable file is an empty registry (an
    /// upload of an older crop is then refused, never allowed).
    public init(file: String, within dataDirectory: String) {
        self.file = file
        self.dataDirectory = dataDirectory
        if let data = try? SafeFile.read(file, limit: 1 << 20),
            let contents = try? JSONDecoder().decode(Contents.self, from: data)
        {
            self.entries = contents.files
        } else {
            self.entries = []
        }
    }

    /// Remembers `path`, just written by the photo service, as it is now.
    public func record(_ path: String) throws(ServiceError) {
        guard let entry = Self.identity(of: path) else {
            throw ServiceError(
                service: "photos", code: "write_failed", message: "The cropped photo \(path) vanished as it was written"
            )
        }
        var updated = entries.filter { $0.path != entry.path }
        updated.append(entry)
        if updated.count > Self.capacity { updated.removeFirst(updated.count - Self.capacity) }
        try save(updated)
        entries = updated
    }

    /// Why `path` may not be uploaded, or nil when it is a file the photo service produced and nobody changed since.
    public func problem(uploading path: String) -> String? {
        if let problem = SafeFile.problem(path, limit: SafeFile.uploadLimit) { return problem }
        guard let now = Self.identity(of: path), entries.contains(now) else {
            return "it was not produced by the photo service (only a picked and cropped photo is uploaded)"
        }
        return nil
    }

    private func save(_ entries: [Entry]) throws(ServiceError) {
        guard let file else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(Contents(files: entries))
            try AtomicFile.write(data, to: URL(fileURLWithPath: file), mode: 0o600, within: dataDirectory)
        } catch {
            throw ServiceError(
                service: "photos", code: "write_failed", message: "Cannot save the list of produced photos: \(error)")
        }
    }

    /// The regular file at `path` (not a link) with its real path and identity; nil for anything else.
    static func identity(of path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let real = realpath(path, nil) else {
            return nil
        }
        defer { free(real) }
        #if canImport(Glibc)
            let time = info.st_mtim
        #else
            let time = info.st_mtimespec
        #endif
        let modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        return Entry(
            path: String(cString: real), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            size: Int64(info.st_size), modified: modified)
    }
}
