import PVRTC
import TextureFormats
import XCTest

/// `KTX2BlockTexture`: the refusals of levels that are not whole blocks of 1 or 6 faces, and the vkFormat
/// and level alignment of its files (values from the Vulkan and KTX 2.0 specifications).
final class KTX2BlockTextureTests: XCTestCase {
    private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    func testLevelsThatAreNotWholeBlocksOfOneOrSixFacesAreRefused() {
        // 6x5 is 2x2 blocks: 32 bytes of ETC2 RGB8.
        XCTAssertNoThrow(
            try KTX2BlockTexture(
                format: .etc2, width: 6, height: 5, metadata: TextureMetadata(),
                levels: [[[UInt8](repeating: 0, count: 32)]]))
        // No levels, a short level, five faces.
        let refused: [[[[UInt8]]]] = [
            [], [[[UInt8](repeating: 0, count: 31)]], [Array(repeating: [UInt8](repeating: 0, count: 32), count: 5)],
        ]
        for levels in refused {
            XCTAssertThrowsError(
                try KTX2BlockTexture(format: .etc2, width: 6, height: 5, metadata: TextureMetadata(), levels: levels)
            ) { error in
                guard case TextureFormatError.invalidDimensions = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testASTC8x8LevelsAreWholeEightByEightBlocks() {
        // 9x8 is 2x1 blocks of 8x8: 32 bytes; its level 1, 4x4, one block.
        XCTAssertNoThrow(
            try KTX2BlockTexture(
                format: .astc8x8, width: 9, height: 8, metadata: TextureMetadata(),
                levels: [[[UInt8](repeating: 0, count: 32)], [[UInt8](repeating: 0, count: 16)]]))
        // Counted as 4x4 blocks (6 of them), the level is refused.
        XCTAssertThrowsError(
            try KTX2BlockTexture(
                format: .astc8x8, width: 9, height: 8, metadata: TextureMetadata(),
                levels: [[[UInt8](repeating: 0, count: 96)]]))
    }

    func testVkFormatFollowsColourSpaceAndLevelsAlignToTheBlock() throws {
        // VK_FORMAT_BC1_RGB_UNORM_BLOCK 131 / _SRGB_ 132, BC3 137 / 138, ETC2_R8G8B8 147 / 148,
        // ETC2_R8G8B8A8 151 / 152, ASTC_4x4 157 / 158, ASTC_8x8 171 / 172.
        let expected: [KTX2BlockFormat: (UInt32, UInt32)] = [
            .bc1: (131, 132), .bc3: (137, 138), .etc2: (147, 148), .etc2RGBA: (151, 152), .astc4x4: (157, 158),
            .astc8x8: (171, 172),
        ]
        XCTAssertEqual(Set(expected.keys), Set(KTX2BlockFormat.allCases))
        for (format, codes) in expected {
            for srgb in [false, true] {
                // 8x8, 4x4, 2x2, 1x1: 4, 1, 1 and 1 blocks of 4x4; one 8x8 block each.
                let blocks = format == .astc8x8 ? [1, 1, 1, 1] : [4, 1, 1, 1]
                let levels = blocks.map { [[UInt8](repeating: 7, count: $0 * format.bytesPerBlock)] }
                let file = try KTX2BlockTexture(
                    format: format, width: 8, height: 8, metadata: TextureMetadata(colorSpace: srgb ? .srgb : .linear),
                    levels: levels
                ).serialized()
                XCTAssertEqual(u32(file, 12), srgb ? codes.1 : codes.0, "\(format)")
                for level in 0..<4 {
                    // byteOffset is a UInt64; these files are small.
                    XCTAssertEqual(
                        Int(u32(file, 80 + 24 * level)) % format.bytesPerBlock, 0, "\(format) level \(level)")
                }
            }
        }
    }
}
