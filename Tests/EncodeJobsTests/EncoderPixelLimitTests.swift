import EncodeJobs
import Imaging
import PVRTC
import PVRTCSearch
import XCTest

/// The encoder refuses sources, and padded or stretched levels, over its pixel limit before it
/// allocates them.
final class EncoderPixelLimitTests: XCTestCase {
    private func refusal(_ image: RGBAImage, options: EncodeOptions) -> EncodingError? {
        do {
            _ = try encodeSynchronously(image, options: options)
            return nil
        } catch {
            return error as? EncodingError
        }
    }

    func testPaddingAThinStripToAHugeSquareIsRefused() {
        // The 150-byte PNGs of the issue: 16384x1 and 1x16384 with --square pad become 16384x16384 (1 GiB RGBA).
        for (width, height) in [(16384, 1), (1, 16384)] {
            let options = EncodeOptions(quality: .fast, square: .pad)
            XCTAssertEqual(
                refusal(RGBAImage(width: width, height: height), options: options),
                .exceedsPixelLimit(
                    PixelLimitError(width: 16384, height: 16384, limit: .standard, what: "image resized for PVRTC1")))
        }
    }

    func testSourceOverTheLimitIsRefused() {
        var options = EncodeOptions(quality: .fast)
        options.pixelLimit = PixelLimit(maximumPixels: 64 * 64 - 1)
        XCTAssertEqual(
            refusal(RGBAImage(width: 64, height: 64), options: options),
            .exceedsPixelLimit(PixelLimitError(width: 64, height: 64, limit: options.pixelLimit)))
    }

    func testImagesAtTheLimitEncode() throws {
        var options = EncodeOptions(quality: .fast, square: .pad, pot: .pad)
        options.pixelLimit = PixelLimit(maximumPixels: 64 * 64)
        let texture = try encodeSynchronously(
            RGBAImage(width: 40, height: 64, fill: (9, 9, 9, 255)), options: options)
        XCTAssertEqual(texture.width, 64)
        XCTAssertEqual(texture.height, 64)
    }
}
