import Foundation
import SegueDiagnostics
import Testing

@testable import SegueMachine
@testable import SegueRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one atomic write: new and replaced files, and the hostile destinations (symlink, FIFO, directory).
@Suite struct AtomicFileTests {
    /// A fresh scratch directory, removed by the caller.
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func text(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every entry left in the directory, so a stray temporary file shows.
    static func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test func writesANewFileInMissingDirectoriesAndReplacesIt() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a/b/saved.json")
        try AtomicFile.write(Data("one".utf8), to: file)
        try AtomicFile.write(Data("two".utf8), to: file)
        #expect(Self.text(file) == "two")
        #expect(Self.entries(file.deletingLastPathComponent()) == ["saved.json"])
    }

    @Test func aSymlinkStaysALinkAndItsTargetIsReplaced() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.json")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(Self.text(target) == "new")
        #expect(Self.entries(directory) == ["link.json", "real.json"])
    }

    @Test func aFIFOIsRefusedAndLeftInPlace() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: AtomicFile.WriteError(path: fifo.path, reason: "it is a FIFO, not a regular file")) {
            try AtomicFile.write(Data("x".utf8), to: fifo)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: fifo.path)
        #expect(attributes[.type] as? FileAttributeType != .typeRegular)
        #expect(Self.entries(directory) == ["pipe"])
    }

    @Test func aDirectoryIsRefusedAndASymlinkToOneToo() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = directory.appendingPathComponent("to-folder")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        #expect(throws: AtomicFile.WriteError(path: folder.path, reason: "it is a directory")) {
            try AtomicFile.write(Data("x".utf8), to: folder)
        }
        #expect(throws: AtomicFile.WriteError(path: link.path, reason: "it is a directory")) {
            try AtomicFile.write(Data("x".utf8), to: link)
        }
        #expect(Self.entries(directory) == ["folder", "to-folder"])
    }

    @Test func aSymlinkLoopIsRefused() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = directory.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop")
        #expect(throws: AtomicFile.WriteError(path: loop.path, reason: "too many levels of symbolic links")) {
            try AtomicFile.write(Data("x".utf8), to: loop)
        }
    }

    @Test func filePersistenceSavesThroughItAndReportsAHostileTarget() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = FilePersistence(path: directory.appendingPathComponent("saved.json").path)
        try saved.save(["count": .int(2)])
        #expect(try saved.load() == ["count": .int(2)])
        let folder = FilePersistence(path: directory.path)
        #expect(throws: PersistenceError(path: directory.path, reason: "it is a directory")) {
            try folder.save(["count": .int(2)])
        }
    }
}
