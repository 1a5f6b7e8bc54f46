import Foundation
import ImageFiles
import PVRTC
import TextureFormats
import XCTest

/// `pvrc info` and `pvrc decode` on a real PVRTC1 2bpp file (tacentview's KTX 1.1 test image, see
/// `Tests/TextureFormatsTests/Fixtures2bpp/README.md`).
final class TwoBppFileCommandTests: CLITestCase {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureFormatsTests/Fixtures2bpp/PVRBPP2_sRGB_RGBA_M.ktx").path

    func testInfoNamesTheRate() throws {
        let result = try PVRCProcess.run(["info", fixture])
        XCTAssertEqual(result.status, 0, result.standardError)
        let output = result.standardOutput
        XCTAssertTrue(output.contains("format: PVRTC1 2bpp RGBA\n"), output)
        XCTAssertTrue(output.contains("size: 1024x512\n"), output)
        XCTAssertTrue(output.contains("levels: 11\n"), output)
        XCTAssertTrue(output.contains("  level 0: 1024x512, 131072 bytes\n"), output)
        XCTAssertTrue(output.contains("  level 6: 16x8, 32 bytes\n"), output)
        XCTAssertTrue(output.contains("  level 10: 1x1, 32 bytes\n"), output)
    }

    func testDecodeWritesTheLevel() throws {
        let texture = try TextureFile.read(from: URL(fileURLWithPath: fixture)).texture
        for level in [0, 6, 9] {
            let png = path("level\(level).png")
            let result = try PVRCProcess.run(["decode", fixture, png, "--level", "\(level)"])
            XCTAssertEqual(result.status, 0, result.standardError)
            let image = try PNGCodec.read(from: URL(fileURLWithPath: png))
            let expected = PVRTCDecoder.decode(try texture.level(level))
            XCTAssertEqual(image.width, expected.width)
            XCTAssertEqual(image.height, expected.height)
            XCTAssertEqual(image.pixels, expected.pixels, "level \(level)")
        }
    }
}
