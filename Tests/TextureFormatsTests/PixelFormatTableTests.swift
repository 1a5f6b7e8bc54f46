import Imaging
import PVRTC
import TextureFormats
import XCTest

/// The one table of container codes: every row is distinct and found again from each of its codes.
final class PixelFormatTableTests: XCTestCase {
    func testRowsAreDistinctAndComplete() {
        let rows = PixelFormatTable.entries
        XCTAssertEqual(Set(rows).count, PVRTCFormat.allCases.count * 2 * ColorSpace.allCases.count)
        XCTAssertEqual(Set(rows.map(\.ktxInternalFormat)).count, rows.count, "KTX names every row apart")
        for row in rows {
            XCTAssertEqual(
                PixelFormatTable.codes(format: row.format, hasAlpha: row.hasAlpha, colorSpace: row.colorSpace), row)
        }
    }

    /// The PVR codes of reference B.1 / B.2 and A.9, spelled out once more here.
    func testPVRCodes() {
        for row in PixelFormatTable.entries {
            switch row.format {
            case .pvrtc1_4bpp:
                XCTAssertEqual(row.pvrV2PixelType, 0x19)
                XCTAssertEqual(row.pvrV2PixelTypesRead, [0x19, 0x0D])
                XCTAssertEqual(row.pvrV3PixelFormat, row.hasAlpha ? 3 : 2)
            case .pvrtc1_2bpp:
                XCTAssertEqual(row.pvrV2PixelType, 0x18)
                XCTAssertEqual(row.pvrV2PixelTypesRead, [0x18, 0x0C])
                XCTAssertEqual(row.pvrV3PixelFormat, row.hasAlpha ? 1 : 0)
            }
            XCTAssertEqual(row.pvrV3ColourSpace, row.colorSpace == .srgb ? 1 : 0)
        }
    }
}
