import Foundation

/// A small PNG writer for tests, independent of libpng: stored (uncompressed) deflate blocks, filter 0 rows.
enum TestPNG {
    enum ColorType: UInt8 {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: return 1
            case .grayAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    /// `samples` are the raw samples row by row (for 16-bit, two big-endian bytes each).
    static func encode(
        width: Int, height: Int, colorType: ColorType, bitDepth: UInt8 = 8, samples: [UInt8],
        palette: [[UInt8]] = [], transparency: [UInt8] = [], interlaced: Bool = false
    ) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0])
        png.append(chunk("IHDR", header))
        if !palette.isEmpty { png.append(chunk("PLTE", Data(palette.flatMap { $0 }))) }
        if !transparency.isEmpty { png.append(chunk("tRNS", Data(transparency))) }
        let rowBytes = (width * colorType.channels * Int(bitDepth) + 7) / 8
        var raw = Data()
        if interlaced {
            // Adam7 (8-bit samples only): seven passes, each a small image of every n-th pixel.
            let pixelBytes = colorType.channels * Int(bitDepth) / 8
            let passes = [
                (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
            ]
            for (startX, startY, stepX, stepY) in passes where startX < width && startY < height {
                for y in stride(from: startY, to: height, by: stepY) {
                    raw.append(0)
                    for x in stride(from: startX, to: width, by: stepX) {
                        let offset = y * rowBytes + x * pixelBytes
                        raw.append(contentsOf: samples[offset..<offset + pixelBytes])
                    }
                }
            }
        } else {
            for row in 0..<height {
                raw.append(0)
                raw.append(contentsOf: samples[row * rowBytes..<(row + 1) * rowBytes])
            }
        }
        png.append(chunk("IDAT", zlibStored(raw)))
        png.append(chunk("IEND", Data()))
        return png
    }

    /// An RGB image from pixels given as (r, g, b) triples, row by row.
    static func rgb(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> Data {
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { samples.append(contentsOf: pixel(x, y)) }
        }
        return encode(width: width, height: height, colorType: .rgb, samples: samples)
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var chunk = Data()
        chunk.appendBigEndian(UInt32(data.count))
        let body = Data(type.utf8) + data
        chunk.append(body)
        chunk.appendBigEndian(crc32(body))
        return chunk
    }

    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + count >= bytes.count ? 1 : 0
            out.append(final)
            out.append(UInt8(count & 0xFF))
            out.append(UInt8(count >> 8))
            out.append(UInt8(~count & 0xFF))
            out.append(UInt8((~count >> 8) & 0xFF))
            out.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.appendBigEndian((b << 16) | a)
        return out
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

}

extension Data {
    /// Appends `value` as four big-endian bytes, as PNG lengths and CRCs are stored.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
