import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import PVRTCSearch

/// The format descriptor the search stages read (``BlockFormat``): each format's geometry and modulation,
/// and PVRTC2's colour word flags.
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
            XCTAssertEqual(descriptor.hasOpacityFlag, format.isPVRTC2, "\(format)")
            XCTAssertEqual(descriptor.hasHardTransitionFlag, format.isPVRTC2, "\(format)")
        }
    }
}
