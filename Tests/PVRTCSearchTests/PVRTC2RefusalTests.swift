import Imaging
import PVRTC
import PVRTCSearch
import XCTest

/// The encoder writes PVRTC1 only: asked for PVRTC2 it refuses with a typed error before any work.
final class PVRTC2RefusalTests: XCTestCase {
    func testPVRTC2FormatsAreRefused() throws {
        let image = RGBAImage(width: 8, height: 8, fill: (10, 20, 30, 255))
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            let options = PVRTCEncoder.Options(threads: 1, format: format)
            XCTAssertThrowsError(try options.validate()) {
                XCTAssertEqual($0 as? EncodingError, .formatNotEncodable(format))
            }
            XCTAssertThrowsError(try PVRTCEncoder.encodeSynchronously([image], options: options)) {
                XCTAssertEqual($0 as? EncodingError, .formatNotEncodable(format))
                XCTAssertEqual(
                    "\($0)",
                    "\(format.displayName) encoding is not available yet (only PVRTC1 4bpp and 2bpp can be encoded)")
            }
        }
    }
}
