import Imaging
import PVRTC
import TextureFormats
import XCTest

/// The one table of container codes: every row is distinct and found again from each of its codes.
final class PixelFormatTableTests: XCTestCase {
    func testRowsAreDistinctAndComplete() {
        let rows = PixelFormatTable.entries
        // PVRTC1 with and without alpha, PVRTC2 (RGBA only), each linear and sRGB.
        XCTAssertEqual(Set(rows).count, (2 * 2 + 2) * ColorSpace.allCases.count)
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
            case .pvrtc2_4bpp, .pvrtc2_2bpp:
                XCTAssertTrue(row.hasAlpha)
                XCTAssertEqual(row.pvrV2PixelTypesRead, [], "PVR v2 has no PVRTC2 pixel type")
                XCTAssertEqual(row.pvrV3PixelFormat, row.format == .pvrtc2_4bpp ? 5 : 4)
            }
            XCTAssertEqual(row.pvrV3ColourSpace, row.colorSpace == .srgb ? 1 : 0)
        }
    }

    /// PVRTC2's codes: PVR v3 pixel formats 5 / 4, `GL_COMPRESSED_RGBA_PVRTC_{4,2}BPPV2_IMG` 0x9138 / 0x9137
    /// (`IMG_texture_compression_pvrtc2`), `GL_COMPRESSED_SRGB_ALPHA_PVRTC_{4,2}BPPV2_IMG` 0x93F1 / 0x93F0
    /// (`EXT_pvrtc_sRGB`), `VK_FORMAT_PVRTC2_{4,2}BPP_{UNORM,SRGB}_BLOCK_IMG` 1000054003 / 1000054002 and
    /// 1000054007 / 1000054006 (`VK_IMG_format_pvrtc`).
    func testPVRTC2Codes() {
        for hasAlpha in [false, true] {
            let four = PixelFormatTable.codes(format: .pvrtc2_4bpp, hasAlpha: hasAlpha, colorSpace: .linear)
            let two = PixelFormatTable.codes(format: .pvrtc2_2bpp, hasAlpha: hasAlpha, colorSpace: .linear)
            let fourSRGB = PixelFormatTable.codes(format: .pvrtc2_4bpp, hasAlpha: hasAlpha, colorSpace: .srgb)
            let twoSRGB = PixelFormatTable.codes(format: .pvrtc2_2bpp, hasAlpha: hasAlpha, colorSpace: .srgb)
            XCTAssertEqual([four.pvrV3PixelFormat, two.pvrV3PixelFormat], [5, 4])
            XCTAssertEqual([four.ktxInternalFormat, two.ktxInternalFormat], [0x9138, 0x9137])
            XCTAssertEqual([four.glUploadInternalFormat, two.glUploadInternalFormat], [0x9138, 0x9137])
            XCTAssertEqual([fourSRGB.ktxInternalFormat, twoSRGB.ktxInternalFormat], [0x93F1, 0x93F0])
            XCTAssertEqual([four.ktx2VkFormat, two.ktx2VkFormat], [1_000_054_003, 1_000_054_002])
            XCTAssertEqual([fourSRGB.ktx2VkFormat, twoSRGB.ktx2VkFormat], [1_000_054_007, 1_000_054_006])
            XCTAssertEqual(four.glBaseInternalFormat, 0x1908, "PVRTC2 is RGBA only")
        }
    }
}
