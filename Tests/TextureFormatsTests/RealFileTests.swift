import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import TextureFormats

/// Uncompressed PVR v2 / v3 files and CCZ / gzip wrappers made by cocos2d's tools (Fixtures/cocos2d-objc,
/// see its README), checked against their source PNG read with libpng, against CPython's zlib and gzip,
/// and against each other.
final class RealFileTests: XCTestCase {
    private func fixture(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/cocos2d-objc/" + name, withExtension: nil) else {
            throw MissingFixture(name: name)
        }
        return url
    }

    private func reference() throws -> RGBAImage {
        try PNGCodec.read(from: try fixture("test_image.png"))
    }

    private func decoded(_ name: String, level: Int = 0) throws -> RGBAImage {
        let description = try TextureFileDescription.read(from: try fixture(name))
        return description.orientation.upright(try description.image(level: level))
    }

    /// Largest absolute difference per channel (R, G, B, A) over pixels whose reference alpha passes `where`.
    private func maximumDifference(
        _ a: RGBAImage, _ b: RGBAImage, where include: (UInt8) -> Bool = { _ in true }
    ) -> [Int] {
        var worst = [0, 0, 0, 0]
        for index in stride(from: 0, to: a.pixels.count, by: 4) where include(a.pixels[index + 3]) {
            for channel in 0..<4 {
                worst[channel] = max(
                    worst[channel], abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])))
            }
        }
        return worst
    }

    func testDescriptionsOfEveryFixture() throws {
        let expected: [(String, TextureContainer, String, String?, Int)] = [
            ("test_image_rgba8888.pvr", .pvr2, "RGBA8888", "r8g8b8a8", 1),
            ("test_image_rgba8888_v3.pvr", .pvr3, "r8g8b8a8", "r8g8b8a8", 1),
            ("test_image_bgra8888_v3.pvr", .pvr3, "b8g8r8a8", "b8g8r8a8", 1),
            ("test_image_rgb888_v3.pvr", .pvr3, "r8g8b8", "r8g8b8", 8),
            ("test_image_rgb565.pvr", .pvr2, "RGB565", "r5g6b5", 1),
            ("test_image_rgb565_v3.pvr", .pvr3, "r5g6b5", "r5g6b5", 8),
            ("test_image_rgba4444.pvr", .pvr2, "RGBA4444", "r4g4b4a4", 1),
            ("test_image_rgba4444_v3.pvr", .pvr3, "r4g4b4a4", "r4g4b4a4", 8),
            ("test_image_rgba5551.pvr", .pvr2, "RGBA5551", "r5g5b5a1", 1),
            ("test_image_ai88.pvr", .pvr2, "AI88", "l8a8", 1),
            ("test_image_i8_v3.pvr", .pvr3, "l8", "l8", 1),
            ("test_image_a8.pvr", .pvr2, "A8", "a8", 1),
            ("test_image_pvrtc2bpp_v3.pvr", .pvr3, "PVRTC1 2bpp RGBA", nil, 1),
            ("test_image_pvrtcii4bpp_v3.pvr", .pvr3, "PVRTC2 (PVRTC-II) 4bpp", nil, 8),
        ]
        for (name, container, format, channels, levels) in expected {
            let description = try TextureFileDescription.read(from: try fixture(name))
            XCTAssertEqual(description.container, container, name)
            XCTAssertEqual(description.pixelFormat.name, format, name)
            XCTAssertEqual(description.pixelFormat.channelSummary, channels, name)
            XCTAssertEqual(description.levelCount, levels, name)
            XCTAssertEqual([description.width, description.height, description.faceCount], [128, 128, 1], name)
        }
    }

    func testEightBitFormatsEqualTheSourcePNG() throws {
        let png = try reference()
        for name in ["test_image_rgba8888.pvr", "test_image_rgba8888_v3.pvr", "test_image_bgra8888_v3.pvr"] {
            XCTAssertEqual(try decoded(name), png, name)
        }
        XCTAssertEqual(maximumDifference(png, try decoded("test_image_rgb888_v3.pvr")).prefix(3), [0, 0, 0])
    }

    /// Quantised formats: every opaque pixel within one quantisation step of the source, so a wrong
    /// channel order, shift or byte order (errors of 100+) cannot pass.
    func testPackedFormatsStayWithinOneStepOfTheSourcePNG() throws {
        let png = try reference()
        let opaque: (UInt8) -> Bool = { $0 == 255 }
        for (name, steps) in [
            ("test_image_rgb565.pvr", [8, 4, 8]), ("test_image_rgb565_v3.pvr", [8, 4, 8]),
            ("test_image_rgba4444_v3.pvr", [17, 17, 17]), ("test_image_rgba5551.pvr", [8, 8, 8]),
            ("test_image_rgba5551_v3.pvr", [8, 8, 8]),
        ] {
            let worst = maximumDifference(png, try decoded(name), where: opaque)
            for channel in 0..<3 {
                XCTAssertLessThanOrEqual(worst[channel], steps[channel] + 1, "\(name) channel \(channel)")
            }
        }
        // One-bit alpha: 0 exactly where the source is fully transparent, 255 where it is opaque.
        let rgba5551 = try decoded("test_image_rgba5551.pvr")
        for index in stride(from: 3, to: png.pixels.count, by: 4)
        where png.pixels[index] == 0 || png.pixels[index] == 255 {
            XCTAssertEqual(rgba5551.pixels[index], png.pixels[index])
        }
    }

    func testLuminanceAlphaFormats() throws {
        let png = try reference()
        let ai88 = try decoded("test_image_ai88.pvr")
        let i8 = try decoded("test_image_i8_v3.pvr")
        let a8 = try decoded("test_image_a8.pvr")
        for index in stride(from: 0, to: png.pixels.count, by: 4) {
            XCTAssertEqual(ai88.pixels[index + 3], png.pixels[index + 3])
            // Two conversions by cocos2d's tools of the same image: luminance agrees within rounding.
            XCTAssertLessThanOrEqual(abs(Int(ai88.pixels[index]) - Int(i8.pixels[index])), 1)
            XCTAssertEqual(ai88.pixels[index + 1], ai88.pixels[index])
            XCTAssertEqual(i8.pixels[index + 3], 255)
            XCTAssertEqual(a8.pixels[index], 0)
        }
        XCTAssertGreaterThan(Set(stride(from: 3, to: a8.pixels.count, by: 4).map { a8.pixels[$0] }).count, 100)
    }

    /// cocos2d's own `.pvr.ccz` and `.pvr.gz` hold the bare file byte for byte (CPython's zlib and gzip
    /// say so), and pvrc reads all three to the same description and pixels.
    func testCocos2dCCZAndGzipHoldTheBareFile() throws {
        let bare = try [UInt8](Data(contentsOf: try fixture("test_image_rgba4444.pvr")))
        let ccz = try [UInt8](Data(contentsOf: try fixture("test_image_rgba4444.pvr.ccz")))
        let gz = try [UInt8](Data(contentsOf: try fixture("test_image_rgba4444.pvr.gz")))
        XCTAssertEqual(
            try PythonZlib.run("sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()[16:]))", input: ccz),
            bare)
        XCTAssertEqual(
            try PythonZlib.run("sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", input: gz), bare)
        XCTAssertEqual(try CompressedTextureWrapper.unwrap(ccz, file: "c").contents, bare)
        XCTAssertEqual(try CompressedTextureWrapper.unwrap(gz, file: "g").contents, bare)
        let image = try decoded("test_image_rgba4444.pvr")
        for name in ["test_image_rgba4444.pvr.ccz", "test_image_rgba4444.pvr.gz"] {
            let description = try TextureFileDescription.read(from: try fixture(name))
            XCTAssertEqual(description.container, .pvr2, name)
            XCTAssertEqual(description.wrapper, name.hasSuffix("ccz") ? .pvrCCZ : .pvrGzip, name)
            XCTAssertEqual(try decoded(name), image, name)
        }
    }

    /// The description decodes PVRTC1 2bpp as `TextureFile` does (whose 2bpp decoding
    /// `Real2bppFileTests` checks against an independent decoder).
    func testPVRTC1TwoBitDecodesThroughTheDescription() throws {
        let url = try fixture("test_image_pvrtc2bpp_v3.pvr")
        let description = try TextureFileDescription.read(from: url)
        let texture = try TextureFile.read(from: url).texture
        XCTAssertEqual(try description.image(level: 0), PVRTCDecoder.decode(texture.levels[0]))
    }

    func testOtherCompressedFormatsAreRefusedByName() throws {
        let description = try TextureFileDescription.parse(OtherFormatTextures.etc1PVRv3(), file: "etc1.pvr")
        XCTAssertThrowsError(try description.image(level: 0)) {
            guard case TextureFormatError.unsupportedPixelFormat(_, let text) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(text.hasPrefix("ETC1 (compressed"), text)
        }
    }

    func testMipLevelsOfTheV3FilesAreLaidOutMipMajor() throws {
        let description = try TextureFileDescription.read(from: try fixture("test_image_rgb888_v3.pvr"))
        XCTAssertEqual(description.levelByteCounts, [49152, 12288, 3072, 768, 192, 48, 12, 3])
        let smallest = try description.image(level: 7)
        XCTAssertEqual([smallest.width, smallest.height], [1, 1])
        XCTAssertThrowsError(try description.image(level: 8))
    }
}
