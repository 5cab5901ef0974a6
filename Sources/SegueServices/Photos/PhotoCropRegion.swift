import SegueMachine
import SegueModel
import SegueRuntime

/// The pixels a `PhotoCrop` selects in an image, for the encoder: a rectangle that always lies inside it, worked out
/// by `CropGeometry` (SegueModel) like the frame the user sees, after the crop's numbers are checked.
///
/// A zoom below 1 is raised to 1, and one so large that the region would be under a pixel is lowered.
///
///     PhotoCropRegion(imageWidth: 200, imageHeight: 100, crop: PhotoCrop(zoom: 2))   // x 75, y 25, 50 × 50
public typealias PhotoCropRegion = CropGeometry.Pixels

extension CropGeometry.Pixels {
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
        self = CropGeometry.pixels(
            width: imageWidth, height: imageHeight, aspect: crop.aspectRatio, zoom: crop.zoom, centerX: crop.centerX,
            centerY: crop.centerY)
    }

    private static func invalid(_ message: String) -> ServiceError {
        ServiceError(service: "photos", code: "invalid_crop", message: "Invalid photo crop: \(message)")
    }
}
