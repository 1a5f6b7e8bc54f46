import Imaging
import QualityMetrics
import XCTest

/// `ImageComparison` prints as one readable line, not as a raw struct.
final class ComparisonDescriptionTests: XCTestCase {
    func testOpaqueAndTranslucentDescriptions() {
        let opaque = ImageComparison(
            rgbPSNR: 37.523, lumaPSNR: 37.8, alphaPSNR: nil, alphaWeightedRGBPSNR: nil, ssim: 0.98041)
        XCTAssertEqual(opaque.description, "RGB 37.52 dB, Y 37.80 dB, SSIM 0.9804")
        let translucent = ImageComparison(
            rgbPSNR: 3.6, lumaPSNR: 3.51, alphaPSNR: .infinity, alphaWeightedRGBPSNR: 38.944, ssim: 0.5557)
        XCTAssertEqual(
            translucent.description,
            "RGB 3.60 dB, Y 3.51 dB, alpha inf dB, alpha-weighted RGB 38.94 dB, SSIM 0.5557")
    }

    func testIdenticalImagesReadInfinite() throws {
        let image = RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 255))
        let result = try ImageComparison.compare(reference: image, candidate: image)
        XCTAssertEqual(result.description, "RGB inf dB, Y inf dB, SSIM 1.0000")
    }
}
