import Imaging
import PVRTC
import XCTest

/// Decoder outputs worked out by hand from the reference formulas (docs `pvrtc-reference.md` A.2–A.4).
/// Where every block is identical, the bilinear weights sum to 16 around every pixel, so each pixel sees
/// C = 16·v for an endpoint channel v (4555 precision): RGB = C/2 + C/64, alpha = C + C/16.
final class DecoderHandDerivedTests: XCTestCase {
    /// The eight bytes of one block: modulation word then colour word, both little-endian.
    static func blockBytes(modulation: UInt32, color: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: modulation >> (8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: color >> (8 * $0)) }
    }

    /// Decodes a level in which every block is the same.
    static func decodeUniform(width: Int = 16, height: Int = 16, modulation: UInt32, color: UInt32) throws -> RGBAImage
    {
        let blocks = PVRTCImage.byteCount(width: width, height: height) / 8
        let data = Array([[UInt8]](repeating: blockBytes(modulation: modulation, color: color), count: blocks).joined())
        return PVRTCDecoder.decode(try PVRTCImage(width: width, height: height, data: data))
    }

    /// Asserts that every pixel of `image` is `expected`.
    func assertEveryPixel(
        _ image: RGBAImage, _ expected: [UInt8], _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if [p.r, p.g, p.b, p.a] != expected {
                    XCTFail(
                        "\(message): pixel (\(x), \(y)) is \([p.r, p.g, p.b, p.a]), expected \(expected)",
                        file: file, line: line)
                    return
                }
            }
        }
    }

    /// Opaque A (RGB 554) = (16, 8, 5), opaque B (RGB 555) = (1, 30, 17).
    /// A: 5-bit 16 -> C 256 -> 128 + 4 = 132; 8 -> 128 -> 64 + 2 = 66; 4-bit 5 -> 5-bit 01010 = 10 -> 160 -> 80 + 2 = 82.
    /// B: 1 -> 16 -> 8 + 0 = 8; 30 -> 480 -> 240 + 7 = 247; 17 -> 272 -> 136 + 4 = 140. Opaque alpha 15 -> 240 + 15 = 255.
    /// Standard weights 0, 3, 5, 8 eighths: (A·(8−w) + B·w) / 8.
    func testOpaqueEndpointsWithEveryStandardWeight() throws {
        let color = ColorWord.opaqueA(16, 8, 5) | ColorWord.opaqueB(1, 30, 17)
        let expected: [[UInt8]] = [
            [132, 66, 82, 255],  // w 0: A
            [85, 133, 103, 255],  // w 3: (132·5 + 8·3)/8 = 85, (66·5 + 247·3)/8 = 133, (82·5 + 140·3)/8 = 103
            [54, 179, 118, 255],  // w 5: (132·3 + 8·5)/8 = 54, (66·3 + 247·5)/8 = 179, (82·3 + 140·5)/8 = 118
            [8, 247, 140, 255],  // w 8: B
        ]
        for bits in 0..<4 {
            let image = try Self.decodeUniform(modulation: ColorWord.uniformModulation(UInt32(bits)), color: color)
            assertEveryPixel(image, expected[bits], "modulation \(bits)")
        }
    }

    /// Translucent A (ARGB 3443) = (3, 9, 4, 5): alpha 34·3 = 102; 4-bit 9 -> 10011 = 19 -> 152 + 4 = 156;
    /// 4 -> 01000 = 8 -> 66; 3-bit 5 -> 10110 = 22 -> 176 + 5 = 181.
    /// Translucent B (ARGB 3444) = (7, 15, 0, 8): alpha 34·7 = 238 (the translucent maximum); 15 -> 255; 0 -> 0;
    /// 8 -> 10001 = 17 -> 140.
    func testTranslucentEndpoints() throws {
        let color = ColorWord.translucentA(3, 9, 4, 5) | ColorWord.translucentB(7, 15, 0, 8)
        let a = try Self.decodeUniform(modulation: ColorWord.uniformModulation(0), color: color)
        assertEveryPixel(a, [156, 66, 181, 102], "colour A")
        let b = try Self.decodeUniform(modulation: ColorWord.uniformModulation(3), color: color)
        assertEveryPixel(b, [255, 0, 140, 238], "colour B")
    }

    /// Every 4-bit value through translucent B (0, 16, 33, ... 255), every 3-bit blue through translucent A
    /// and every 3-bit alpha (34·a, at most 238).
    func testFourAndThreeBitValueTables() throws {
        let fourBit: [UInt8] = [0, 16, 33, 49, 66, 82, 99, 115, 140, 156, 173, 189, 206, 222, 239, 255]
        let threeBit: [UInt8] = [0, 33, 74, 107, 148, 181, 222, 255]
        let alpha: [UInt8] = [0, 34, 68, 102, 136, 170, 204, 238]
        for v in 0..<16 {
            let color = ColorWord.translucentB(UInt32(v & 7), UInt32(v), UInt32(v), UInt32(v))
            let image = try Self.decodeUniform(
                width: 8, height: 8, modulation: ColorWord.uniformModulation(3), color: color)
            assertEveryPixel(image, [fourBit[v], fourBit[v], fourBit[v], alpha[v & 7]], "4-bit value \(v)")
        }
        for v in 0..<8 {
            let color = ColorWord.translucentA(UInt32(v), 0, 0, UInt32(v))
            let image = try Self.decodeUniform(width: 8, height: 8, modulation: 0, color: color)
            assertEveryPixel(image, [0, 0, threeBit[v], alpha[v]], "3-bit value \(v)")
        }
    }

    /// Every 5-bit value through opaque B: v -> (v << 3) | (v >> 2).
    func testFiveBitValueTable() throws {
        let fiveBit: [UInt8] = [
            0, 8, 16, 24, 33, 41, 49, 57, 66, 74, 82, 90, 99, 107, 115, 123,
            132, 140, 148, 156, 165, 173, 181, 189, 198, 206, 214, 222, 231, 239, 247, 255,
        ]
        for v in 0..<32 {
            let color = ColorWord.opaqueB(UInt32(v), UInt32(31 - v), UInt32(v))
            let image = try Self.decodeUniform(
                width: 8, height: 8, modulation: ColorWord.uniformModulation(3), color: color)
            assertEveryPixel(image, [fiveBit[v], fiveBit[31 - v], fiveBit[v], 255], "5-bit value \(v)")
        }
    }

    /// Punch-through mode (colour-word bit 0): weights 0, 4, 4, 8; value 2 also forces alpha to 0.
    /// A = translucent (3, 9, 4, 5) -> (156, 66, 181, 102); B = translucent (7, 15, 0, 8) -> (255, 0, 140, 238).
    /// Half-way: ((156 + 255)/2, (66 + 0)/2, (181 + 140)/2, (102 + 238)/2) = (205, 33, 160, 170).
    func testPunchThroughPixels() throws {
        let color = ColorWord.translucentA(3, 9, 4, 5) | ColorWord.translucentB(7, 15, 0, 8) | 1
        let expected: [[UInt8]] = [[156, 66, 181, 102], [205, 33, 160, 170], [205, 33, 160, 0], [255, 0, 140, 238]]
        for bits in 0..<4 {
            let image = try Self.decodeUniform(modulation: ColorWord.uniformModulation(UInt32(bits)), color: color)
            assertEveryPixel(image, expected[bits], "punch-through modulation \(bits)")
        }
        // Opaque endpoints lose their alpha too: red and green halve to (127, 127, 0) with alpha 0.
        let opaque = ColorWord.opaqueA(31, 0, 0) | ColorWord.opaqueB(0, 31, 0) | 1
        assertEveryPixel(
            try Self.decodeUniform(modulation: ColorWord.uniformModulation(2), color: opaque),
            [127, 127, 0, 0], "opaque punch-through")
    }

    /// An opaque A and a translucent B in the same block, each pixel with its own modulation value.
    /// A opaque (31, 31, 15) = white 255 with alpha 255; B translucent (0, 0, 0, 0) = all zero.
    /// w 3: 255·5/8 = 159 in every channel; w 5: 255·3/8 = 95.
    func testMixedOpaqueAndTranslucentEndpointsInOneBlock() throws {
        var modulation: UInt32 = 0
        for y in 0..<4 {
            for x in 0..<4 { modulation |= UInt32((x + y) % 4) << (2 * (4 * y + x)) }
        }
        let image = try Self.decodeUniform(modulation: modulation, color: ColorWord.opaqueA(31, 31, 15))
        let values: [UInt8] = [255, 159, 95, 0]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let v = values[(x % 4 + y % 4) % 4]
                let p = image[x, y]
                XCTAssertEqual([p.r, p.g, p.b, p.a], [v, v, v, v], "pixel (\(x), \(y))")
            }
        }
    }
}
