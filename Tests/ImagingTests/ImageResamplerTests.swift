import Foundation
import Imaging
import PVRCTestSupport
import XCTest

@testable import PVRTC

final class ImageResamplerTests: XCTestCase {
    func testLanczosKernel() {
        XCTAssertEqual(ImageResampler.lanczos(0), 1)
        for n in 1...4 { XCTAssertEqual(ImageResampler.lanczos(Double(n)), 0, accuracy: 1e-12) }
        // sinc(0.5) * sinc(0.5 / 3) = (2 / pi) * (6 / pi) * sin(pi / 6)
        XCTAssertEqual(ImageResampler.lanczos(0.5), 6 / (Double.pi * Double.pi), accuracy: 1e-12)
        XCTAssertEqual(ImageResampler.lanczos(-1.5), ImageResampler.lanczos(1.5))
        XCTAssertEqual(ImageResampler.lanczos(3.2), 0)
    }

    /// A flat colour resizes to the same flat colour, up or down.
    func testFlatColourStaysFlat() throws {
        let image = RGBAImage(width: 7, height: 5, fill: (12, 200, 99, 180))
        for (w, h) in [(16, 16), (3, 2), (7, 11)] {
            let out = try ImageResampler.resize(image, width: w, height: h)
            XCTAssertEqual(out, RGBAImage(width: w, height: h, fill: (12, 200, 99, 180)), "\(w)x\(h)")
        }
    }

    /// Colour under alpha 0 does not leak into visible pixels: a red shape on transparent black
    /// stays pure red wherever it is visible.
    func testColourIsAlphaWeighted() throws {
        var image = RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 0))
        for y in 2..<6 {
            for x in 2..<6 { image[x, y] = (255, 0, 0, 255) }
        }
        let out = try ImageResampler.resize(image, width: 16, height: 16)
        var visible = 0
        for y in 0..<16 {
            for x in 0..<16 where out[x, y].a > 8 {
                visible += 1
                XCTAssertEqual([out[x, y].r, out[x, y].g, out[x, y].b], [255, 0, 0], "\(x),\(y)")
            }
        }
        XCTAssertGreaterThan(visible, 40)
    }

    /// Upscaling by an integer factor and back down returns close to the original.
    func testUpDownRoundTrip() throws {
        let image = PipelineTestImages.smooth(width: 16, height: 16)
        let back = try ImageResampler.resize(ImageResampler.resize(image, width: 32, height: 32), width: 16, height: 16)
        for i in 0..<image.pixels.count {
            XCTAssertLessThanOrEqual(abs(Int(back.pixels[i]) - Int(image.pixels[i])), 3)
        }
    }

    func testRejectsEmptySize() {
        XCTAssertThrowsError(try ImageResampler.resize(RGBAImage(width: 2, height: 2), width: 0, height: 4))
    }
}
