import SegueRuntime

/// The pixels a `PhotoCrop` selects in an image: a rectangle that always lies inside it.
///
/// At zoom 1 the frame is the largest rectangle of the crop's aspect ratio that fits the image (so the image
/// covers the frame); zoom `z` shows 1/z of that in each direction. A zoom below 1 is raised to 1, and one so large
/// that the region would be under a pixel is lowered. The centre is moved, if needed, so the region stays inside.
///
///     PhotoCropRegion(imageWidth: 200, imageHeight: 100, crop: PhotoCrop(zoom: 2))   // x 75, y 25, 50 × 50
public struct PhotoCropRegion: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The region `crop` selects; a crop with values that are not finite or an aspect ratio ≤ 0 is an error.
    public init(imageWidth: Int, imageHeight: Int, crop: PhotoCrop) throws(ServiceError) {
        guard imageWidth > 0, imageHeight > 0 else {
            throw Self.invalid("the image has no pixels (\(imageWidth) × \(imageHeight))")
        }
        for (name, value) in [
            ("zoom", crop.zoom), ("center_x", crop.centerX), ("center_y", crop.centerY), ("aspect", crop.aspectRatio),
        ] where !value.isFinite {
            throw Self.invalid("\(name) must be a finite number, not \(value)")
        }
        guard crop.aspectRatio > 0 else { throw Self.invalid("aspect must be above 0, not \(crop.aspectRatio)") }
        let width = Double(imageWidth)
        let height = Double(imageHeight)
        let coverWidth = width / height > crop.aspectRatio ? height * crop.aspectRatio : width
        let coverHeight = width / height > crop.aspectRatio ? height : width / crop.aspectRatio
        let zoom = min(max(crop.zoom, 1), max(min(coverWidth, coverHeight), 1))
        let regionWidth = min(max(Int((coverWidth / zoom).rounded()), 1), imageWidth)
        let regionHeight = min(max(Int((coverHeight / zoom).rounded()), 1), imageHeight)
        let centerX = min(max(crop.centerX, 0), 1) * width
        let centerY = min(max(crop.centerY, 0), 1) * height
        self.width = regionWidth
        self.height = regionHeight
        self.x = min(max(Int((centerX - Double(regionWidth) / 2).rounded()), 0), imageWidth - regionWidth)
        self.y = min(max(Int((centerY - Double(regionHeight) / 2).rounded()), 0), imageHeight - regionHeight)
    }

    private static func invalid(_ message: String) -> ServiceError {
        ServiceError(service: "photos", code: "invalid_crop", message: "Invalid photo crop: \(message)")
    }
}
