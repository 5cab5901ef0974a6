import Foundation

/// How a camera JPEG asks to be turned upright (the EXIF `Orientation` tag, 1…8), and turning it so.
///
/// Photo pickers show photos upright, so the crop the user chose is relative to the upright image: the service
/// applies the orientation before cropping. This is not a rotation the user makes; requirement D14's "no rotation"
/// is about the crop gesture.
enum ExifOrientation: Int, Sendable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// True when width and height swap.
    var swapsSides: Bool { rawValue >= 5 }

    /// The orientation a JPEG's EXIF data gives, or `.up` when there is none or it cannot be read.
    static func of(jpeg data: Data) -> ExifOrientation {
        let bytes = [UInt8](data.prefix(256 * 1024))
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .up }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let body = offset + 4
            if marker == 0xE1, length >= 8, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return orientation(tiff: Array(bytes[(body + 6)..<(offset + 2 + length)])) ?? .up
            }
            offset += 2 + length
        }
        return .up
    }

    /// Reads tag 0x0112 from the first IFD of a TIFF structure.
    private static func orientation(tiff: [UInt8]) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= tiff.count else { return nil }
            let slice = tiff[at..<at + size]
            return (littleEndian ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, read(at + 2, 2) == 3, let value = read(at + 8, 2) {
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }

    /// The image turned upright.
    func apply(to image: RGBImage) -> RGBImage {
        guard self != .up else { return image }
        let width = image.width
        let height = image.height
        var result = swapsSides ? RGBImage(width: height, height: width) : RGBImage(width: width, height: height)
        for outY in 0..<result.height {
            for outX in 0..<result.width {
                let (x, y): (Int, Int)
                switch self {
                case .up: (x, y) = (outX, outY)
                case .upMirrored: (x, y) = (width - 1 - outX, outY)
                case .down: (x, y) = (width - 1 - outX, height - 1 - outY)
                case .downMirrored: (x, y) = (outX, height - 1 - outY)
                case .leftMirrored: (x, y) = (outY, outX)
                case .right: (x, y) = (outY, height - 1 - outX)
                case .rightMirrored: (x, y) = (width - 1 - outY, height - 1 - outX)
                case .left: (x, y) = (width - 1 - outY, outX)
                }
                let source = (y * width + x) * 3
                let target = (outY * result.width + outX) * 3
                result.pixels[target] = image.pixels[source]
                result.pixels[target + 1] = image.pixels[source + 1]
                result.pixels[target + 2] = image.pixels[source + 2]
            }
        }
        return result
    }
}
