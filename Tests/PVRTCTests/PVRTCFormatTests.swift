import PVRTC
import XCTest

/// The format value's geometry against the sizes the GL extension requires
/// (`IMG_texture_compression_pvrtc` as restated by WEBGL_compressed_texture_pvrtc: a 4bpp level is
/// `max(w, 8) * max(h, 8) / 2` bytes, a 2bpp level `max(w, 16) * max(h, 8) / 4`; PVRTC2 levels, from
/// `IMG_texture_compression_pvrtc2`, `ceil(w / 4) * ceil(h / 4) * 8` and `ceil(w / 8) * ceil(h / 4) * 8`).
final class PVRTCFormatTests: XCTestCase {
    /// The byte count the extension specification prescribes for `format`.
    func extensionByteCount(_ format: PVRTCFormat, _ w: Int, _ h: Int) -> Int {
        switch format {
        case .pvrtc1_4bpp: return max(w, 8) * max(h, 8) / 2
        case .pvrtc1_2bpp: return max(w, 16) * max(h, 8) / 4
        // IMG_texture_compression_pvrtc2: whole blocks, no minimum.
        case .pvrtc2_4bpp: return ((w + 3) / 4) * ((h + 3) / 4) * 8
        case .pvrtc2_2bpp: return ((w + 7) / 8) * ((h + 3) / 4) * 8
        }
    }

    func testGeometryOfBothVariants() {
        XCTAssertEqual(PVRTCFormat.pvrtc1_4bpp.blockWidth, 4)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.blockWidth, 8)
        for format in PVRTCFormat.allCases {
            XCTAssertEqual(format.blockHeight, 4)
            XCTAssertEqual(format.bytesPerBlock, 8)
        }
        XCTAssertEqual(PVRTCFormat.pvrtc1_4bpp.bitsPerPixel, 4)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.bitsPerPixel, 2)
        XCTAssertEqual(PVRTCFormat.minimumBlocksPerSide, 2)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.displayName, "PVRTC1 2bpp")
        XCTAssertEqual(PVRTCFormat.pvrtc1_4bpp.rawValue, "pvrtc1_4bpp")
    }

    func testByteCountsMatchTheExtensionAtEverySize() {
        for format in PVRTCFormat.allCases {
            for wl in 0...14 {
                for hl in 0...14 {
                    let w = 1 << wl
                    let h = 1 << hl
                    XCTAssertEqual(
                        format.byteCount(width: w, height: h), extensionByteCount(format, w, h), "\(format) \(w)x\(h)")
                    XCTAssertEqual(
                        PVRTCImage.byteCount(width: w, height: h, format: format), extensionByteCount(format, w, h))
                }
            }
        }
        // The 2bpp minimum: a 16x8 level is exactly 2x2 blocks; 1x1 pads to the same 32 bytes.
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.blocksWide(16), 2)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.blocksWide(1), 2)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.blocksWide(64), 8)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.blocksHigh(64), 16)
        XCTAssertEqual(PVRTCFormat.pvrtc1_2bpp.byteCount(width: 1, height: 1), 32)
    }

    func testImagesCarryTheirFormat() throws {
        let four = try PVRTCImage(width: 16, height: 16, data: [UInt8](repeating: 0, count: 128))
        XCTAssertEqual(four.format, .pvrtc1_4bpp, "4bpp is the default")
        XCTAssertEqual(four.blocksWide, 4)
        let two = try PVRTCImage(width: 16, height: 16, data: [UInt8](repeating: 0, count: 64), format: .pvrtc1_2bpp)
        XCTAssertEqual(two.blocksWide, 2)
        XCTAssertEqual(two.blocksHigh, 4)
        XCTAssertEqual(two.description, "16x16 PVRTC1 2bpp level, 64 bytes")
        // The same 32 bytes at 1x1 are a different level in each format.
        let zeros = [UInt8](repeating: 0, count: 32)
        XCTAssertNotEqual(
            try PVRTCImage(width: 1, height: 1, data: zeros),
            try PVRTCImage(width: 1, height: 1, data: zeros, format: .pvrtc1_2bpp))
        XCTAssertThrowsError(
            try PVRTCImage(width: 16, height: 16, data: [UInt8](repeating: 0, count: 128), format: .pvrtc1_2bpp)
        ) {
            XCTAssertEqual($0 as? PVRTCError, .bufferSizeMismatch(expected: 64, actual: 128))
        }
        // Linear blocks round-trip through the Morton order of the 2bpp grid (4x2 blocks for 32x8).
        let blocks = (0..<8).map { PVRTCBlock(modulation: UInt32($0), color: UInt32(100 + $0)) }
        let level = try PVRTCImage(width: 32, height: 8, linearBlocks: blocks, format: .pvrtc1_2bpp)
        XCTAssertEqual(level.linearBlocks, blocks)
        XCTAssertEqual(level.block(x: 3, y: 1), blocks[7])
    }

    func testATextureHasOneFormat() throws {
        let two = try PVRTCImage(width: 16, height: 8, data: [UInt8](repeating: 0, count: 32), format: .pvrtc1_2bpp)
        let next = try PVRTCImage(width: 8, height: 4, data: [UInt8](repeating: 0, count: 32), format: .pvrtc1_2bpp)
        let texture = try PVRTCTexture(levels: [two, next], hasAlpha: false)
        XCTAssertEqual(texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(texture.description, "16x8 PVRTC1 2bpp RGB texture, 2 levels")
        let four = try PVRTCImage(width: 8, height: 4, data: [UInt8](repeating: 0, count: 32))
        XCTAssertThrowsError(try PVRTCTexture(levels: [two, four], hasAlpha: false)) {
            XCTAssertEqual($0 as? PVRTCError, .mixedFormats(level: 1, format: .pvrtc1_4bpp, expected: .pvrtc1_2bpp))
        }
    }
}
