import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import XCTest

/// Decompression bombs and size lies are refused from the header, before pixels are allocated.
final class PNGLimitTests: XCTestCase {
    private func assertOverLimit(
        _ png: [UInt8], limit: PixelLimit = .standard, width: Int, height: Int,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try PNGCodec.decode(png, file: "bomb.png", pixelLimit: limit), line: line) { error in
            XCTAssertEqual(
                error as? PNGError,
                .exceedsPixelLimit(file: "bomb.png", PixelLimitError(width: width, height: height, limit: limit)),
                line: line)
        }
    }

    func testBombsFromTheIssueAreRefusedFromTheHeader() {
        assertOverLimit(
            BombPNG.make(width: 16384, height: 16384, colorType: 0, truncateImageDataTo: 4096),
            width: 16384, height: 16384)
        assertOverLimit(
            BombPNG.make(width: 16384, height: 16384, colorType: 6, truncateImageDataTo: 4096),
            width: 16384, height: 16384)
        assertOverLimit(BombPNG.make(width: 8192, height: 8192, bitDepth: 1, colorType: 0), width: 8192, height: 8192)
    }

    func testTheLimitIsInclusiveAndConfigurable() throws {
        let png = BombPNG.make(width: 64, height: 32)
        assertOverLimit(png, limit: PixelLimit(maximumPixels: 2047), width: 64, height: 32)
        let image = try PNGCodec.decode(png, file: "ok.png", pixelLimit: PixelLimit(maximumPixels: 2048))
        XCTAssertEqual(image, RGBAImage(width: 64, height: 32))
    }

    func testAValidBombDecodesWhenTheLimitAllowsIt() throws {
        let png = BombPNG.make(width: 1024, height: 1024, bitDepth: 1, colorType: 0)
        XCTAssertLessThan(png.count, 10_000)
        let image = try PNGCodec.decode(png, file: "zeros.png", pixelLimit: PixelLimit(maximumPixels: 1024 * 1024))
        XCTAssertEqual(image, RGBAImage(width: 1024, height: 1024, fill: (0, 0, 0, 255)))
    }

    func testTruncatedImageDataIsAnErrorNotAnAllocation() {
        // 4096x4096 RGBA (64 MiB) declared, 2 KB of image data present.
        let png = BombPNG.make(width: 4096, height: 4096, truncateImageDataTo: 2048)
        XCTAssertThrowsError(try PNGCodec.decode(png, file: "short.png")) { error in
            guard case .invalidPNG(let file, let reason)? = error as? PNGError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "short.png")
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testAncillaryChunkWithBadCRCIsAnError() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/palette8-trns.png")
        var png = [UInt8](try Data(contentsOf: url))
        let type = Array("tRNS".utf8)
        guard let at = (8..<png.count - 4).first(where: { Array(png[$0..<$0 + 4]) == type }) else {
            return XCTFail("fixture has no tRNS chunk")
        }
        let length = png[at - 4..<at].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertNoThrow(try PNGCodec.decode(png, file: "good.png"))
        png[at + 4 + length] ^= 0x01  // first CRC byte
        XCTAssertThrowsError(try PNGCodec.decode(png, file: "crc.png")) { error in
            guard case .invalidPNG(let file, let reason)? = error as? PNGError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "crc.png")
            XCTAssertTrue(reason.contains("CRC"), reason)
        }
    }
}
