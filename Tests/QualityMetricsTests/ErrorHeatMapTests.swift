import Imaging
import PVRCTestSupport
import XCTest

@testable import QualityMetrics

/// The heat map, its legend, the worst-region search and the side-by-side picture, against values
/// worked out by hand from their definitions.
final class ErrorHeatMapTests: XCTestCase {
    private func flat(_ width: Int, _ height: Int, _ v: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: v)
    }

    /// Opaque: RMS over R, G, B. Translucent reference: RGB weighted by alpha/255, alpha as a fourth channel.
    func testPerPixelErrors() throws {
        var reference = flat(4, 2, (100, 100, 100, 255))
        var candidate = reference
        candidate[1, 0] = (103, 100, 100, 255)
        candidate[2, 1] = (110, 90, 100, 255)
        let errors = try ErrorHeatMap.errors(reference: reference, candidate: candidate)
        XCTAssertEqual(errors[0], 0)
        XCTAssertEqual(errors[1], (9.0 / 3).squareRoot(), accuracy: 1e-5)
        XCTAssertEqual(errors[6], (200.0 / 3).squareRoot(), accuracy: 1e-5)

        reference[0, 0] = (100, 100, 100, 51)
        candidate[0, 0] = (110, 100, 100, 55)
        let weighted = try ErrorHeatMap.errors(reference: reference, candidate: candidate)
        XCTAssertEqual(weighted[0], ((100.0 * 51 / 255 + 16) / 4).squareRoot(), accuracy: 1e-4)
        XCTAssertThrowsError(try ErrorHeatMap.errors(reference: reference, candidate: flat(2, 2, (0, 0, 0, 255))))
    }

    /// The ramp: black at 0, the named stops at quarters of the scale, white at and above full scale.
    func testRamp() {
        XCTAssert(ErrorHeatMap.colour(0, fullScale: 32) == (0, 0, 0, 255))
        XCTAssert(ErrorHeatMap.colour(8, fullScale: 32) == (0, 0, 255, 255))
        XCTAssert(ErrorHeatMap.colour(16, fullScale: 32) == (255, 0, 0, 255))
        XCTAssert(ErrorHeatMap.colour(24, fullScale: 32) == (255, 255, 0, 255))
        XCTAssert(ErrorHeatMap.colour(32, fullScale: 32) == (255, 255, 255, 255))
        XCTAssert(ErrorHeatMap.colour(500, fullScale: 32) == (255, 255, 255, 255))
        XCTAssert(ErrorHeatMap.colour(4, fullScale: 32) == (0, 0, 128, 255))
    }

    /// Map pixels carry the ramp colour of their error, zoomed by pixel replication; the legend below
    /// holds the full ramp (black at its left end, white at its right) and white label pixels.
    func testRenderWithZoomAndLegend() throws {
        let reference = flat(64, 32, (50, 50, 50, 255))
        var candidate = reference
        candidate[5, 3] = (66, 66, 66, 255)  // error 16: red
        let image = try ErrorHeatMap.render(reference: reference, candidate: candidate, zoom: 2, fullScale: 32)
        XCTAssertEqual(image.width, 128)
        XCTAssertEqual(image.height, 64 + ErrorHeatMap.legendHeight)
        for (x, y) in [(10, 6), (11, 6), (10, 7), (11, 7)] { XCTAssert(image[x, y] == (255, 0, 0, 255)) }
        XCTAssert(image[12, 6] == (0, 0, 0, 255))
        XCTAssert(image[9, 7] == (0, 0, 0, 255))
        let barRow = 64 + 6
        XCTAssert(image[6, barRow] == (0, 0, 0, 255))
        XCTAssert(image[image.width - 7, barRow] == (255, 255, 255, 255))
        XCTAssert(image[image.width / 2, barRow].r > 200)
        var labelPixels = 0
        for y in (64 + 16)..<image.height {
            for x in 0..<image.width where image[x, y] == (255, 255, 255, 255) { labelPixels += 1 }
        }
        XCTAssertGreaterThan(labelPixels, 40)
    }

    /// Narrow images are padded so the legend fits; crops map the right source pixels.
    func testNarrowImageAndCrop() throws {
        let reference = flat(8, 8, (0, 0, 0, 255))
        var candidate = reference
        candidate[6, 5] = (32, 32, 32, 255)
        let whole = try ErrorHeatMap.render(reference: reference, candidate: candidate)
        XCTAssertEqual(whole.width, ErrorHeatMap.minimumWidth)
        XCTAssert(whole[6, 5] == (255, 255, 255, 255))
        let crop = try ErrorHeatMap.render(
            reference: reference, candidate: candidate,
            region: PixelRect(x: 4, y: 4, width: 4, height: 4), zoom: 3)
        XCTAssert(crop[2 * 3, 1 * 3] == (255, 255, 255, 255))
        XCTAssert(crop[2 * 3 + 2, 1 * 3 + 2] == (255, 255, 255, 255))
        XCTAssert(crop[0, 0] == (0, 0, 0, 255))
        for region in [
            PixelRect(x: 6, y: 0, width: 4, height: 4), PixelRect(x: -1, y: 0, width: 2, height: 2),
            PixelRect(x: 0, y: 0, width: 0, height: 2),
        ] {
            XCTAssertThrowsError(try ErrorHeatMap.render(reference: reference, candidate: candidate, region: region))
        }
        XCTAssertThrowsError(try ErrorHeatMap.render(reference: reference, candidate: candidate, zoom: 0))
        XCTAssertThrowsError(try ErrorHeatMap.render(reference: reference, candidate: candidate, fullScale: 0))
    }

    /// The worst region is the brute-force argmax of the squared error over the grid positions.
    func testWorstRegionIsBruteForceArgmax() throws {
        var random = TestRandom(seed: 9)
        let reference = EncoderFixtures.textured(width: 64, height: 32, alpha: false, seed: 4)
        var candidate = reference
        for _ in 0..<40 {
            let x = random.next(64)
            let y = random.next(32)
            let v = UInt8(random.next(256))
            candidate[x, y] = (v, v, v, 255)
        }
        let errors = try ErrorHeatMap.errors(reference: reference, candidate: candidate)
        let size = 16
        let step = 4
        var best = (x: 0, y: 0)
        var bestSum = -1.0
        for y in stride(from: 0, through: 32 - size, by: step) {
            for x in stride(from: 0, through: 64 - size, by: step) {
                var sum = 0.0
                for j in 0..<size {
                    for i in 0..<size { sum += Double(errors[(y + j) * 64 + x + i] * errors[(y + j) * 64 + x + i]) }
                }
                if sum > bestSum + 1e-6 { (best, bestSum) = ((x, y), sum) }
            }
        }
        let region = try ErrorHeatMap.worstRegion(reference: reference, candidate: candidate, size: size)
        XCTAssertEqual(region, PixelRect(x: best.x, y: best.y, width: size, height: size))
        let clipped = try ErrorHeatMap.worstRegion(reference: reference, candidate: candidate, size: 128)
        XCTAssertEqual(clipped, PixelRect(x: 0, y: 0, width: 64, height: 32))
    }

    /// Reference | candidate | heat map, each the zoomed crop, translucent pixels over the checkerboard.
    func testSideBySideLayout() throws {
        var reference = flat(8, 8, (200, 10, 10, 255))
        var candidate = reference
        candidate[1, 1] = (200, 42, 10, 255)
        reference[2, 2] = (0, 0, 0, 0)
        candidate[2, 2] = (0, 0, 0, 0)
        let zoom = 2
        let region = PixelRect(x: 0, y: 0, width: 4, height: 4)
        let picture = try SideBySide.render(reference: reference, candidate: candidate, region: region, zoom: zoom)
        let panel = 4 * zoom
        XCTAssertEqual(picture.width, max(3 * panel + 2 * SideBySide.gap, ErrorHeatMap.minimumWidth))
        XCTAssertEqual(picture.height, panel + ErrorHeatMap.legendHeight)
        XCTAssert(picture[0, 0] == (200, 10, 10, 255))
        XCTAssert(picture[panel + SideBySide.gap + 2, 2] == (200, 42, 10, 255))
        XCTAssert(picture[panel, 0] == (48, 48, 48, 255))
        XCTAssert(picture[4, 4] == (153, 153, 153, 255))
        let heatLeft = 2 * (panel + SideBySide.gap)
        // The reference has transparency, so the error is sqrt(32² · 255/255 / 4) = 16: red.
        XCTAssert(picture[heatLeft + 2, 2] == (255, 0, 0, 255))
        XCTAssert(picture[heatLeft, 0] == (0, 0, 0, 255))
        XCTAssertThrowsError(
            try SideBySide.render(
                reference: reference, candidate: candidate,
                region: PixelRect(x: 0, y: 0, width: 8, height: 8), zoom: 400))
    }
}
