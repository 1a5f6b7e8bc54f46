import PVRTC
import XCTest

/// `PVRTCEndpoint` packing and `PVRTCBlock` byte order against the bit layout of docs `pvrtc-reference.md` A.1–A.2.
final class EndpointAndBlockTests: XCTestCase {
    /// Hand-assembled fields (MSB first): A opaque `1 10101 00011 1001`, A translucent `0 101 1100 0011 110`,
    /// B opaque `1 10101 00011 11001`, B translucent `0 011 1001 0110 1111`.
    func testPackedFieldsMatchTheLayout() {
        let opaqueA = PVRTCEndpoint(isOpaque: true, red: 0b10101, green: 0b00011, blue: 0b1001)
        XCTAssertEqual(opaqueA.packedA, 0b1_10101_00011_1001)
        let translucentA = PVRTCEndpoint(isOpaque: false, red: 0b1100, green: 0b0011, blue: 0b110, alpha: 0b101)
        XCTAssertEqual(translucentA.packedA, 0b0_101_1100_0011_110)
        let opaqueB = PVRTCEndpoint(isOpaque: true, red: 0b10101, green: 0b00011, blue: 0b11001)
        XCTAssertEqual(opaqueB.packedB, 0b1_10101_00011_11001)
        let translucentB = PVRTCEndpoint(isOpaque: false, red: 0b1001, green: 0b0110, blue: 0b1111, alpha: 0b011)
        XCTAssertEqual(translucentB.packedB, 0b0_011_1001_0110_1111)

        XCTAssertEqual(PVRTCEndpoint(packedA: 0b1_10101_00011_1001), opaqueA)
        XCTAssertEqual(PVRTCEndpoint(packedA: 0b0_101_1100_0011_110), translucentA)
        XCTAssertEqual(PVRTCEndpoint(packedB: 0b1_10101_00011_11001), opaqueB)
        XCTAssertEqual(PVRTCEndpoint(packedB: 0b0_011_1001_0110_1111), translucentB)
    }

    /// Every 15-bit A field and every 16-bit B field survives unpack -> pack.
    func testEveryFieldRoundTrips() {
        for v in UInt32(0)..<0x8000 {
            XCTAssertEqual(PVRTCEndpoint(packedA: v).packedA, v)
        }
        for v in UInt32(0)..<0x1_0000 {
            XCTAssertEqual(PVRTCEndpoint(packedB: v).packedB, v)
        }
    }

    /// Widening to ARGB 4555: 4-bit c -> (c << 1) | (c >> 3), 3-bit c -> (c << 2) | (c >> 1), alpha a -> 2a, opaque 15.
    func testExpansionToInterpolationPrecision() {
        let translucentA = PVRTCEndpoint(isOpaque: false, red: 0b1001, green: 0b0100, blue: 0b101, alpha: 3)
        XCTAssertTrue(translucentA.expanded(slotB: false) == (0b10011, 0b01000, 0b10110, 6))
        let translucentB = PVRTCEndpoint(isOpaque: false, red: 0b1111, green: 0, blue: 0b1000, alpha: 7)
        XCTAssertTrue(translucentB.expanded(slotB: true) == (31, 0, 0b10001, 14))
        let opaqueA = PVRTCEndpoint(isOpaque: true, red: 16, green: 8, blue: 0b0101)
        XCTAssertTrue(opaqueA.expanded(slotB: false) == (16, 8, 0b01010, 15))
        let opaqueB = PVRTCEndpoint(isOpaque: true, red: 1, green: 30, blue: 17)
        XCTAssertTrue(opaqueB.expanded(slotB: true) == (1, 30, 17, 15))
    }

    /// Bytes 0–3 are the modulation word and 4–7 the colour word, both little-endian.
    func testBlockByteOrder() {
        let bytes: [UInt8] = [0xAA, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]
        let block = PVRTCBlock(bytes: bytes, at: 1)
        XCTAssertEqual(block.modulation, 0x4433_2211)
        XCTAssertEqual(block.color, 0x8877_6655)
        var stored = [UInt8](repeating: 0, count: 10)
        block.store(into: &stored, at: 2)
        XCTAssertEqual(stored, [0, 0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])

        // Colour word 0x88776655: bit 0 set (punch-through); A = bits 1–15 = 0x6655 >> 1 = 0x332A
        // (translucent, 0 110 0110 0101 010); B = 0x8877 (opaque, 1 00010 00011 10111).
        XCTAssertTrue(block.usesPunchThrough)
        XCTAssertEqual(
            block.colorA, PVRTCEndpoint(isOpaque: false, red: 0b0110, green: 0b0101, blue: 0b010, alpha: 0b110))
        XCTAssertEqual(block.colorB, PVRTCEndpoint(isOpaque: true, red: 0b00010, green: 0b00011, blue: 0b10111))

        // Modulation: byte y is row y, pixel x at bits 2x. Row 0 = 0x11 = 00 01 00 01, row 3 = 0x44 = 01 00 01 00.
        XCTAssertEqual((0..<4).map { block.modulationValue(x: $0, y: 0) }, [1, 0, 1, 0])
        XCTAssertEqual((0..<4).map { block.modulationValue(x: $0, y: 1) }, [2, 0, 2, 0])
        XCTAssertEqual((0..<4).map { block.modulationValue(x: $0, y: 3) }, [0, 1, 0, 1])
    }

    /// Building a block from endpoints puts B in bits 16–31, A in bits 1–15 and the mode in bit 0.
    func testBlockFromEndpoints() {
        let a = PVRTCEndpoint(isOpaque: true, red: 31, green: 0, blue: 15)
        let b = PVRTCEndpoint(isOpaque: false, red: 1, green: 2, blue: 3, alpha: 4)
        let block = PVRTCBlock(colorA: a, colorB: b, punchThrough: true, modulation: 0xDEAD_BEEF)
        // A = 1 11111 00000 1111 = 0x7E0F -> << 1 = 0xFC1E; B = 0 100 0001 0010 0011 = 0x4123; mode bit 1.
        XCTAssertEqual(block.color, 0x4123_FC1F)
        XCTAssertEqual(block.modulation, 0xDEAD_BEEF)
        XCTAssertEqual(block.colorA, a)
        XCTAssertEqual(block.colorB, b)
        XCTAssertTrue(block.usesPunchThrough)
        XCTAssertFalse(PVRTCBlock(colorA: a, colorB: b, punchThrough: false, modulation: 0).usesPunchThrough)
    }

    /// Image block accessors place blocks by Morton order and `linearBlocks` undoes it.
    func testImageBlockAccessorsUseMortonOrder() throws {
        var image = try PVRTCImage(width: 16, height: 8, data: [UInt8](repeating: 0, count: 64))
        let block = PVRTCBlock(modulation: 0x0102_0304, color: 0x0506_0708)
        image.setBlock(block, x: 2, y: 1)
        // 4x2 blocks: (2, 1) is stored at index 5 (y low bit 1, x low bit 0, x high bit 1 -> 1 + 0 + 4).
        XCTAssertEqual(Array(image.data[40..<48]), [0x04, 0x03, 0x02, 0x01, 0x08, 0x07, 0x06, 0x05])
        XCTAssertEqual(image.block(x: 2, y: 1), block)
        XCTAssertEqual(image.linearBlocks[1 * 4 + 2], block)
        let rebuilt = try PVRTCImage(width: 16, height: 8, linearBlocks: image.linearBlocks)
        XCTAssertEqual(rebuilt, image)
    }
}
