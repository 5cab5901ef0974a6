import Foundation
import SegueTestFixtures
import Testing

@testable import SegueREPL

/// The REPL's photo field (D14): never typed into, pinched and panned once it holds a photo, and drawn with its
/// framing.
@Suite struct ReplPhotoTests {
    @Test func aPhotoIsPinchedAndPannedButNeverFilledWithAPath() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        _ = await session.execute("tap donate")
        _ = await session.execute("tap options[0]")
        let passwd = await session.execute("fill photo /etc/passwd")
        #expect(passwd.failed)
        #expect(passwd.text.contains("photo is a photo field: it holds the photo the flow picks"), "\(passwd.text)")
        let early = await session.execute("pinch photo 2")
        #expect(early.failed && early.text.contains("`photo` holds no photo yet: pick one first"), "\(early.text)")
        #expect(session.completions(line: "pinch ", word: "").isEmpty)
        _ = await session.execute(
            "outcome photos.pick ok {\"path\": \"flows/donate/photo.png\", \"width\": 640, \"height\": 480}")
        _ = await session.execute("tap choose_photo")
        #expect(session.completions(line: "pan ", word: "") == ["photo"])
        #expect(!(await session.execute("pinch photo 2")).failed)
        // Past the top-left corner the frame stops on the picture: 240 of 640 px wide, so its centre at 0.1875.
        #expect(!(await session.execute("pan photo 0 0")).failed)
        let screen = session.screenLines().joined(separator: "\n")
        #expect(screen.contains("\"flows/donate/photo.png\" zoom 2×, centre 0.188, 0.25"), "\(screen)")
        let wrong = await session.execute("pinch name 2")
        #expect(wrong.failed && wrong.text.contains("`name` is not a photo field"), "\(wrong.text)")
        #expect((await session.execute("pan photo 0.5")).text.hasPrefix("error: usage: pan PHOTO X Y"))
    }

    /// `outcome photos.crop ok {path: /etc/passwd}` cannot smuggle a file into the upload: the save shows an error
    /// alert, the form keeps what was typed, and nothing reaches the board.
    @Test func anUploadOfAFileThePhotoServiceDidNotProduceIsRefused() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        let saved = await Self.save(session, croppedAs: "/etc/passwd")
        #expect(saved.text.contains("«/etc/passwd» для параметра «photo_file» не отправлен"), "\(saved.text)")
        #expect(saved.text.contains("it was not produced by the photo service"), "\(saved.text)")
        #expect(!saved.text.contains("board.add_entry"), "\(saved.text)")
        let screen = session.screenLines().joined(separator: "\n")
        #expect(screen.contains("field name \"Анна\""), "\(screen)")
    }

    /// A symlink beside a real crop, named by a scripted crop outcome, is refused too: links are never uploaded.
    @Test func aSymlinkToACropIsNotUploaded() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        let photos = try #require(session.embedded.services["photos"])
        let sample = ReplFixture.root + "/flows/donate/photo.png"
        guard case .ok(let cropped) = await photos.call("crop", arguments: ["path": .string(sample)]),
            let crop = cropped["path"]?.stringValue
        else {
            Issue.record("the crop failed")
            return
        }
        let link = session.embedded.directory + "/photos/link.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: crop)
        let saved = await Self.save(session, croppedAs: link)
        #expect(saved.text.contains("для параметра «photo_file» не отправлен: it is a symbolic link"), "\(saved.text)")
        #expect(!saved.text.contains("board.add_entry"), "\(saved.text)")
    }

    /// Buys, picks the sample photo, fills the name and saves, with the crop scripted to answer `path`.
    static func save(_ session: ReplSession, croppedAs path: String) async -> ReplSession.Reply {
        for line in [
            "tap donate", "tap options[0]", "tap choose_photo", "fill name Анна", "fill surname Петрова",
            "outcome photos.crop ok {\"path\": \"\(path)\", \"width\": 1, \"height\": 1}",
        ] {
            _ = await session.execute(line)
        }
        return await session.execute("tap save")
    }
}
