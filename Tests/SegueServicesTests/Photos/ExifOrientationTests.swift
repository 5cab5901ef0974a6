import Foundation
import SegueRuntime
import Testing

@testable import SegueServices

@Suite struct ExifOrientationTests {
    /// `jpeg` with an EXIF segment holding only the orientation tag, inserted right after the start marker.
    static func withOrientation(_ jpeg: Data, _ orientation: UInt8, littleEndian: Bool = false) -> Data {
        let tiff: [UInt8] =
            littleEndian
            ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
            : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let length = 2 + 6 + tiff.count
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8) + tiff
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    /// 3 × 2, pixel values 1…6 row by row (gray).
    static let numbered = RGBImage(width: 3, height: 2, pixels: (1...6).flatMap { [UInt8($0), UInt8($0), UInt8($0)] })!

    func grays(_ image: RGBImage) -> [UInt8] {
        stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }
    }

    @Test func everyOrientationTurnsTheImageUpright() {
        // 1 2 3
        // 4 5 6
        let expected: [(ExifOrientation, Int, [UInt8])] = [
            (.up, 3, [1, 2, 3, 4, 5, 6]),
            (.upMirrored, 3, [3, 2, 1, 6, 5, 4]),
            (.down, 3, [6, 5, 4, 3, 2, 1]),
            (.downMirrored, 3, [4, 5, 6, 1, 2, 3]),
            (.leftMirrored, 2, [1, 4, 2, 5, 3, 6]),
            (.right, 2, [4, 1, 5, 2, 6, 3]),
            (.rightMirrored, 2, [6, 3, 5, 2, 4, 1]),
            (.left, 2, [3, 6, 2, 5, 1, 4]),
        ]
        for (orientation, width, pixels) in expected {
            let turned = orientation.apply(to: Self.numbered)
            #expect(turned.width == width, "\(orientation)")
            #expect(grays(turned) == pixels, "\(orientation)")
        }
    }

    @Test func readsTheTagInEitherByteOrder() throws {
        let jpeg = try PhotoScratch.jpeg(RGBImage(width: 8, height: 8))
        #expect(ExifOrientation.of(jpeg: jpeg) == .up)
        #expect(ExifOrientation.of(jpeg: Self.withOrientation(jpeg, 6)) == .right)
        #expect(ExifOrientation.of(jpeg: Self.withOrientation(jpeg, 8, littleEndian: true)) == .left)
        #expect(ExifOrientation.of(jpeg: Self.withOrientation(jpeg, 42)) == .up)
        #expect(ExifOrientation.of(jpeg: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45])) == .up)
    }

    @Test func theServiceCropsTheUprightPhoto() async throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        var sideways = RGBImage(width: 32, height: 16, fill: (220, 30, 30))
        for y in 0..<16 { for x in 16..<32 { sideways[x, y] = [30, 30, 220] } }
        let path = try scratch.write(Self.withOrientation(try PhotoScratch.jpeg(sideways), 6), named: "camera.jpg")
        let service = scratch.service
        #expect(try await service.inspect(path: path) == PhotoInfo(path: path, format: .jpeg, width: 16, height: 32))
        let upright = try service.render(path: path, crop: PhotoCrop(aspectRatio: 0.5), maxSide: 100)
        #expect(upright.width == 16)
        #expect(upright.height == 32)
        #expect(zip(upright[8, 4], [220, 30, 30]).allSatisfy { abs(Int($0) - $1) <= 8 }, "top \(upright[8, 4])")
        #expect(zip(upright[8, 28], [30, 30, 220]).allSatisfy { abs(Int($0) - $1) <= 8 }, "bottom \(upright[8, 28])")
    }
}
