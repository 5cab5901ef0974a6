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

/// Hostile files around a data directory (issue 16): writes never follow a link out of it, files get the mode
/// asked for, and files named from outside are read only when they are regular, small and not links.
@Suite struct DataDirectoryFileTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func aSymlinkedTargetOutsideTheDataDirectoryIsRefusedAndTheDecoyKept() throws {
        let data = try AtomicFileTests.scratch()
        let elsewhere = try AtomicFileTests.scratch()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let decoy = elsewhere.appendingPathComponent("decoy.json")
        try Data("decoy".utf8).write(to: decoy)
        let link = data.appendingPathComponent("flow-donate.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: decoy.path)
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(Data("saved".utf8), to: link, within: data.path)
        }
        #expect(AtomicFileTests.text(decoy) == "decoy", "the file the link points at is untouched")
        #expect(AtomicFileTests.entries(elsewhere) == ["decoy.json"], "no temporary file left beside the decoy")
        // A link that stays inside the data directory is still followed.
        let inside = data.appendingPathComponent("real.json")
        try Data("old".utf8).write(to: inside)
        let near = data.appendingPathComponent("near.json")
        try FileManager.default.createSymbolicLink(atPath: near.path, withDestinationPath: "real.json")
        try AtomicFile.write(Data("new".utf8), to: near, within: data.path)
        #expect(AtomicFileTests.text(inside) == "new")
    }

    @Test func filePersistenceRefusesALinkOutAndWritesItsFile0600() async throws {
        let data = try AtomicFileTests.scratch()
        let elsewhere = try AtomicFileTests.scratch()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let decoy = elsewhere.appendingPathComponent("decoy.json")
        try Data("{}".utf8).write(to: decoy)
        let linked = data.appendingPathComponent("flow-donate.json").path
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: decoy.path)
        #expect(throws: PersistenceError.self) {
            try FilePersistence(path: linked).save(["has_entry": .bool(true)])
        }
        #expect(AtomicFileTests.text(decoy) == "{}")
        let own = data.appendingPathComponent("flow-pictone.json").path
        try FilePersistence(path: own).save(["has_entry": .bool(true)])
        #expect(Self.mode(own) == 0o600)
        try AtomicFile.write(Data("shared".utf8), to: data.appendingPathComponent("shared.txt"))
        #expect(Self.mode(data.appendingPathComponent("shared.txt").path) == 0o644)
    }

    @Test func aFIFOIsRefusedAtOnceNeverWaitedOn() throws {
        let directory = try AtomicFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("photo.jpg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever comes: a read that waited would block here for good, so returning at all is the proof.
        #expect(throws: SafeFile.ReadError(path: fifo, reason: "it is a FIFO, not a regular file")) {
            try SafeFile.read(fifo, limit: 1 << 20)
        }
        #expect(SafeFile.problem(fifo, limit: 1 << 20) == "it is a FIFO, not a regular file")
    }

    @Test func aDeviceALinkAndAnOversizedFileAreRefused() throws {
        let directory = try AtomicFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SafeFile.ReadError(path: "/dev/zero", reason: "it is a device, not a regular file")) {
            try SafeFile.read("/dev/zero", limit: 1 << 20)
        }
        let link = directory.appendingPathComponent("passwd").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
        #expect(throws: SafeFile.ReadError(path: link, reason: "it is a symbolic link (links are not followed)")) {
            try SafeFile.read(link, limit: 1 << 20)
        }
        let big = directory.appendingPathComponent("big.jpg")
        try Data(repeating: 7, count: 2048).write(to: big)
        #expect(
            throws: SafeFile.ReadError(
                path: big.path, reason: "it is 2048 bytes, more than the 1024 allowed", size: 2048)
        ) {
            try SafeFile.read(big.path, limit: 1024)
        }
        #expect(try SafeFile.read(big.path, limit: 4096) == Data(repeating: 7, count: 2048))
    }
}
