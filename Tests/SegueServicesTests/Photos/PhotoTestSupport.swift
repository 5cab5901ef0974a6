import Foundation

@testable import SegueServices

/// A scratch directory for one photo test, removed by `cleanUp()`.
struct PhotoScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ data: Data, named name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    var service: ImagePhotoService {
        ImagePhotoService(outputDirectory: directory.appendingPathComponent("out"))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A JPEG made by libjpeg from RGB pixels.
    static func jpeg(_ image: RGBImage, quality: Int = 95) throws -> Data {
        try ImageCodec.encodeJPEG(pixels: image.pixels, width: image.width, height: image.height, quality: quality)
    }
}
