/// An 8-bit RGB image in memory: 3 bytes a pixel, rows top to bottom, no padding.
public struct RGBImage: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    /// An image of `width` × `height` filled with one colour.
    public init(width: Int, height: Int, fill: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)) {
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = fill.red
            pixels[index + 1] = fill.green
            pixels[index + 2] = fill.blue
        }
    }

    /// Wraps existing pixels; nil when their count is not `width × height × 3`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> [UInt8] {
        get {
            let index = (y * width + x) * 3
            return Array(pixels[index..<index + 3])
        }
        set {
            let index = (y * width + x) * 3
            pixels.replaceSubrange(index..<index + 3, with: newValue.prefix(3))
        }
    }

    /// The pixels of `region`, copied.
    func cropped(to region: PhotoCropRegion) -> RGBImage {
        var result = RGBImage(width: region.width, height: region.height)
        let rowBytes = region.width * 3
        for row in 0..<region.height {
            let source = ((region.y + row) * width + region.x) * 3
            result.pixels.replaceSubrange(
                row * rowBytes..<(row + 1) * rowBytes, with: pixels[source..<source + rowBytes])
        }
        return result
    }
}
