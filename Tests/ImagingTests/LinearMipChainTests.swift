import Imaging
import XCTest

/// `MipChain` with `ColorSpace.linear`: stored values averaged, not light.
final class LinearMipChainTests: XCTestCase {
    private func checkerboard() -> RGBAImage {
        var image = RGBAImage(width: 2, height: 2)
        image[0, 0] = (0, 0, 0, 255)
        image[1, 0] = (255, 255, 255, 255)
        image[0, 1] = (255, 255, 255, 255)
        image[1, 1] = (0, 0, 0, 255)
        return image
    }

    /// The example: a 0/255 checkerboard gives 188 in linear light (sRGB colour) but 128 as data.
    func testCheckerboardAveragesTo128AsDataAnd188AsColour() throws {
        XCTAssertEqual(MipChain.downsample(checkerboard(), colorSpace: .linear)[0, 0].r, 128)
        XCTAssertEqual(MipChain.downsample(checkerboard(), colorSpace: .srgb)[0, 0].r, 188)
        XCTAssertEqual(MipChain.build(from: checkerboard(), colorSpace: .linear)[1][0, 0].g, 128)
        XCTAssertEqual(MipChain.build(from: checkerboard())[1][0, 0].g, 188)
    }

    func testAlphaWeightedAndAllTransparentPlain() {
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = (200, 100, 0, 255)
        image[1, 0] = (0, 0, 0, 0)
        let weighted = MipChain.downsample(image, colorSpace: .linear)[0, 0]
        XCTAssertTrue(weighted == (200, 100, 0, 128))
        image[0, 0] = (200, 100, 0, 0)
        image[1, 0] = (100, 0, 51, 0)
        XCTAssertTrue(MipChain.downsample(image, colorSpace: .linear)[0, 0] == (150, 50, 26, 0))
    }
}
