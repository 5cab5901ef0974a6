import Foundation
import SegueExpression
import SegueModel
import SegueRuntime
import Testing

@testable import SegueTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The donate flow's photos and uploads against hostile files (issue 16): a symlinked `photos/` is refused with its
/// target untouched, crops are 0600 and the board's copies 0644, and a FIFO or a device is never uploaded or waited on.
@Suite struct PhotoUploadSafetyTests {
    static let root = EmbeddedServicesTests.root

    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "segue-photos-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func aSymlinkedPhotosDirectoryIsRefusedAndItsTargetKept() async throws {
        let data = try scratch()
        let elsewhere = try scratch()
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        try Data("decoy".utf8).write(to: URL(fileURLWithPath: elsewhere + "/.photo.jpg.1.2.tmp"))
        try FileManager.default.createSymbolicLink(atPath: data + "/photos", withDestinationPath: elsewhere)
        let flow = try EmbeddedServicesTests().donate()
        do {
            _ = try await EmbeddedServices.make(
                for: flow, options: ServiceOptions(dataDirectory: data, root: Self.root.path))
            Issue.record("a symlinked photos/ was used")
        } catch {
            #expect(error.description.contains("photos is a symbolic link"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [".photo.jpg.1.2.tmp"])
    }

    @Test func cropsAre0600TheBoardsCopies0644AndAFIFOIsNeverUploaded() async throws {
        let data = try scratch()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let embedded = try await EmbeddedServices.make(
            for: try EmbeddedServicesTests().donate(),
            options: ServiceOptions(dataDirectory: data, root: Self.root.path))
        let photos = try #require(embedded.services["photos"])
        let board = try #require(embedded.services["board"])
        let source = Self.root.appendingPathComponent("examples/donate/quadrants.jpg").path
        guard case .ok(let cropped) = await photos.call("crop", arguments: ["path": .string(source), "zoom": .int(2)]),
            let path = cropped["path"]?.stringValue
        else {
            Issue.record("the crop failed")
            return
        }
        #expect(path.hasPrefix(data + "/photos/") && Self.mode(path) == 0o600)
        let uploaded = await board.call(
            "upload_photo", arguments: ["user_id": .string("u1"), "photo_file": .string(path)])
        #expect(uploaded == .ok(.string("photo-1")))
        #expect(Self.mode(data + "/photos/photo-1.jpg") == 0o644)

        let fifo = data + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o600) == 0)
        for hostile in [fifo, "/dev/zero"] {
            let started = ContinuousClock.now
            let outcome = await board.call(
                "upload_photo", arguments: ["user_id": .string("u1"), "photo_file": .string(hostile)])
            guard case .error(let error) = outcome else {
                Issue.record("\(hostile) was uploaded: \(outcome)")
                continue
            }
            #expect(error.message.contains("not a regular file"), "\(error.message)")
            #expect(ContinuousClock.now - started < .seconds(2), "refused at once, not waited on")
        }
        #expect(!FileManager.default.fileExists(atPath: data + "/photos/photo-2"), "no 0-byte copy of /dev/zero")
        guard case .error(let passwd) = await photos.call("crop", arguments: ["path": .string("/etc/passwd")]) else {
            Issue.record("/etc/passwd was cropped")
            return
        }
        #expect(passwd.code == "unsupported_format")
    }
}
