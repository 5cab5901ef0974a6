import Foundation
import SegueDiagnostics
import SegueMachine
import SegueRuntime

/// Reads JPEG and PNG photos, crops them as the user chose (pan and pinch-zoom, no rotation), scales them down
/// and writes the JPEG to upload (requirement D14).
///
///     let photos = ImagePhotoService(outputDirectory: URL(fileURLWithPath: ".segue/photos"))
///     let jpeg = try await photos.crop(path: "me.png", crop: PhotoCrop(zoom: 1.5, centerX: 0.4), maxSide: 1024)
///
/// The output is `<output directory>/<source name>-<16 hex digits>.jpg`, named by a hash of the source path and
/// the crop, so the same crop of the same file gives the same path.
public struct ImagePhotoService: PhotoService {
    public var outputDirectory: URL
    /// JPEG quality, 1…100.
    public var quality: Int
    public var filter: ResampleFilter
    /// Images with more pixels than this are refused (`image_too_large`) before any is decoded.
    public var maxPixels: Int
    /// Where each crop written is recorded, so uploads take only those; nil records nothing.
    public var registry: PhotoFileRegistry?

    public init(
        outputDirectory: URL, quality: Int = 85, filter: ResampleFilter = .box, maxPixels: Int = 50_000_000,
        registry: PhotoFileRegistry? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.quality = quality
        self.filter = filter
        self.maxPixels = maxPixels
        self.registry = registry
    }

    /// The photo's format and its upright size (a JPEG's EXIF orientation may swap width and height).
    public func inspect(path: String) async throws(ServiceError) -> PhotoInfo {
        let data = try read(path)
        var info = try ImageCodec.probe(data, path: path)
        if info.format == .jpeg, ExifOrientation.of(jpeg: data).swapsSides {
            swap(&info.width, &info.height)
        }
        return info
    }

    public func crop(path: String, crop: PhotoCrop, maxSide: Int) async throws(ServiceError) -> String {
        let image = try render(path: path, crop: crop, maxSide: maxSide)
        let data = try ImageCodec.encodeJPEG(
            pixels: image.pixels, width: image.width, height: image.height, quality: quality)
        let output = outputDirectory.appendingPathComponent(outputName(path: path, crop: crop, maxSide: maxSide))
        do {
            // 0600: a crop is this user's until it is uploaded.
            try AtomicFile.write(data, to: output, mode: 0o600, within: outputDirectory.path)
        } catch {
            throw ImageCodec.failure("write_failed", "Cannot write the cropped photo: \(error)", path: path)
        }
        try await registry?.record(output.path)
        return output.path
    }

    /// The cropped and scaled pixels before JPEG encoding (lossless, so tests can check them exactly).
    func render(path: String, crop: PhotoCrop, maxSide: Int) throws(ServiceError) -> RGBImage {
        guard maxSide >= 1 else {
            throw ImageCodec.failure("invalid_argument", "max_side must be at least 1, not \(maxSide)", path: path)
        }
        let data = try read(path)
        let orientation = ImageCodec.format(of: data) == .jpeg ? ExifOrientation.of(jpeg: data) : .up
        var size = try ImageCodec.probe(data, path: path)
        if orientation.swapsSides { swap(&size.width, &size.height) }
        // Decode no larger than the crop needs: its region, shrunk, still has max_side pixels on its longer side.
        let full = try PhotoCropRegion(imageWidth: size.width, imageHeight: size.height, crop: crop)
        let shrink = max(full.width, full.height) / maxSide
        let decoded = try ImageCodec.decodeShrunk(data, path: path, maxPixels: maxPixels, shrink: shrink)
        let image = orientation.apply(to: decoded.image)
        let region = Self.blocks(inside: full, factor: decoded.factor, image: image, fullSize: size)
        return ImageResampler.downscale(image.cropped(to: region), maxSide: maxSide, filter: filter)
    }

    /// The decoded pixels wholly inside `full` (a region of the full-size picture), so no colour from outside the
    /// user's frame bleeds in through a block that straddles its edge; at least one pixel each way.
    static func blocks(
        inside full: PhotoCropRegion, factor: Int, image: RGBImage, fullSize: PhotoInfo
    ) -> PhotoCropRegion {
        func span(_ start: Int, _ length: Int, whole: Int, decoded: Int) -> (Int, Int) {
            let end = start + length
            var first = min((start + factor - 1) / factor, decoded - 1)
            var last = end >= whole ? decoded : min(end / factor, decoded)
            if last <= first {
                first = min(start / factor, decoded - 1)
                last = first + 1
            }
            return (first, last - first)
        }
        let (x, width) = span(full.x, full.width, whole: fullSize.width, decoded: image.width)
        let (y, height) = span(full.y, full.height, whole: fullSize.height, decoded: image.height)
        return PhotoCropRegion(x: x, y: y, width: width, height: height)
    }

    /// The picture at `path`, decoded and upright, with its format: what a check of an uploaded file reads.
    public static func decode(path: String, maxPixels: Int = 50_000_000) throws(ServiceError) -> (
        format: PhotoInfo.Format, image: RGBImage
    ) {
        let service = ImagePhotoService(outputDirectory: URL(fileURLWithPath: "/"), maxPixels: maxPixels)
        let data = try service.read(path)
        guard let format = ImageCodec.format(of: data) else {
            throw ImageCodec.failure("unsupported_format", "\(path) is not a JPEG or PNG image", path: path)
        }
        var image = try ImageCodec.decode(data, path: path, maxPixels: maxPixels)
        if format == .jpeg { image = ExifOrientation.of(jpeg: data).apply(to: image) }
        return (format, image)
    }

    /// A photo file: regular, not a link, at most `maxFileBytes`, read within 10 s (a FIFO is refused at once).
    private func read(_ path: String) throws(ServiceError) -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImageCodec.failure("not_found", "No photo at \(path)", path: path)
        }
        do {
            return try SafeFile.read(path, limit: Self.maxFileBytes)
        } catch {
            throw ImageCodec.failure("unreadable", "Cannot read the photo at \(path): \(error.reason)", path: path)
        }
    }

    /// The largest photo file read (64 MiB): a 50-megapixel JPEG is well under it.
    public static let maxFileBytes = 64 << 20

    private func outputName(path: String, crop: PhotoCrop, maxSide: Int) -> String {
        let key =
            "\(path)|\(crop.zoom)|\(crop.centerX)|\(crop.centerY)|\(crop.aspectRatio)|\(maxSide)|\(quality)|\(filter)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let stem = PathName.stem(of: path)
        let hex = String(hash, radix: 16)
        return "\(stem)-\(String(repeating: "0", count: 16 - hex.count))\(hex).jpg"
    }
}
