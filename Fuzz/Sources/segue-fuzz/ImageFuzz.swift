import Foundation
import SegueRuntime

@testable import SegueServices

/// Bytes as a photo: probe, decode, the EXIF orientation, a crop, the scale-down and the JPEG encoder, as the
/// photo service runs them (libjpeg and libpng run under AddressSanitizer here).
enum ImageFuzz {
    /// Small enough that one input decodes in well under the 1 s a slow input is reported at.
    static let maxPixels = 1 << 21

    static func run(_ data: Data) {
        _ = try? ImageCodec.probe(data, path: "photo")
        // The shrink comes from the file's last byte, so the fuzzer explores scaled decoding too (0 is no shrink).
        let shrink = Int(data.last ?? 0) % 10
        guard var image = try? ImageCodec.decode(data, path: "photo", maxPixels: maxPixels, shrink: shrink) else {
            return
        }
        if ImageCodec.format(of: data) == .jpeg { image = ExifOrientation.of(jpeg: data).apply(to: image) }
        let crop = PhotoCrop(zoom: 1.5, centerX: 0.3, centerY: 0.6)
        guard let region = try? PhotoCropRegion(imageWidth: image.width, imageHeight: image.height, crop: crop) else {
            return
        }
        let scaled = ImageResampler.downscale(image.cropped(to: region), maxSide: 64, filter: .box)
        _ = try? ImageCodec.encodeJPEG(pixels: scaled.pixels, width: scaled.width, height: scaled.height, quality: 85)
    }
}
