import Foundation
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueServices

@Suite struct PhotoCropRegionTests {
    func region(_ width: Int, _ height: Int, _ crop: PhotoCrop) throws -> PhotoCropRegion {
        try PhotoCropRegion(imageWidth: width, imageHeight: height, crop: crop)
    }

    @Test func zoomOneShowsTheLargestCenteredFrame() throws {
        #expect(try region(200, 100, PhotoCrop()) == PhotoCropRegion(x: 50, y: 0, width: 100, height: 100))
        #expect(try region(100, 100, PhotoCrop(aspectRatio: 2)) == PhotoCropRegion(x: 0, y: 25, width: 100, height: 50))
        #expect(
            try region(90, 160, PhotoCrop(aspectRatio: 0.75)) == PhotoCropRegion(x: 0, y: 20, width: 90, height: 120))
    }

    @Test func pinchZoomShrinksTheRegionAroundTheCenter() throws {
        #expect(try region(200, 100, PhotoCrop(zoom: 2)) == PhotoCropRegion(x: 75, y: 25, width: 50, height: 50))
        #expect(
            try region(200, 100, PhotoCrop(zoom: 4, centerX: 0.25, centerY: 0.75))
                == PhotoCropRegion(x: 38, y: 63, width: 25, height: 25))
    }

    @Test func theFrameNeverLeavesTheImage() throws {
        #expect(try region(200, 100, PhotoCrop(centerX: 0)) == PhotoCropRegion(x: 0, y: 0, width: 100, height: 100))
        #expect(try region(200, 100, PhotoCrop(centerX: 1)) == PhotoCropRegion(x: 100, y: 0, width: 100, height: 100))
        #expect(
            try region(200, 100, PhotoCrop(zoom: 2, centerX: -3, centerY: 9))
                == PhotoCropRegion(x: 0, y: 50, width: 50, height: 50))
    }

    @Test func zoomIsClampedSoTheImageCoversTheFrame() throws {
        #expect(try region(200, 100, PhotoCrop(zoom: 0.25)) == PhotoCropRegion(x: 50, y: 0, width: 100, height: 100))
        #expect(try region(200, 100, PhotoCrop(zoom: 1e9)) == PhotoCropRegion(x: 100, y: 50, width: 1, height: 1))
    }

    @Test func nonsenseCropsAreErrors() {
        #expect(
            throws: ServiceError(
                service: "photos", code: "invalid_crop",
                message: "Invalid photo crop: zoom must be a finite number, not nan")
        ) {
            try region(10, 10, PhotoCrop(zoom: .nan))
        }
        #expect(
            throws: ServiceError(
                service: "photos", code: "invalid_crop", message: "Invalid photo crop: aspect must be above 0, not -1.0"
            )
        ) {
            try region(10, 10, PhotoCrop(aspectRatio: -1))
        }
    }

    @Test func fittedSizesKeepTheAspectRatio() {
        #expect(ImageResampler.fittedSize(width: 4000, height: 3000, maxSide: 1024) == (1024, 768))
        #expect(ImageResampler.fittedSize(width: 300, height: 200, maxSide: 1024) == (300, 200))
        #expect(ImageResampler.fittedSize(width: 1000, height: 1, maxSide: 10) == (10, 1))
    }

    @Test func boxFilterAveragesBlocksExactly() {
        // 4 × 2 gray levels; halving gives the mean of each 2 × 2 block.
        let source = RGBImage(
            width: 4, height: 2, pixels: [0, 10, 20, 30, 100, 110, 120, 130].flatMap { [$0, $0, $0] })!
        let half = ImageResampler.downscale(source, maxSide: 2, filter: .box)
        #expect(half.width == 2)
        #expect(half.height == 1)
        #expect(half.pixels == [55, 55, 55, 75, 75, 75])
        // Three source pixels into two: the middle one is shared half and half.
        let three = RGBImage(width: 3, height: 1, pixels: [0, 90, 180].flatMap { [$0, $0, $0] })!
        #expect(ImageResampler.downscale(three, maxSide: 2, filter: .box).pixels == [30, 30, 30, 150, 150, 150])
        #expect(ImageResampler.downscale(three, maxSide: 2, filter: .bilinear).pixels == [23, 23, 23, 158, 158, 158])
    }
}
