import Foundation
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime
import Testing

@testable import SegueDriver

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
        let source = Self.root.appendingPathComponent("flows/donate/quadrants.jpg").path
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
        // Refused by what they are, never read: a FIFO no one writes to would block a read for good, and /dev/zero
        // never ends, so the call returning with this error is the proof (no clock a loaded machine could stretch).
        for hostile in [fifo, "/dev/zero"] {
            let outcome = await board.call(
                "upload_photo", arguments: ["user_id": .string("u1"), "photo_file": .string(hostile)])
            guard case .error(let error) = outcome else {
                Issue.record("\(hostile) was uploaded: \(outcome)")
                continue
            }
            #expect(error.message.contains("not a regular file"), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: data + "/photos/photo-2"), "no 0-byte copy of /dev/zero")
        guard case .error(let passwd) = await photos.call("crop", arguments: ["path": .string("/etc/passwd")]) else {
            Issue.record("/etc/passwd was cropped")
            return
        }
        #expect(passwd.code == "unsupported_format")
    }

    /// Uploads take only what the photo service produced: not /etc/passwd, not a symlink or a hard link to a crop,
    /// not a crop rewritten afterwards; a crop made before a restart still goes.
    @Test func onlyFilesThePhotoServiceProducedAreUploaded() async throws {
        let data = try scratch()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let options = ServiceOptions(dataDirectory: data, root: Self.root.path)
        let flow = try EmbeddedServicesTests().donate()
        let embedded = try await EmbeddedServices.make(for: flow, options: options)
        let photos = try #require(embedded.services["photos"])
        let board = try #require(embedded.services["board"])
        let source = Self.root.appendingPathComponent("flows/donate/quadrants.jpg").path
        guard case .ok(let cropped) = await photos.call("crop", arguments: ["path": .string(source)]),
            let crop = cropped["path"]?.stringValue
        else {
            Issue.record("the crop failed")
            return
        }
        func upload(_ path: String, with board: any FlowService) async -> ServiceOutcome {
            await board.call("upload_photo", arguments: ["user_id": .string("u1"), "photo_file": .string(path)])
        }
        try FileManager.default.createSymbolicLink(atPath: data + "/photos/link.jpg", withDestinationPath: crop)
        #expect(link(crop, data + "/photos/hard.jpg") == 0)
        for (hostile, reason) in [
            ("/etc/passwd", "not produced by the photo service"), (source, "not produced by the photo service"),
            (data + "/photos/link.jpg", "symbolic link"), (data + "/photos/hard.jpg", "not produced"),
        ] {
            guard case .error(let error) = await upload(hostile, with: board) else {
                Issue.record("\(hostile) was uploaded")
                continue
            }
            #expect(error.code == "01" && error.details["rule"] == .string("file"))
            #expect(error.message.contains(reason), "\(hostile): \(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: data + "/photos/photo-1.jpg"), "nothing reached the board")

        // After a restart the registry is read back: the crop the form kept still uploads.
        let restarted = try await EmbeddedServices.make(for: flow, options: options)
        let again = try #require(restarted.services["board"])
        #expect(await upload(crop, with: again) == .ok(.string("photo-1")))
        #expect(Self.mode(data + "/photos/.produced.json") == 0o600)
        // A crop changed after it was written is no longer the photo service's.
        try Data("not a photo any more".utf8).write(to: URL(fileURLWithPath: crop))
        guard case .error(let changed) = await upload(crop, with: again) else {
            Issue.record("a rewritten crop was uploaded")
            return
        }
        #expect(changed.message.contains("not produced by the photo service"))
    }
}
