import PVRTC
import XCTest

/// Invalid sizes and buffers are reported as typed `PVRTCError`s, never as traps.
final class ImageValidationTests: XCTestCase {
    func assertInvalidDimensions(
        _ body: @autoclosure () throws -> Any, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), message, file: file, line: line) { error in
            guard case .invalidDimensions = error as? PVRTCError else {
                return XCTFail("\(message): expected invalidDimensions, got \(error)", file: file, line: line)
            }
        }
    }

    func testPVRTCImageRejectsBadSizes() {
        let cases: [(Int, Int, String)] = [
            (0, 8, "zero width"), (8, 0, "zero height"), (-8, 8, "negative width"),
            (12, 8, "non-power-of-two width"), (8, 24, "non-power-of-two height"), (3, 3, "3x3"),
            (32768, 8, "above the 16384 limit"), (8, 1 << 20, "far above the limit"), (Int.max, 8, "Int.max"),
        ]
        for (width, height, label) in cases {
            assertInvalidDimensions(try PVRTCImage(width: width, height: height, data: []), label)
            assertInvalidDimensions(try PVRTCImage.validate(width: width, height: height), "validate: \(label)")
            assertInvalidDimensions(try PVRTCImage(width: width, height: height, linearBlocks: []), "blocks: \(label)")
        }
    }

    func testPVRTCImageRejectsWrongBufferSizes() throws {
        XCTAssertThrowsError(try PVRTCImage(width: 16, height: 16, data: [UInt8](repeating: 0, count: 127))) { error in
            XCTAssertEqual(error as? PVRTCError, .bufferSizeMismatch(expected: 128, actual: 127))
        }
        // Below 8x8 a level still needs its 32 bytes.
        XCTAssertThrowsError(try PVRTCImage(width: 4, height: 4, data: [UInt8](repeating: 0, count: 8))) { error in
            XCTAssertEqual(error as? PVRTCError, .bufferSizeMismatch(expected: 32, actual: 8))
        }
        let blocks = [PVRTCBlock](repeating: PVRTCBlock(modulation: 0, color: 0), count: 3)
        XCTAssertThrowsError(try PVRTCImage(width: 8, height: 8, linearBlocks: blocks)) { error in
            XCTAssertEqual(error as? PVRTCError, .bufferSizeMismatch(expected: 32, actual: 24))
        }
        // The limit itself and the smallest sizes are accepted.
        XCTAssertNoThrow(try PVRTCImage.validate(width: 16384, height: 1))
        XCTAssertNoThrow(try PVRTCImage(width: 1, height: 1, data: [UInt8](repeating: 0, count: 32)))
        XCTAssertNoThrow(try PVRTCImage(width: 2, height: 64, data: [UInt8](repeating: 0, count: 256)))
    }

    func testPVRTCTextureChecksTheMipChain() throws {
        func level(_ width: Int, _ height: Int) throws -> PVRTCImage {
            try PVRTCImage(
                width: width, height: height,
                data: [UInt8](repeating: 0, count: PVRTCImage.byteCount(width: width, height: height)))
        }
        assertInvalidDimensions(try PVRTCTexture(levels: [], hasAlpha: false), "no levels")
        assertInvalidDimensions(
            try PVRTCTexture(levels: [level(16, 16), level(4, 4)], hasAlpha: false), "skipped level")
        assertInvalidDimensions(try PVRTCTexture(levels: [level(16, 8), level(8, 8)], hasAlpha: true), "wrong height")
        assertInvalidDimensions(try PVRTCTexture(levels: [level(8, 8), level(8, 8)], hasAlpha: true), "repeated level")

        // A non-square chain halves each side down to 1, never below.
        let chain = try [(16, 4), (8, 2), (4, 1), (2, 1), (1, 1)].map { try level($0.0, $0.1) }
        let texture = try PVRTCTexture(levels: chain, hasAlpha: true)
        XCTAssertEqual(texture.levels.count, 5)
        XCTAssertEqual(texture.width, 16)
        XCTAssertEqual(texture.height, 4)
        XCTAssertEqual(PVRTCTexture.fullChainLength(width: 16, height: 4), 5)
        XCTAssertEqual(PVRTCTexture.fullChainLength(width: 1, height: 1), 1)
        XCTAssertEqual(PVRTCTexture.fullChainLength(width: 2048, height: 2048), 12)
        // A partial chain is allowed.
        XCTAssertNoThrow(try PVRTCTexture(levels: Array(chain.prefix(2)), hasAlpha: false))
    }

    func testErrorsDescribeTheProblem() {
        XCTAssertEqual(
            PVRTCError.invalidDimensions(width: 12, height: 8, reason: "PVRTC1 needs power-of-two sizes")
                .description, "invalid dimensions 12x8: PVRTC1 needs power-of-two sizes")
        XCTAssertEqual(
            PVRTCError.bufferSizeMismatch(expected: 32, actual: 8).description,
            "buffer holds 8 bytes, expected 32")
        XCTAssertEqual(
            PVRTCError.levelOutOfRange(level: 3, count: 1).description,
            "mip level 3 does not exist (the texture has 1 level)")
    }

    func testLevelAccessorThrowsForMissingLevels() throws {
        let base = try PVRTCImage(width: 8, height: 8, data: [UInt8](repeating: 7, count: 32))
        let small = try PVRTCImage(width: 4, height: 4, data: [UInt8](repeating: 9, count: 32))
        let texture = try PVRTCTexture(levels: [base, small], hasAlpha: false)
        XCTAssertEqual(try texture.level(1), small)
        for index in [-1, 2] {
            XCTAssertThrowsError(try texture.level(index)) { error in
                XCTAssertEqual(error as? PVRTCError, .levelOutOfRange(level: index, count: 2))
            }
        }
    }
}
