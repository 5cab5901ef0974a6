import CImageCodec
import Foundation
import SegueDiagnostics
import SegueMachine
import SegueRuntime

/// JPEG and PNG reading and JPEG writing through libjpeg and libpng (via the `CImageCodec` shim, which turns
/// their longjmp errors into status codes). Every failure is a `ServiceError` of service `photos`.
enum ImageCodec {
    /// The format by the file's first bytes, whatever its name says.
    static func format(of data: Data) -> PhotoInfo.Format? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    static func probe(_ data: Data, path: String) throws(ServiceError) -> PhotoInfo {
        let format = try requireFormat(data, path: path)
        var info = segue_image_info()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self).baseAddress
            return format == .jpeg
                ? segue_jpeg_probe(bytes, buffer.count, &info, &message, message.count)
                : segue_png_probe(bytes, buffer.count, &info, &message, message.count)
        }
        try check(status, format: format, path: path, message: message)
        return PhotoInfo(path: path, format: format, width: Int(info.width), height: Int(info.height))
    }

    /// Decodes to RGB; transparent PNG pixels are composited over white (JPEG has no alpha).
    ///
    /// `shrink` lets the decoder scale down as it reads, so a large photo never exists whole at full size: a JPEG
    /// by libjpeg's `scale_denom` (the largest of 1, 2, 4, 8 not above `shrink`), a PNG by averaging each
    /// `shrink` × `shrink` block as its rows arrive. The image returned has the decoded (smaller) size.
    static func decode(_ data: Data, path: String, maxPixels: Int, shrink: Int = 1) throws(ServiceError) -> RGBImage {
        try decodeShrunk(data, path: path, maxPixels: maxPixels, shrink: shrink).image
    }

    /// `decode`, with the factor it shrank by: decoded pixel k covers source pixels k × factor ..< (k + 1) × factor.
    static func decodeShrunk(
        _ data: Data, path: String, maxPixels: Int, shrink: Int
    ) throws(ServiceError) -> (image: RGBImage, factor: Int) {
        let format = try requireFormat(data, path: path)
        var info = segue_image_info()
        var message = [CChar](repeating: 0, count: 256)
        var pixels: UnsafeMutablePointer<UInt8>?
        let limit = UInt64(max(maxPixels, 0))
        let factor = Int32(clamping: max(shrink, 1))
        let status = data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self).baseAddress
            return format == .jpeg
                ? segue_jpeg_decode_rgb(bytes, buffer.count, limit, factor, &info, &pixels, &message, message.count)
                : segue_png_decode_rgb(bytes, buffer.count, limit, factor, &info, &pixels, &message, message.count)
        }
        defer { segue_image_free(pixels) }
        try check(status, format: format, path: path, message: message)
        let width = Int(info.output_width)
        let height = Int(info.output_height)
        guard let pixels, width > 0, height > 0 else {
            throw failure("corrupt_image", "\(name(path)) has no pixels", path: path)
        }
        var image = RGBImage(width: width, height: height)
        image.pixels = Array(UnsafeBufferPointer(start: pixels, count: width * height * 3))
        return (image, max(Int(info.output_shrink), 1))
    }

    /// Encodes RGB (3 channels), gray (1) or CMYK (4) pixels as a baseline JPEG.
    static func encodeJPEG(
        pixels: [UInt8], width: Int, height: Int, channels: Int = 3, quality: Int
    ) throws(ServiceError) -> Data {
        guard width > 0, height > 0, pixels.count == width * height * channels else {
            throw failure("invalid_argument", "cannot encode \(width) × \(height) pixels from \(pixels.count) bytes")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { buffer in
            segue_jpeg_encode(
                buffer.baseAddress, Int32(width), Int32(height), Int32(channels), Int32(quality), &output, &size,
                &message, message.count)
        }
        defer { segue_image_free(output) }
        guard status == SEGUE_IMAGE_OK, let output else {
            throw failure("encode_failed", "cannot encode the JPEG: \(text(message, or: "status \(status.rawValue)"))")
        }
        return Data(bytes: output, count: size)
    }

    private static func requireFormat(_ data: Data, path: String) throws(ServiceError) -> PhotoInfo.Format {
        if data.isEmpty { throw failure("corrupt_image", "\(name(path)) is empty", path: path) }
        guard let format = format(of: data) else {
            throw failure("unsupported_format", "\(name(path)) is not a JPEG or PNG image", path: path)
        }
        return format
    }

    private static func check(
        _ status: segue_image_status, format: PhotoInfo.Format, path: String, message: [CChar]
    ) throws(ServiceError) {
        let kind = format == .jpeg ? "JPEG" : "PNG"
        let detail = text(message, or: "")
        let suffix = detail.isEmpty ? "" : " (\(detail))"
        switch status {
        case SEGUE_IMAGE_OK: return
        case SEGUE_IMAGE_TRUNCATED:
            throw failure("truncated_image", "\(name(path)) ends before the whole \(kind) image\(suffix)", path: path)
        case SEGUE_IMAGE_UNSUPPORTED:
            throw failure(
                "unsupported_format", "\(name(path)) is a \(kind) this service cannot read\(suffix)", path: path)
        case SEGUE_IMAGE_TOO_LARGE:
            throw failure("image_too_large", "\(name(path)) is too large\(suffix)", path: path)
        case SEGUE_IMAGE_NO_MEMORY:
            throw failure("out_of_memory", "not enough memory to read \(name(path))", path: path)
        default:
            throw failure("corrupt_image", "\(name(path)) is not a valid \(kind) image\(suffix)", path: path)
        }
    }

    static func failure(_ code: String, _ message: String, path: String? = nil) -> ServiceError {
        ServiceError(
            service: "photos", code: code, message: message, details: path.map { ["path": .string($0)] } ?? [:])
    }

    private static func name(_ path: String) -> String {
        PathName.lastComponent(of: path)
    }

    private static func text(_ message: [CChar], or fallback: String) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
