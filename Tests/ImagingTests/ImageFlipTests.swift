import Imaging
import PVRCTestSupport
import XCTest

final class ImageFlipTests: XCTestCase {
    func testFlipsMovePixelsToTheMirroredPosition() {
        let image = EncoderFixtures.textured(width: 8, height: 4, alpha: true)
        let vertical = ImageFlip.flipped(image, horizontally: false, vertically: true)
        let horizontal = ImageFlip.flipped(image, horizontally: true, vertically: false)
        let both = ImageFlip.flipped(image, horizontally: true, vertically: true)
        for y in 0..<4 {
            for x in 0..<8 {
                XCTAssertTrue(vertical[x, 3 - y] == image[x, y])
                XCTAssertTrue(horizontal[7 - x, y] == image[x, y])
                XCTAssertTrue(both[7 - x, 3 - y] == image[x, y])
            }
        }
    }

    func testFlippingTwiceRestoresAndNoFlipIsIdentity() {
        let image = EncoderFixtures.textured(width: 16, height: 8, alpha: false)
        XCTAssertEqual(ImageFlip.flipped(image, horizontally: false, vertically: false), image)
        let once = ImageFlip.flipped(image, horizontally: true, vertically: true)
        XCTAssertNotEqual(once, image)
        XCTAssertEqual(ImageFlip.flipped(once, horizontally: true, vertically: true), image)
    }
}
