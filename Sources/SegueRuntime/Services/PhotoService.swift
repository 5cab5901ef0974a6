import SegueMachine
/// The visible region the user chose for a photo: pan and pinch-zoom, never rotation (seed requirement D14).
public struct PhotoCrop: Sendable, Hashable, Codable {
    /// Magnification relative to the smallest scale at which the image covers the frame; ≥ 1.
    public var zoom: Double
    /// The frame's centre in the image, as fractions of its width and height (0.5, 0.5 is centred).
    public var centerX: Double
    public var centerY: Double
    /// The crop frame's aspect ratio, width / height (1 for a square avatar).
    public var aspectRatio: Double

    public init(zoom: Double = 1, centerX: Double = 0.5, centerY: Double = 0.5, aspectRatio: Double = 1) {
        self.zoom = zoom
        self.centerX = centerX
        self.centerY = centerY
        self.aspectRatio = aspectRatio
    }
}

public struct PhotoInfo: Sendable, Hashable, Codable {
    public enum Format: String, Sendable, Hashable, Codable {
        case jpeg
        case png
    }

    public var path: String
    public var format: Format
    public var width: Int
    public var height: Int

    public init(path: String, format: Format, width: Int, height: Int) {
        self.path = path
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Picking and cropping photos: open a JPEG or PNG, crop it as the user chose, write the JPEG to upload.
public protocol PhotoService: Sendable {
    func inspect(path: String) async throws(ServiceError) -> PhotoInfo
    /// Crops `path` by `crop`, scales the result so its longer side is at most `maxSide`, and writes a JPEG;
    /// returns the written file's path.
    func crop(path: String, crop: PhotoCrop, maxSide: Int) async throws(ServiceError) -> String
}
