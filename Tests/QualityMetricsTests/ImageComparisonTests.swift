import Imaging
import PVRCTestSupport
import QualityMetrics
import XCTest

@testable import PVRTC

/// Metrics against hand-computed values.
final class ImageComparisonTests: XCTestCase {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels = [UInt8]()
        for p in 0..<(width * height) {
            let v = pixel(p)
            pixels += [v.0, v.1, v.2, v.3]
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Identical images: infinite PSNR everywhere, SSIM exactly 1.
    func testIdenticalImages() throws {
        let a = EncoderFixtures.textured(width: 32, height: 16, alpha: true)
        let c = try ImageComparison.compare(reference: a, candidate: a)
        XCTAssertEqual(c.rgbPSNR, .infinity)
        XCTAssertEqual(c.lumaPSNR, .infinity)
        XCTAssertEqual(c.alphaPSNR, .infinity)
        XCTAssertEqual(c.alphaWeightedRGBPSNR, .infinity)
        XCTAssertEqual(c.ssim, 1, accuracy: 1e-12)
    }

    /// Red off by 2 everywhere: RGB MSE 4/3, luma MSE (0.2126·2)², alpha nil for an opaque reference.
    func testKnownErrors() throws {
        let reference = image(16, 16) { p in (UInt8(p % 200), 50, 60, 255) }
        let candidate = image(16, 16) { p in (UInt8(p % 200 + 2), 50, 60, 255) }
        let c = try ImageComparison.compare(reference: reference, candidate: candidate)
        XCTAssertEqual(c.rgbPSNR, 10 * log10(255.0 * 255 / (4.0 / 3)), accuracy: 1e-9)
        XCTAssertEqual(c.lumaPSNR, 10 * log10(255.0 * 255 / (0.4252 * 0.4252)), accuracy: 1e-6)
        XCTAssertNil(c.alphaPSNR)
        XCTAssertNil(c.alphaWeightedRGBPSNR)
        XCTAssertLessThan(c.ssim, 1)
        XCTAssertEqual(ImageComparison.psnr(mse: 255 * 255), 0, accuracy: 1e-12)
    }

    /// Colour errors under alpha 0 do not count in the alpha-weighted PSNR; under alpha 51 (weight
    /// 0.2) they count with that weight: MSE = Σ w·Σc e² / (3·Σ w).
    func testAlphaWeightedRGB() throws {
        let reference = image(8, 8) { p in (100, 100, 100, p < 32 ? 0 : (p < 48 ? 51 : 255)) }
        let candidate = image(8, 8) { p in
            (p < 32 ? 0 : (p < 48 ? 103 : 100), 100, 100, p < 32 ? 0 : (p < 48 ? 51 : 255))
        }
        let c = try ImageComparison.compare(reference: reference, candidate: candidate)
        let mse = 16 * 0.2 * 9 / (3 * (16 * 0.2 + 16 * 1.0))
        XCTAssertEqual(c.alphaWeightedRGBPSNR!, 10 * log10(255.0 * 255 / mse), accuracy: 1e-9)
        XCTAssertEqual(c.alphaPSNR, .infinity)
    }

    /// SSIM of a constant offset on a flat image follows the closed form of the luminance term.
    func testSSIMOfFlatImages() throws {
        let reference = image(16, 16) { _ in (100, 100, 100, 255) }
        let candidate = image(16, 16) { _ in (110, 110, 110, 255) }
        let c = try ImageComparison.compare(reference: reference, candidate: candidate)
        let c1 = (0.01 * 255) * (0.01 * 255)
        let y1 = 100.0 * (0.2126 + 0.7152 + 0.0722)
        let y2 = 110.0 * (0.2126 + 0.7152 + 0.0722)
        XCTAssertEqual(c.ssim, (2 * y1 * y2 + c1) / (y1 * y1 + y2 * y2 + c1), accuracy: 1e-9)
    }

    /// Size mismatches are refused.
    func testSizeMismatchThrows() {
        let a = RGBAImage(width: 8, height: 8)
        let b = RGBAImage(width: 8, height: 4)
        XCTAssertThrowsError(try ImageComparison.compare(reference: a, candidate: b))
    }
}
