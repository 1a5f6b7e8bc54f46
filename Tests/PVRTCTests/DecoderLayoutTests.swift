import Imaging
import PVRTC
import XCTest

/// Wrap-around, Morton block order and small levels, with expected values worked out by hand
/// (docs `pvrtc-reference.md` A.3, A.5, A.6).
final class DecoderLayoutTests: XCTestCase {
    /// A level given block by block in storage (Morton) order.
    static func level(width: Int, height: Int, storageOrder blocks: [(modulation: UInt32, color: UInt32)]) throws
        -> PVRTCImage
    {
        let data = blocks.flatMap { DecoderHandDerivedTests.blockBytes(modulation: $0.modulation, color: $0.color) }
        return try PVRTCImage(width: width, height: height, data: data)
    }

    static let red = ColorWord.opaqueA(31, 0, 0)
    static let black = ColorWord.opaqueA(0, 0, 0)

    /// 16x8 (4x2 blocks; storage order (0,0) (0,1) (1,0) (1,1) (2,0) (2,1) (3,0) (3,1)), only block column `column` red.
    func decodeRedColumn(_ column: Int) throws -> RGBAImage {
        let columns = [0, 0, 1, 1, 2, 2, 3, 3]
        let blocks = columns.map { (modulation: UInt32(0), color: $0 == column ? Self.red : Self.black) }
        return PVRTCDecoder.decode(try Self.level(width: 16, height: 8, storageOrder: blocks))
    }

    /// Pixel x lies between block centres ⌊(x−2)/4⌋ and the next, at offset (x−2) mod 4; indices wrap.
    /// Column 0 takes 50 % from the opposite edge, column 1 25 %, column W−1 25 %.
    func testWrapAcrossColumns() throws {
        // Only block column 0 red: pixel 0 = 50 % (own side; the other half wraps from column 3), pixel 1 = 75 %,
        // pixel 2 = 100 %, ..., pixel 15 = 25 % wrapped in from column 0.
        let first = try decodeRedColumn(0)
        let expectedFirst: [UInt8] = [127, 191, 255, 191, 127, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63]
        // Only the last block column red: pixel 0 = 50 % and pixel 1 = 25 % from the opposite edge.
        let last = try decodeRedColumn(3)
        let expectedLast: [UInt8] = [127, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63, 127, 191, 255, 191]
        for y in 0..<8 {
            XCTAssertEqual((0..<16).map { first[$0, y].r }, expectedFirst, "row \(y), red column 0")
            XCTAssertEqual((0..<16).map { last[$0, y].r }, expectedLast, "row \(y), red column 3")
            XCTAssertTrue((0..<16).allSatisfy { first[$0, y].g == 0 && first[$0, y].b == 0 && first[$0, y].a == 255 })
        }
    }

    /// Alpha between sample centres (4.4 fixed point, 8 bits as C + C/16), where the 34·a table does not apply.
    /// 16x8, block column 0 translucent with alpha 7 (4-bit 14), the rest translucent with alpha 0; the
    /// horizontal weights of block column 0 are those of `testWrapAcrossColumns`: 8, 12, 16, 12, 8, 4, 0, ... 4
    /// sixteenths. C = 14·w: w 4 -> 56 + 3 = 59, 8 -> 112 + 7 = 119, 12 -> 168 + 10 = 178, 16 -> 224 + 14 = 238.
    func testAlphaBetweenSampleCentres() throws {
        let columns = [0, 0, 1, 1, 2, 2, 3, 3]
        let blocks = columns.map {
            (
                modulation: UInt32(0),
                color: $0 == 0 ? ColorWord.translucentA(7, 0, 0, 0) : ColorWord.translucentA(0, 0, 0, 0)
            )
        }
        let image = PVRTCDecoder.decode(try Self.level(width: 16, height: 8, storageOrder: blocks))
        let expected: [UInt8] = [119, 178, 238, 178, 119, 59, 0, 0, 0, 0, 0, 0, 0, 0, 0, 59]
        for y in 0..<8 {
            XCTAssertEqual((0..<16).map { image[$0, y].a }, expected, "row \(y)")
            XCTAssertTrue((0..<16).allSatisfy { image[$0, y].r == 0 && image[$0, y].g == 0 && image[$0, y].b == 0 })
        }
    }

    /// The same in the vertical direction: 8x16 (2x4 blocks; storage order (0,0) (0,1) (1,0) (1,1) (0,2) (0,3)
    /// (1,2) (1,3)), only block row 0 red.
    func testWrapAcrossRows() throws {
        let rows = [0, 1, 0, 1, 2, 3, 2, 3]
        let blocks = rows.map { (modulation: UInt32(0), color: $0 == 0 ? Self.red : Self.black) }
        let image = PVRTCDecoder.decode(try Self.level(width: 8, height: 16, storageOrder: blocks))
        let expected: [UInt8] = [127, 191, 255, 191, 127, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63]
        for x in 0..<8 {
            XCTAssertEqual((0..<16).map { image[x, $0].r }, expected, "column \(x)")
        }
    }

    /// Morton order of non-square levels: black A, white B everywhere (so every pixel is exactly 0 or 255),
    /// and modulation 3 (all B) in one block at a time. The white 4x4 square must be that block.
    func testMortonOrderOfNonSquareLevels() throws {
        let cases: [(width: Int, height: Int, positions: [(Int, Int)])] = [
            // 4x2 blocks: one interleaved bit pair (y low), then x's high bit.
            (16, 8, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]),
            // 2x4 blocks: one interleaved bit pair, then y's high bit.
            (8, 16, [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (0, 3), (1, 2), (1, 3)]),
        ]
        let color = ColorWord.opaqueA(0, 0, 0) | ColorWord.opaqueB(31, 31, 31)
        for level in cases {
            for (index, position) in level.positions.enumerated() {
                let blocks = level.positions.indices.map {
                    (modulation: $0 == index ? ColorWord.uniformModulation(3) : 0, color: color)
                }
                let image = PVRTCDecoder.decode(
                    try Self.level(width: level.width, height: level.height, storageOrder: blocks))
                for y in 0..<level.height {
                    for x in 0..<level.width {
                        let inside = x / 4 == position.0 && y / 4 == position.1
                        XCTAssertEqual(
                            image[x, y].g, inside ? 255 : 0,
                            "\(level.width)x\(level.height), stored block \(index), pixel (\(x), \(y))")
                    }
                }
            }
        }
        // The KDFS example: in a 64x16 level (16x4 blocks) block (13, 2) is stored at index 54.
        var blocks = [(modulation: UInt32, color: UInt32)](repeating: (0, color), count: 64)
        blocks[54].modulation = ColorWord.uniformModulation(3)
        let image = PVRTCDecoder.decode(try Self.level(width: 64, height: 16, storageOrder: blocks))
        XCTAssertEqual(image[13 * 4, 2 * 4].g, 255)
        XCTAssertEqual(image[13 * 4 + 3, 2 * 4 + 3].g, 255)
        XCTAssertEqual(image[12 * 4 + 3, 2 * 4].g, 0)
    }

    /// Levels below 8x8 still hold 2x2 blocks (32 bytes) and are decoded on that padded grid, as the reference
    /// decoder does (it decodes them as 8x8 and crops). Only block (0, 0) red: horizontal weights of pixels 0–3
    /// are 2, 3, 4, 3 quarters and the same vertically, so a pixel gets 31·wx·wy.
    func testSmallLevels() throws {
        XCTAssertEqual(PVRTCImage.byteCount(width: 8, height: 8), 32)
        XCTAssertEqual(PVRTCImage.byteCount(width: 4, height: 4), 32)
        XCTAssertEqual(PVRTCImage.byteCount(width: 2, height: 2), 32)
        XCTAssertEqual(PVRTCImage.byteCount(width: 1, height: 1), 32)
        XCTAssertEqual(PVRTCImage.byteCount(width: 16, height: 1), 64)
        let blocks = (0..<4).map { (modulation: UInt32(0), color: $0 == 0 ? Self.red : Self.black) }
        // Weights wx·wy for pixels 0...3: [4, 6, 8, 6], [6, 9, 12, 9], [8, 12, 16, 12], [6, 9, 12, 9].
        let expected: [[UInt8]] = [
            [63, 95, 127, 95], [95, 143, 191, 143], [127, 191, 255, 191], [95, 143, 191, 143],
        ]
        for size in [4, 2, 1] {
            let image = PVRTCDecoder.decode(try Self.level(width: size, height: size, storageOrder: blocks))
            XCTAssertEqual(image.width, size)
            XCTAssertEqual(image.height, size)
            for y in 0..<size {
                XCTAssertEqual(
                    (0..<size).map { image[$0, y].r }, Array(expected[y].prefix(size)), "\(size)x\(size) row \(y)")
            }
        }
        // 8x8: the same block, now with all four words real: pixels 4 and 5 continue the falling edge and
        // pixels 6, 7 are 0 until the wrap (pixel 7 = 25 % of block column 0 horizontally).
        let image = PVRTCDecoder.decode(try Self.level(width: 8, height: 8, storageOrder: blocks))
        XCTAssertEqual((0..<8).map { image[$0, 2].r }, [127, 191, 255, 191, 127, 63, 0, 63])
    }
}
