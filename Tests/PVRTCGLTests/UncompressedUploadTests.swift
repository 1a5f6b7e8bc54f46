import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCGL
import TextureFormats
import XCTest

/// Uncompressed PVR files (cocos2d-objc's test images, see
/// Tests/TextureFormatsTests/Fixtures/cocos2d-objc) uploaded with `glTexImage2D` in their own format and
/// type: Mesa unpacks the packed 4444 / 5551 / 565 words and the luminance / alpha bytes, and the 1:1
/// read-back of every level equals pvrc's CPU unpacking (`TextureFileDescription.image`, what `pvrc decode`
/// writes before orienting): exactly for 8-bit and 4-bit channels; within 1 for 5- and 6-bit channels,
/// which pvrc widens by rounding `v·255/max` and llvmpipe by bit replication (`v << 3 | v >> 2`), the two
/// differing by one for some values.
final class UncompressedUploadTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureFormatsTests/Fixtures/cocos2d-objc")

    func testEveryLevelReadsBackAsTheCPUUnpacksIt() throws {
        let context = try SharedContext.get()
        // File, GL format, GL type (nil: converted to RGBA8 on the CPU).
        let cases: [(String, (UInt32, UInt32)?)] = [
            ("test_image_rgba8888.pvr", (0x1908, 0x1401)), ("test_image_rgba8888_v3.pvr", (0x1908, 0x1401)),
            ("test_image_rgb888_v3.pvr", (0x1907, 0x1401)), ("test_image_rgba4444.pvr", (0x1908, 0x8033)),
            ("test_image_rgba4444_v3.pvr", (0x1908, 0x8033)), ("test_image_rgba4444.pvr.ccz", (0x1908, 0x8033)),
            ("test_image_rgba5551.pvr", (0x1908, 0x8034)), ("test_image_rgba5551_v3.pvr", (0x1908, 0x8034)),
            ("test_image_rgb565.pvr", (0x1907, 0x8363)), ("test_image_rgb565_v3.pvr", (0x1907, 0x8363)),
            ("test_image_a8.pvr", (0x1906, 0x1401)), ("test_image_ai88.pvr", (0x190A, 0x1401)),
            ("test_image_i8_v3.pvr", (0x1909, 0x1401)), ("test_image_bgra8888_v3.pvr", nil),
        ]
        for (name, transfer) in cases {
            let description = try TextureFileDescription.read(from: fixtures.appendingPathComponent(name))
            XCTAssertEqual(description.glTransfer.map { [$0.format, $0.type] }, transfer.map { [$0.0, $0.1] }, name)
            let uploaded = try context.upload(description)
            defer { context.delete(uploaded) }
            let fullChain =
                description.levelCount
                == PVRTCTexture.fullChainLength(width: description.width, height: description.height)
            let levels = fullChain ? 0..<description.levelCount : 0..<1
            if name == "test_image_rgb888_v3.pvr" {
                XCTAssertEqual(levels.count, 8, "the full chain is compared level by level")
            }
            for level in levels {
                let expected = try description.image(level: level)
                let target = try context.makeRenderTarget(width: expected.width, height: expected.height)
                defer { context.delete(target) }
                try context.draw(uploaded, into: target, clearColor: .transparent)
                let image = try context.readPixels(target)
                XCTAssertEqual(image.width, expected.width)
                let differences = zip(image.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }
                let tolerance = description.glTransfer?.type == 0x8033 || description.glTransfer?.type == 0x1401 ? 0 : 1
                XCTAssertLessThanOrEqual(differences.max() ?? 0, tolerance, "\(name) level \(level)")
            }
        }
    }

    func testCompressedFilesAreRefusedByName() throws {
        let context = try SharedContext.get()
        let description = try TextureFileDescription.parse(OtherFormatTextures.etc1PVRv3(), file: "etc1.pvr")
        XCTAssertThrowsError(try context.upload(description)) {
            guard case TextureFormatError.unsupportedPixelFormat(_, let format) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(format.hasPrefix("ETC1"), format)
        }
    }
}
