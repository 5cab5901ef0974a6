import Foundation
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueServices

@Suite struct ImagePhotoServiceTests {
    /// 8 × 4: the left half red, the right half blue, a green 2 × 2 square at x 4…5, y 1…2.
    static let flag = TestPNG.rgb(width: 8, height: 4) { x, y in
        if (4...5).contains(x) && (1...2).contains(y) { return [0, 255, 0] }
        return x < 4 ? [255, 0, 0] : [0, 0, 255]
    }

    @Test func cropsExactlyOnTheLosslessPipeline() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let path = try scratch.write(Self.flag, named: "flag.png")
        let service = scratch.service
        let left = try service.render(path: path, crop: PhotoCrop(centerX: 0), maxSide: 100)
        #expect(left == RGBImage(width: 4, height: 4, fill: (255, 0, 0)))
        let zoomed = try service.render(
            path: path, crop: PhotoCrop(zoom: 2, centerX: 5 / 8, centerY: 0.5), maxSide: 100)
        #expect(zoomed == RGBImage(width: 2, height: 2, fill: (0, 255, 0)))
        let wide = try service.render(path: path, crop: PhotoCrop(aspectRatio: 2), maxSide: 4)
        // The whole 8 × 4 image is the 2:1 frame; halved, each pixel is the mean of a 2 × 2 block, and the green
        // square's blocks are half green, half blue.
        var expected = RGBImage(width: 4, height: 2, fill: (0, 0, 255))
        for y in 0..<2 {
            expected[0, y] = [255, 0, 0]
            expected[1, y] = [255, 0, 0]
            expected[2, y] = [0, 128, 128]
        }
        #expect(wide.width == 4)
        #expect(wide.height == 2)
        #expect(wide == expected)
    }

    @Test func writesAJPEGUnderTheOutputDirectory() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let big = TestPNG.rgb(width: 64, height: 32) { x, _ in x < 32 ? [220, 30, 30] : [30, 30, 220] }
        let path = try scratch.write(big, named: "avatar.png")
        let service = scratch.service
        let output = try await service.crop(path: path, crop: PhotoCrop(centerX: 0.25), maxSide: 16)
        #expect(output.hasPrefix(scratch.directory.appendingPathComponent("out").path + "/avatar-"))
        #expect(output.hasSuffix(".jpg"))
        #expect(try await service.crop(path: path, crop: PhotoCrop(centerX: 0.25), maxSide: 16) == output)
        #expect(
            try await service.inspect(path: output) == PhotoInfo(path: output, format: .jpeg, width: 16, height: 16))
        let decoded = try ImageCodec.decode(
            Data(contentsOf: URL(fileURLWithPath: output)), path: output, maxPixels: 1000)
        let centre = decoded[8, 8]
        #expect(zip(centre, [220, 30, 30]).allSatisfy { abs(Int($0) - $1) <= 8 }, "centre \(centre)")
    }

    @Test func inspectsByContentNotByName() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let png = try scratch.write(Self.flag, named: "really-a-png.jpg")
        let jpeg = try scratch.write(PhotoScratch.jpeg(RGBImage(width: 40, height: 30)), named: "photo")
        let service = scratch.service
        #expect(try await service.inspect(path: png) == PhotoInfo(path: png, format: .png, width: 8, height: 4))
        #expect(try await service.inspect(path: jpeg) == PhotoInfo(path: jpeg, format: .jpeg, width: 40, height: 30))
    }

    @Test func missingAndBrokenFilesAreServiceErrors() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let service = scratch.service
        let missing = scratch.directory.appendingPathComponent("none.png").path
        await #expect(
            throws: ServiceError(
                service: "photos", code: "not_found", message: "No photo at \(missing)",
                details: ["path": .string(missing)])
        ) {
            try await service.inspect(path: missing)
        }
        let text = try scratch.write(Data("hello".utf8), named: "notes.png")
        await #expect(
            throws: ServiceError(
                service: "photos", code: "unsupported_format", message: "notes.png is not a JPEG or PNG image",
                details: ["path": .string(text)])
        ) {
            try await service.crop(path: text, crop: PhotoCrop(), maxSide: 10)
        }
        let truncated = try scratch.write(Self.flag.prefix(70), named: "cut.png")
        do {
            _ = try await service.crop(path: truncated, crop: PhotoCrop(), maxSide: 10)
            Issue.record("a truncated PNG must not crop")
        } catch {
            #expect(error.code == "truncated_image")
        }
        let path = try scratch.write(Self.flag, named: "flag.png")
        await #expect(
            throws: ServiceError(
                service: "photos", code: "invalid_argument", message: "max_side must be at least 1, not 0",
                details: ["path": .string(path)])
        ) {
            try await service.crop(path: path, crop: PhotoCrop(), maxSide: 0)
        }
    }

    @Test func theFlowServiceInspectsAndCrops() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let path = try scratch.write(Self.flag, named: "flag.png")
        let service = PhotoFlowService(photos: scratch.service)
        #expect(
            await service.call("inspect", arguments: ["path": .string(path)])
                == .ok(.record(["path": .string(path), "format": .string("png"), "width": .int(8), "height": .int(4)])))
        let outcome = await service.call(
            "crop",
            arguments: [
                "path": .string(path), "zoom": .int(2), "center_x": .number(0.625), "aspect": .number(1),
                "max_side": .int(64),
            ])
        guard case .ok(let result) = outcome else {
            Issue.record("expected ok, got \(outcome)")
            return
        }
        #expect(result["width"] == .int(2))
        #expect(result["height"] == .int(2))
        guard
            case .error(let error) = await service.call(
                "crop", arguments: ["path": .string(path), "zoom": .string("big")])
        else {
            Issue.record("expected an error")
            return
        }
        #expect(error.message == "photos.crop: the argument `zoom` must be a number, not \"big\"")
    }
}
