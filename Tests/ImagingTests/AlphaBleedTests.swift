import Imaging
import PVRCTestSupport
import XCTest

@testable import PVRTC

final class AlphaBleedTests: XCTestCase {
    /// A single-coloured shape on transparent black: every hidden pixel takes exactly the shape's
    /// colour, and nothing else changes.
    func testCutOutOnTransparentBlackTakesShapeColour() {
        var image = RGBAImage(width: 16, height: 16, fill: (0, 0, 0, 0))
        for y in 5..<11 {
            for x in 4..<9 { image[x, y] = (200, 120, 40, 255) }
        }
        let bled = AlphaBleed.apply(to: image)
        for y in 0..<16 {
            for x in 0..<16 {
                let p = bled[x, y]
                XCTAssertEqual([p.r, p.g, p.b], [200, 120, 40], "pixel \(x),\(y)")
                XCTAssertEqual(p.a, image[x, y].a)
            }
        }
    }

    /// Visible pixels (any alpha above 0) and every alpha value are left exactly as they were;
    /// only the RGB of alpha-0 pixels may change.
    func testOnlyHiddenColourChanges() {
        let image = PipelineTestImages.noise(width: 24, height: 20, seed: 7, alpha: .mixed)
        let pixels = image.pixels
        let bled = AlphaBleed.apply(to: image)
        var changed = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            XCTAssertEqual(bled.pixels[i + 3], pixels[i + 3])
            if pixels[i + 3] != 0 {
                XCTAssertEqual(Array(bled.pixels[i..<i + 3]), Array(pixels[i..<i + 3]))
            } else if Array(bled.pixels[i..<i + 3]) != Array(pixels[i..<i + 3]) {
                changed += 1
            }
        }
        XCTAssertGreaterThan(changed, 0, "hidden colours should have been replaced")
    }

    /// A hidden pixel next to a visible region takes (mostly) that region's colour, and with `wrap`
    /// the nearest region may lie across the opposite edge. Far from any visible pixel, pull-push
    /// gives a smooth blend of the regions around, which is all the encoder needs there.
    func testNearbyRegionWinsAndWrapAround() {
        // 32 wide: red in columns 0-1, blue in columns 12-13, everything else transparent.
        var image = RGBAImage(width: 32, height: 4, fill: (0, 0, 0, 0))
        for y in 0..<4 {
            for x in 0..<2 { image[x, y] = (255, 0, 0, 255) }
            for x in 12..<14 { image[x, y] = (0, 0, 255, 255) }
        }
        func redMinusBlue(_ img: RGBAImage, _ x: Int) -> Int { Int(img[x, 1].r) - Int(img[x, 1].b) }

        for wrap in [false, true] {
            let bled = AlphaBleed.apply(to: image, wrap: wrap)
            for x in [2, 3] { XCTAssertGreaterThan(redMinusBlue(bled, x), 0, "column \(x) is next to red") }
            for x in [10, 11, 14, 15] { XCTAssertLessThan(redMinusBlue(bled, x), 0, "column \(x) is next to blue") }
        }
        let clamped = AlphaBleed.apply(to: image, wrap: false)
        let wrapped = AlphaBleed.apply(to: image, wrap: true)
        XCTAssertGreaterThan(redMinusBlue(wrapped, 31), 0, "with wrap, column 31 touches red at column 0")
        XCTAssertGreaterThan(redMinusBlue(wrapped, 31), redMinusBlue(clamped, 31) + 64)
    }

    /// Nothing to bleed from (all transparent) or nothing to fill (opaque): the image is returned as is.
    func testNoVisibleOrNoHiddenPixelsIsIdentity() {
        let hidden = RGBAImage(width: 8, height: 8, fill: (9, 8, 7, 0))
        XCTAssertEqual(AlphaBleed.apply(to: hidden), hidden)
        let opaque = RGBAImage(width: 8, height: 8, fill: (9, 8, 7, 255))
        XCTAssertEqual(AlphaBleed.apply(to: opaque), opaque)
    }
}
