import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import PVRTCSearch

/// The format descriptor the search stages read (``BlockFormat``): each format's geometry and modulation,
/// and PVRTC2 described but not encodable.
final class BlockFormatTests: XCTestCase {
    func testDescriptorsFollowTheFormats() {
        for format in PVRTCFormat.allCases {
            let descriptor = BlockFormat(format)
            XCTAssertEqual(descriptor.format, format)
            XCTAssertEqual(descriptor.blockWidth, format.blockWidth)
            XCTAssertEqual(descriptor.blockHeight, format.blockHeight)
            XCTAssertEqual(1 << descriptor.blockWidthShift, format.blockWidth)
            XCTAssertEqual(1 << descriptor.blockHeightShift, format.blockHeight)
            XCTAssertEqual(descriptor.modulation == .fourLevel, format.blockWidth == 4, "\(format)")
            XCTAssertEqual(descriptor.windowShape.columns, 2 * format.blockWidth - 1)
            XCTAssertEqual(descriptor.windowShape.rows, 2 * format.blockHeight - 1)
            XCTAssertEqual(descriptor.isEncodable, !format.isPVRTC2, "\(format)")
        }
    }

    func testPVRTC2IsRefused() {
        let image = EncoderFixtures.textured(width: 16, height: 16, alpha: false)
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            XCTAssertThrowsError(try LevelEncoder.encode(image, format: format, options: .init(quality: .fast))) {
                XCTAssertEqual($0 as? EncodingError, .formatNotEncodable(format))
            }
        }
    }
}
