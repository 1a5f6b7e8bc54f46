import Imaging
import PVRCTestSupport
import QualityMetrics
import XCTest

@testable import PVRTC
@testable import PVRTCSearch

/// The images the `fastest` tests of both rates share (``FastestEncoderTests``, ``Fastest2bppEncoderTests``).
enum FastestChecks {
    /// A cut-out image: an opaque textured disc on fully transparent pixels.
    static func cutOut(width: Int, height: Int) -> RGBAImage {
        var image = EncoderFixtures.textured(width: width, height: height, alpha: false)
        for y in 0..<height {
            for x in 0..<width
            where (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) > width * height / 6 {
                image.pixels[image.offset(x: x, y: y) + 3] = 0
            }
        }
        return image
    }
}
