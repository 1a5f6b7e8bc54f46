import Foundation
import ImageFiles
import PVRCTestSupport
import PVRTC
import TextureFormats
import XCTest

/// `pvrc info`, `decode` and `compare` on PVRTC2 (PVRTC-II) files written by Imagination's tools
/// (`Tests/PVRTCTests/PVRTC2Fixtures/README.md`): the second generation is named apart from PVRTC1 at
/// the same rate, and read as the library reads it.
final class PVRTC2CommandTests: CLITestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PVRTCTests/PVRTC2Fixtures")

    func testInfoNamesTheGenerationAndWhereItIsSampled() throws {
        for (name, text) in [
            ("test_image_pvrtcii2bpp_v3.pvr", "format: PVRTC2 (PVRTC-II) 2bpp RGBA\n"),
            ("PVRTCII_4bpp.ktx2", "format: PVRTC2 (PVRTC-II) 4bpp RGBA\n"),
        ] {
            let result = try PVRCProcess.run(["info", fixtures.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, result.standardError)
            let output = result.standardOutput
            XCTAssertTrue(output.contains(text), output)
            XCTAssertTrue(output.contains("native sampling: PowerVR SGX 5XT and later"), output)
            XCTAssertTrue(output.contains("not Apple GPUs"), output)
            XCTAssertFalse(output.contains("format: PVRTC1"), output)
        }
        // PVRTC1 at 2bpp is never called PVRTC2.
        let pvrtc1 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TextureFormatsTests/Fixtures/cocos2d-objc/test_image_pvrtc2bpp_v3.pvr")
        let result = try PVRCProcess.run(["info", pvrtc1.path])
        XCTAssertTrue(result.standardOutput.contains("format: PVRTC1 2bpp RGBA\n"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("PVRTC2"), result.standardOutput)
    }

    func testDecodeAndCompareReadTheFileAsTheLibraryDoes() throws {
        let directory = try TemporaryDirectory()
        let file = fixtures.appendingPathComponent("test_image_pvrtcii4bpp_v3.pvr")
        let texture = try TextureFile.read(from: file).texture
        XCTAssertEqual(texture.format, .pvrtc2_4bpp)
        for level in [0, 3, 7] {
            let png = directory.path + "/level\(level).png"
            let result = try PVRCProcess.run(["decode", file.path, png, "--level", "\(level)"])
            XCTAssertEqual(result.status, 0, result.standardError)
            let image = try PNGCodec.read(from: URL(fileURLWithPath: png))
            XCTAssertEqual(image, PVRTCDecoder.decode(try texture.level(level)), "level \(level)")
        }
        let source = fixtures.appendingPathComponent("test_image.png").path
        let figures = try assertCompareReadsTheTextureAsItsDecodedPNG(
            reference: source, texture: file.path, png: directory.path + "/level0.png")
        XCTAssertEqual(figures["width"] as? Int, 128, "\(figures)")
    }
}
