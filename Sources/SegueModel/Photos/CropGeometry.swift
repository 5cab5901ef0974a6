/// The one place a photo crop's geometry is worked out (D14): which part of a picture a frame of some aspect shows at
/// a zoom and centre, always inside the picture — as fractions for the machine and the view (`PhotoFraming`), and as
/// whole pixels for the encoder (`PhotoCropRegion`), so what the user framed is what is uploaded.
///
/// At zoom 1 the frame is the largest rectangle of its aspect that fits the picture; zoom `z` shows 1/z of that each
/// way; the centre moves, if needed, so the frame stays on the picture.
///
///     CropGeometry.window(width: 200, height: 100, aspect: 1, zoom: 2, centerX: 0.5, centerY: 0.5).region
///     // PhotoRegion(x: 0.375, y: 0.25, width: 0.25, height: 0.5)
public enum CropGeometry {
    /// What the frame shows, as fractions of the picture: its centre (kept so the frame stays inside) and its size.
    public struct Window: Sendable, Hashable {
        public var centerX: Double
        public var centerY: Double
        public var width: Double
        public var height: Double

        /// The window as a rectangle from its top-left corner.
        public var region: PhotoRegion {
            PhotoRegion(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
        }
    }

    /// A rectangle of whole pixels, inside the picture and at least 1 × 1 (the encoder's `PhotoCropRegion`).
    public struct Pixels: Sendable, Hashable {
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
    }

    /// The fraction of the picture's width and height the frame covers at zoom 1; a picture of unknown size (0) is
    /// taken to have the frame's aspect.
    public static func cover(width: Double, height: Double, aspect: Double) -> (width: Double, height: Double) {
        guard width > 0, height > 0, aspect > 0 else { return (1, 1) }
        let ratio = width / height
        return ratio > aspect ? (aspect / ratio, 1) : (1, ratio / aspect)
    }

    /// The frame at `zoom` (at least 1 is meant; below it the frame would leave the picture and is held at its
    /// edges) centred as near (`centerX`, `centerY`) as keeps it on the picture.
    public static func window(
        width: Double, height: Double, aspect: Double, zoom: Double, centerX: Double, centerY: Double
    ) -> Window {
        let cover = cover(width: width, height: height, aspect: aspect)
        let frameWidth = min(cover.width / zoom, 1)
        let frameHeight = min(cover.height / zoom, 1)
        func clamp(_ value: Double, _ extent: Double) -> Double {
            let finite = value.isFinite ? value : 0.5
            return min(max(finite, extent / 2), 1 - extent / 2)
        }
        return Window(
            centerX: clamp(centerX, frameWidth), centerY: clamp(centerY, frameHeight), width: frameWidth,
            height: frameHeight)
    }

    /// The same frame in whole pixels of a `width` × `height` picture: zoom at least 1, and no more than leaves one
    /// pixel; the rectangle rounded and kept inside.
    public static func pixels(
        width: Int, height: Int, aspect: Double, zoom: Double, centerX: Double, centerY: Double
    ) -> Pixels {
        let (pictureWidth, pictureHeight) = (Double(width), Double(height))
        let cover = cover(width: pictureWidth, height: pictureHeight, aspect: aspect)
        let smallest = min(cover.width * pictureWidth, cover.height * pictureHeight)
        let zoom = min(max(zoom, 1), max(smallest, 1))
        let frame = window(
            width: pictureWidth, height: pictureHeight, aspect: aspect, zoom: zoom, centerX: centerX, centerY: centerY)
        let regionWidth = min(max(Int((frame.width * pictureWidth).rounded()), 1), width)
        let regionHeight = min(max(Int((frame.height * pictureHeight).rounded()), 1), height)
        let x = Int((frame.centerX * pictureWidth - Double(regionWidth) / 2).rounded())
        let y = Int((frame.centerY * pictureHeight - Double(regionHeight) / 2).rounded())
        return Pixels(
            x: min(max(x, 0), width - regionWidth), y: min(max(y, 0), height - regionHeight), width: regionWidth,
            height: regionHeight)
    }
}

/// A rectangle of a picture as fractions of its width and height (0…1 each), top-left origin.
public struct PhotoRegion: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
