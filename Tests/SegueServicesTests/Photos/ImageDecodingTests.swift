import Foundation
import SegueMachine
import Testing

@testable import SegueServices

@Suite struct ImageDecodingTests {
    func decode(_ data: Data) throws(ServiceError) -> RGBImage {
        try ImageCodec.decode(data, path: "/photos/test.png", maxPixels: 1_000_000)
    }

    @Test func rgbPNGDecodesExactly() throws {
        let png = TestPNG.encode(
            width: 3, height: 2, colorType: .rgb,
            samples: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90])
        let image = try decode(png)
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image.pixels == [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    }

    @Test func grayPaletteAndSixteenBitPNGsBecomeRGB() throws {
        #expect(
            try decode(TestPNG.encode(width: 2, height: 1, colorType: .gray, samples: [0, 200])).pixels == [
                0, 0, 0, 200, 200, 200,
            ])
        let palette = TestPNG.encode(
            width: 3, height: 1, colorType: .palette, samples: [2, 0, 1],
            palette: [[10, 20, 30], [40, 50, 60], [70, 80, 90]])
        #expect(try decode(palette).pixels == [70, 80, 90, 10, 20, 30, 40, 50, 60])
        let deep = TestPNG.encode(
            width: 1, height: 1, colorType: .rgb, bitDepth: 16, samples: [0x12, 0x34, 0xAB, 0xCD, 0xFF, 0xFF])
        #expect(try decode(deep).pixels == [0x12, 0xAB, 0xFF])
    }

    @Test func lowBitDepthsAndInterlacedPNGsDecode() throws {
        // One row of eight 1-bit gray pixels: 1010 0001.
        let bits = TestPNG.encode(width: 8, height: 1, colorType: .gray, bitDepth: 1, samples: [0b1010_0001])
        #expect(try decode(bits).pixels == [255, 0, 255, 0, 0, 0, 0, 255].flatMap { [$0, $0, $0] })
        let twoBitPalette = TestPNG.encode(
            width: 4, height: 1, colorType: .palette, bitDepth: 2, samples: [0b0001_1011],
            palette: [[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]])
        #expect(try decode(twoBitPalette).pixels == [1, 2, 3, 4].flatMap { [$0, $0, $0] })
        var samples: [UInt8] = []
        for y in 0..<11 { for x in 0..<13 { samples += [UInt8(x * 10), UInt8(y * 20), UInt8(x + y)] } }
        let interlaced = TestPNG.encode(width: 13, height: 11, colorType: .rgb, samples: samples, interlaced: true)
        #expect(try decode(interlaced).pixels == samples)
    }

    @Test func transparencyIsCompositedOverWhite() throws {
        let rgba = TestPNG.encode(
            width: 3, height: 1, colorType: .rgba, samples: [255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 128])
        #expect(try decode(rgba).pixels == [255, 0, 0, 255, 255, 255, 127, 127, 127])
        let grayAlpha = TestPNG.encode(width: 1, height: 1, colorType: .grayAlpha, samples: [0, 51])
        #expect(try decode(grayAlpha).pixels == [204, 204, 204])
        let palette = TestPNG.encode(
            width: 2, height: 1, colorType: .palette, samples: [0, 1], palette: [[0, 0, 0], [0, 0, 255]],
            transparency: [0])
        #expect(try decode(palette).pixels == [255, 255, 255, 0, 0, 255])
    }

    @Test func jpegRoundTripsWithinTolerance() throws {
        var source = RGBImage(width: 16, height: 16, fill: (200, 40, 40))
        for y in 0..<16 { for x in 8..<16 { source[x, y] = [30, 60, 220] } }
        let image = try ImageCodec.decode(PhotoScratch.jpeg(source), path: "a.jpg", maxPixels: 1_000)
        #expect(image.width == 16)
        #expect(image.height == 16)
        for (x, expected) in [(2, [200, 40, 40]), (13, [30, 60, 220])] {
            let pixel = image[x, 8]
            #expect(zip(pixel, expected).allSatisfy { abs(Int($0) - $1) <= 6 }, "pixel \(x): \(pixel)")
        }
    }

    @Test func grayJPEGBecomesRGB() throws {
        let gray = try ImageCodec.encodeJPEG(
            pixels: [UInt8](repeating: 100, count: 64), width: 8, height: 8, channels: 1, quality: 90)
        let image = try ImageCodec.decode(gray, path: "g.jpg", maxPixels: 1_000)
        #expect(image[3, 3].allSatisfy { abs(Int($0) - 100) <= 2 })
        #expect(image[3, 3][0] == image[3, 3][1])
        #expect(image[3, 3][1] == image[3, 3][2])
    }

    @Test func corruptTruncatedAndUnsupportedFilesAreClearErrors() throws {
        func code(_ data: Data) -> String {
            do {
                _ = try decode(data)
                return "decoded"
            } catch {
                return error.code
            }
        }
        let png = TestPNG.rgb(width: 8, height: 8) { x, y in [UInt8(x * 30), UInt8(y * 30), 0] }
        #expect(code(png) == "decoded")
        #expect(code(png.prefix(60)) == "truncated_image")
        var badCRC = png
        badCRC[29] ^= 0xFF  // inside the IHDR chunk's CRC
        #expect(code(badCRC) == "corrupt_image")
        #expect(
            code(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 40))
                == "corrupt_image")
        #expect(code(Data("GIF89a....".utf8)) == "unsupported_format")
        #expect(code(Data()) == "corrupt_image")

        let jpeg = try PhotoScratch.jpeg(RGBImage(width: 32, height: 32, fill: (1, 2, 3)))
        #expect(code(jpeg.prefix(jpeg.count / 2)) == "truncated_image")
        #expect(code(jpeg.prefix(20)) == "truncated_image")
        #expect(code(Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x42, count: 100)) == "truncated_image")
        #expect(code(Data([0xFF, 0xD8, 0xFF, 0x42]) + Data(repeating: 0, count: 100)) == "corrupt_image")
        // A frame header that says the image has no components.
        let bytes = [UInt8](jpeg)
        let frame = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        var badFrame = jpeg
        badFrame[frame + 9] = 0
        #expect(code(badFrame) == "corrupt_image")
    }

    @Test func cmykJPEGsAreUnsupported() throws {
        let cmyk = try ImageCodec.encodeJPEG(
            pixels: [UInt8](repeating: 60, count: 8 * 8 * 4), width: 8, height: 8, channels: 4, quality: 90)
        #expect(throws: ServiceError.self) { try ImageCodec.decode(cmyk, path: "print.jpg", maxPixels: 100) }
        do {
            _ = try ImageCodec.decode(cmyk, path: "print.jpg", maxPixels: 100)
        } catch {
            #expect(error.code == "unsupported_format")
            #expect(error.message.hasPrefix("print.jpg is a JPEG this service cannot read ("))
        }
    }

    @Test func errorsNameTheFileAndTheService() throws {
        let png = TestPNG.rgb(width: 4, height: 4) { _, _ in [0, 0, 0] }
        #expect(
            throws: ServiceError(
                service: "photos", code: "truncated_image",
                message: "test.png ends before the whole PNG image (unexpected end of file)",
                details: ["path": .string("/photos/test.png")])
        ) {
            try decode(png.prefix(50))
        }
        #expect(
            throws: ServiceError(
                service: "photos", code: "image_too_large",
                message: "big.png is too large (4 x 4 pixels is more than the limit of 15)",
                details: ["path": .string("big.png")])
        ) {
            try ImageCodec.decode(png, path: "big.png", maxPixels: 15)
        }
    }
}
