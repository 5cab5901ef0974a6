import Foundation
import SegueRuntime
import Testing

@testable import SegueServices

/// Decoding scaled down as the file is read (libjpeg's `scale_denom`, PNG blocks averaged row by row).
@Suite struct ScaledDecodingTests {
    /// Four quadrants split at x 30, y 20: red, green, blue, and black at half alpha (grey over white).
    static func quadrant(_ x: Int, _ y: Int) -> [UInt16] {
        switch (x < 30, y < 20) {
        case (true, true): return [0xFFFF, 0, 0, 0xFFFF]
        case (false, true): return [0, 0xFFFF, 0, 0xFFFF]
        case (true, false): return [0, 0, 0xFFFF, 0xFFFF]
        case (false, false): return [0, 0, 0, 0x8080]
        }
    }

    static func expected(_ x: Int, _ y: Int) -> [UInt8] {
        switch (x < 30, y < 20) {
        case (true, true): return [255, 0, 0]
        case (false, true): return [0, 255, 0]
        case (true, false): return [0, 0, 255]
        case (false, false): return [127, 127, 127]
        }
    }

    /// A 16-bit RGBA PNG of `quadrant`, 61 × 41 so the last block column and row are one pixel wide.
    static let deepQuadrants = TestPNG.encode(
        width: 61, height: 41, colorType: .rgba, bitDepth: 16,
        samples: (0..<41).flatMap { y in
            (0..<61).flatMap { x in quadrant(x, y).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        })

    @Test func sixteenBitRGBAPNGShrinksByBlocksWithExactColours() throws {
        let image = try ImageCodec.decode(Self.deepQuadrants, path: "deep.png", maxPixels: 10_000, shrink: 5)
        #expect(image.width == 13)
        #expect(image.height == 9)
        var wanted = RGBImage(width: 13, height: 9)
        for y in 0..<9 {
            for x in 0..<13 { wanted[x, y] = Self.expected(x * 5, y * 5) }
        }
        #expect(image == wanted)
        // Unshrunk, the same file gives the same colours at every pixel.
        let whole = try ImageCodec.decode(Self.deepQuadrants, path: "deep.png", maxPixels: 10_000)
        #expect(whole.width == 61 && whole.height == 41)
        #expect(whole[60, 40] == [127, 127, 127] && whole[0, 0] == [255, 0, 0])
    }

    @Test func blocksAreAveragedAndInterlacedPNGsShrinkAlike() throws {
        let stripes = TestPNG.rgb(width: 4, height: 2) { x, _ in x % 2 == 0 ? [0, 0, 0] : [255, 255, 255] }
        let halved = try ImageCodec.decode(stripes, path: "s.png", maxPixels: 100, shrink: 2)
        #expect(halved == RGBImage(width: 2, height: 1, fill: (128, 128, 128)))
        let samples = (0..<41).flatMap { y in
            (0..<61).flatMap { x in Self.quadrant(x, y).map { UInt8($0 >> 8) } }
        }
        let flat = TestPNG.encode(width: 61, height: 41, colorType: .rgba, samples: samples)
        let interlaced = TestPNG.encode(width: 61, height: 41, colorType: .rgba, samples: samples, interlaced: true)
        let shrunk = try ImageCodec.decode(interlaced, path: "i.png", maxPixels: 10_000, shrink: 7)
        #expect(shrunk.width == 9 && shrunk.height == 6)
        #expect(shrunk == (try ImageCodec.decode(flat, path: "f.png", maxPixels: 10_000, shrink: 7)))
        // A factor past the image's size gives one pixel, the mean of them all.
        #expect(try ImageCodec.decode(stripes, path: "s.png", maxPixels: 100, shrink: 1 << 30).width == 1)
    }

    @Test func jpegDecodesAtAPowerOfTwoNotAboveTheShrink() throws {
        let source = RGBImage(width: 64, height: 48, fill: (200, 40, 90))
        let jpeg = try PhotoScratch.jpeg(source)
        for (shrink, width, height) in [(1, 64, 48), (3, 32, 24), (4, 16, 12), (100, 8, 6)] {
            let image = try ImageCodec.decode(jpeg, path: "a.jpg", maxPixels: 10_000, shrink: shrink)
            #expect(image.width == width && image.height == height, "shrink \(shrink)")
            let pixel = image[width / 2, height / 2]
            #expect(abs(Int(pixel[0]) - 200) <= 3 && abs(Int(pixel[1]) - 40) <= 3 && abs(Int(pixel[2]) - 90) <= 3)
        }
    }

    @Test func theServiceDecodesOnlyAsLargeAsTheCropNeeds() throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let path = try scratch.write(Self.deepQuadrants, named: "deep.png")
        // Aspect 61:41 takes the whole image; a 12-pixel result is decoded at a fifth and scaled from there.
        let image = try scratch.service.render(
            path: path, crop: PhotoCrop(aspectRatio: 61.0 / 41.0), maxSide: 12)
        #expect(image.width == 12 && image.height == 8)
        #expect(image[0, 0] == [255, 0, 0] && image[11, 0] == [0, 255, 0])
        #expect(image[0, 7] == [0, 0, 255] && image[11, 7] == [127, 127, 127])
    }

    @Test func noColourFromOutsideTheFrameBleedsInThroughAStraddlingBlock() throws {
        let scratch = try PhotoScratch()
        defer { scratch.cleanUp() }
        let path = try scratch.write(Self.deepQuadrants, named: "deep.png")
        // The left 30 columns (red over blue), decoded at a quarter: block 7 holds columns 28…31, two of them green.
        let image = try scratch.service.render(
            path: path, crop: PhotoCrop(centerX: 0, aspectRatio: 30.0 / 41.0), maxSide: 10)
        #expect(image.height == 10)
        let greens = (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y][1] } }
        #expect(greens.allSatisfy { $0 == 0 }, "green from outside the frame: \(greens.max() ?? 0)")
        #expect(image[0, 0] == [255, 0, 0] && image[0, 9] == [0, 0, 255])
    }
}
