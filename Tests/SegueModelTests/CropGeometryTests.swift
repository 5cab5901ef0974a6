import Testing

@testable import SegueModel

/// One crop geometry for the frame the user sees and the pixels uploaded (D14): they agree, and both stay inside.
@Suite struct CropGeometryTests {
    @Test func theFrameIsTheLargestRectangleOfItsAspectThenShrinksByTheZoom() {
        let centred = CropGeometry.window(width: 200, height: 100, aspect: 1, zoom: 2, centerX: 0.5, centerY: 0.5)
        #expect(centred.region == PhotoRegion(x: 0.375, y: 0.25, width: 0.25, height: 0.5))
        // Past the corner the centre stops where the frame touches the picture's edges.
        let corner = CropGeometry.window(width: 3200, height: 2400, aspect: 1, zoom: 2, centerX: 0, centerY: 0)
        #expect(corner.centerX == 0.1875 && corner.centerY == 0.25)
        // A picture of unknown size is taken to have the frame's aspect.
        #expect(CropGeometry.cover(width: 0, height: 0, aspect: 1.5) == (1, 1))
    }

    @Test func thePixelsAreTheFramesRegionRoundedAndInside() {
        for (width, height) in [(3200, 2400), (640, 480), (90, 160), (7, 3)] {
            for zoom in [1, 1.5, 2, 4] {
                for center in [-1, 0, 0.3, 0.5, 0.9, 2] {
                    let window = CropGeometry.window(
                        width: Double(width), height: Double(height), aspect: 1, zoom: zoom, centerX: center,
                        centerY: 1 - center)
                    let pixels = CropGeometry.pixels(
                        width: width, height: height, aspect: 1, zoom: zoom, centerX: center, centerY: 1 - center)
                    let region = window.region
                    #expect(pixels.x >= 0 && pixels.y >= 0 && pixels.width >= 1 && pixels.height >= 1)
                    #expect(pixels.x + pixels.width <= width && pixels.y + pixels.height <= height)
                    // Within a pixel of what the user sees, unless the zoom had to stop at one pixel.
                    guard min(Double(min(width, height)) / zoom, 1) >= 1 else { continue }
                    #expect(
                        abs(Double(pixels.x) - region.x * Double(width)) <= 1, "\(width)×\(height) z\(zoom) c\(center)")
                    #expect(abs(Double(pixels.y) - region.y * Double(height)) <= 1)
                    #expect(abs(Double(pixels.width) - region.width * Double(width)) <= 1)
                    #expect(abs(Double(pixels.height) - region.height * Double(height)) <= 1)
                }
            }
        }
    }

    @Test func aZoomBelowOneOrPastOnePixelIsHeldInTheEncodersPixels() {
        let wide = CropGeometry.pixels(width: 200, height: 100, aspect: 1, zoom: 0.25, centerX: 0.5, centerY: 0.5)
        #expect(wide == CropGeometry.Pixels(x: 50, y: 0, width: 100, height: 100))
        let tiny = CropGeometry.pixels(width: 200, height: 100, aspect: 1, zoom: 1e9, centerX: 0.5, centerY: 0.5)
        #expect(tiny == CropGeometry.Pixels(x: 100, y: 50, width: 1, height: 1))
    }
}
