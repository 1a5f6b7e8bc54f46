import PVRTC
import PVRTCBenchmarks
import XCTest

/// The decoder against the naive transcription of the specification (``PVRTC2SpecDecoder``) on random words,
/// which exercise every mode and flag, at sizes of every kind: one pixel, less than one word, not a multiple
/// of the word, non-square, several words.
final class PVRTC2SpecComparisonTests: XCTestCase {
    func testRandomWordsAtEverySizeKind() throws {
        var rng = SplitMix64(seed: 0x5052_5443_3200)
        let sizes = [
            (1, 1), (2, 3), (4, 4), (3, 8), (5, 7), (8, 4), (9, 13), (16, 8), (17, 33), (33, 17), (64, 32), (40, 24),
        ]
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            for (width, height) in sizes {
                for _ in 0..<3 {
                    let data = rng.bytes(format.byteCount(width: width, height: height))
                    let image = try PVRTCImage(width: width, height: height, data: data, format: format)
                    let expected = PVRTC2SpecDecoder.decode(
                        data, width: width, height: height, twoBpp: format == .pvrtc2_2bpp)
                    XCTAssertEqual(PVRTCDecoder.decode(image).pixels, expected, "\(format) \(width)x\(height)")
                    XCTAssertEqual(PVRTCDecoder.decode(image, threads: 4).pixels, expected, "\(format) threads")
                }
            }
        }
    }

    /// PVRTC2 levels have no two-word minimum and take any size; PVRTC1 keeps its rules.
    func testGeometryAndValidation() throws {
        XCTAssertEqual(PVRTCFormat.pvrtc2_4bpp.byteCount(width: 1, height: 1), 8)
        XCTAssertEqual(PVRTCFormat.pvrtc2_2bpp.byteCount(width: 9, height: 5), 32)
        XCTAssertEqual(PVRTCFormat.pvrtc2_4bpp.minimumBlocksPerSide, 1)
        XCTAssertEqual(PVRTCFormat.pvrtc1_4bpp.minimumBlocksPerSide, 2)
        XCTAssertEqual(PVRTCFormat.pvrtc2_4bpp.displayName, "PVRTC2 (PVRTC-II) 4bpp")
        XCTAssertEqual(PVRTCFormat.pvrtc2_2bpp.displayName, "PVRTC2 (PVRTC-II) 2bpp")
        XCTAssertEqual(PVRTCFormat.pvrtc1_4bpp.displayName, "PVRTC1 4bpp")
        XCTAssertNoThrow(try PVRTCImage.validate(width: 300, height: 7, format: .pvrtc2_2bpp))
        XCTAssertThrowsError(try PVRTCImage.validate(width: 300, height: 7, format: .pvrtc1_2bpp))
        XCTAssertThrowsError(try PVRTCImage.validate(width: 0, height: 7, format: .pvrtc2_4bpp))
        // Words in row order: block (1, 0) of a 3x2-word level is the second word.
        var data = [UInt8](repeating: 0, count: 48)
        data[8] = 0xAB
        let image = try PVRTCImage(width: 12, height: 8, data: data, format: .pvrtc2_4bpp)
        XCTAssertEqual(image.block(x: 1, y: 0).modulation, 0xAB)
        XCTAssertEqual(
            try PVRTCImage(width: 12, height: 8, linearBlocks: image.linearBlocks, format: .pvrtc2_4bpp), image)
    }

    /// A mip chain of any size halves to 1x1, rounding down, as Imagination's 128x128 files with 8 levels do.
    func testChainsOfAnySize() throws {
        XCTAssertEqual(PVRTCTexture.fullChainLength(width: 128, height: 128), 8)
        XCTAssertEqual(PVRTCTexture.fullChainLength(width: 300, height: 7), 9)
        let levels = try [(12, 5), (6, 2), (3, 1), (1, 1)].map { w, h in
            try PVRTCImage(
                width: w, height: h,
                data: [UInt8](repeating: 0, count: PVRTCFormat.pvrtc2_2bpp.byteCount(width: w, height: h)),
                format: .pvrtc2_2bpp)
        }
        let texture = try PVRTCTexture(levels: levels, hasAlpha: true)
        XCTAssertEqual(texture.levels.map(\.data.count), [32, 8, 8, 8])
        XCTAssertEqual(texture.description, "12x5 PVRTC2 (PVRTC-II) 2bpp RGBA texture, 4 levels")
    }
}
