import Foundation
import ImageFiles
import Imaging
import PVRTC
import XCTest

/// Encoding, round trips and atomic file writes.
final class PNGEncodeTests: XCTestCase {
    /// The colour type byte of the IHDR chunk.
    private func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    private func image(width: Int, height: Int, alpha: (Int) -> UInt8) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[i * 4] = UInt8(truncatingIfNeeded: i * 7)
            pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: i * 13 + 5)
            pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: i * 31 + 100)
            pixels[i * 4 + 3] = alpha(i)
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testOpaqueImageRoundTripsAsRGB() throws {
        let original = try image(width: 37, height: 19) { _ in 255 }
        let png = try PNGCodec.encode(original)
        XCTAssertEqual(colourType(png), 2)
        XCTAssertEqual(try PNGCodec.decode(png, file: "mem"), original)
    }

    func testTranslucentImageRoundTripsAsRGBA() throws {
        let original = try image(width: 16, height: 9) { UInt8(truncatingIfNeeded: $0 * 3) }
        let png = try PNGCodec.encode(original)
        XCTAssertEqual(colourType(png), 6)
        XCTAssertEqual(try PNGCodec.decode(png, file: "mem"), original)
    }

    func testIncludeAlphaOverridesTheAutomaticChoice() throws {
        let opaque = try image(width: 4, height: 4) { _ in 255 }
        let forced = try PNGCodec.encode(opaque, includeAlpha: true)
        XCTAssertEqual(colourType(forced), 6)
        XCTAssertEqual(try PNGCodec.decode(forced, file: "mem"), opaque)

        let translucent = try image(width: 4, height: 4) { UInt8($0 * 10) }
        let dropped = try PNGCodec.encode(translucent, includeAlpha: false)
        XCTAssertEqual(colourType(dropped), 2)
        var expected = translucent
        for i in stride(from: 3, to: expected.pixels.count, by: 4) { expected.pixels[i] = 255 }
        XCTAssertEqual(try PNGCodec.decode(dropped, file: "mem"), expected)
    }

    func testEveryFixtureSurvivesEncodeAndDecode() throws {
        for name in PNGFixture.names {
            let decoded = try PNGCodec.decode(try PNGFixture.pngBytes(name), file: name)
            XCTAssertEqual(try PNGCodec.decode(try PNGCodec.encode(decoded), file: name), decoded, name)
        }
    }

    func testWriteReplacesTheFileAndLeavesNothingElse() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pngio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.png").path
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))

        let original = try image(width: 8, height: 8) { UInt8($0 * 4) }
        try PNGCodec.write(original, to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.png"])
    }

    func testWriteIntoAMissingDirectoryFailsWithTheFileName() throws {
        let path = "/nonexistent-pvrc-directory/out.png"
        let original = try image(width: 2, height: 2) { _ in 255 }
        XCTAssertThrowsError(try PNGCodec.write(original, to: URL(fileURLWithPath: path))) { error in
            guard case .io(let file, _)? = error as? PNGError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(file, path)
        }
    }
}
