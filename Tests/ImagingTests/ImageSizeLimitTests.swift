import Imaging
import PVRCTestSupport
import XCTest

final class ImageSizeLimitTests: XCTestCase {
    func testHalvesUntilBothSidesFit() throws {
        let image = EncoderFixtures.textured(width: 64, height: 32, alpha: true)
        let fitted = try ImageSizeLimit.fit(image, maximumSide: 20)
        XCTAssertEqual(fitted.width, 16)
        XCTAssertEqual(fitted.height, 8)
        let twoSteps = try ImageResampler.resize(
            try ImageResampler.resize(image, width: 32, height: 16), width: 16, height: 8)
        XCTAssertEqual(fitted, twoSteps)
        XCTAssertEqual(try ImageSizeLimit.fit(image, maximumSide: 64), image)
        XCTAssertEqual(try ImageSizeLimit.fit(image, maximumSide: 1).width, 1)
    }

    func testLimitBelowOneIsRejected() {
        XCTAssertThrowsError(try ImageSizeLimit.fit(RGBAImage(width: 4, height: 4), maximumSide: 0))
    }

    /// Halving a flat colour keeps it, whatever the filter's ringing elsewhere.
    func testFlatColourSurvives() throws {
        let fitted = try ImageSizeLimit.fit(RGBAImage(width: 32, height: 32, fill: (10, 200, 30, 255)), maximumSide: 8)
        XCTAssertTrue(fitted[3, 5] == (10, 200, 30, 255))
    }
}
