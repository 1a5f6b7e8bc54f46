import ImageFiles
import PVRTC
import XCTest

/// Decoding every colour type and bit depth against RGBA bytes computed from the raw samples.
final class PNGDecodeTests: XCTestCase {
    func testEveryFixtureDecodesToTheExpectedRGBA() throws {
        for name in PNGFixture.names {
            let fixture = try PNGFixture.load(name)
            let image = try PNGCodec.decode(try PNGFixture.pngBytes(name), file: name)
            XCTAssertEqual(image.width, fixture.width, name)
            XCTAssertEqual(image.height, fixture.height, name)
            XCTAssertEqual(image.pixels, fixture.expectedRGBA, name)
        }
    }

    func testFixturesCoverEveryColourTypeAndTransparencyKind() throws {
        let fixtures = try PNGFixture.names.map(PNGFixture.load)
        let kinds = Set(fixtures.map { "\($0.colorType)/\($0.bitDepth)" })
        for kind in [
            "0/1", "0/2", "0/4", "0/8", "0/16", "2/8", "2/16", "3/2", "3/4", "3/8", "4/8", "4/16", "6/8", "6/16",
        ] {
            XCTAssertTrue(kinds.contains(kind), "no fixture of colour type/bit depth \(kind)")
        }
        XCTAssertTrue(fixtures.contains { $0.colorType == 3 && !$0.trns.isEmpty })
        XCTAssertTrue(fixtures.contains { $0.colorType == 0 && !$0.trns.isEmpty })
        XCTAssertTrue(fixtures.contains { $0.colorType == 2 && !$0.trns.isEmpty })
        XCTAssertTrue(fixtures.contains { $0.interlaced })
    }

    /// `grey16-ramp.png` stores every 16-bit value once, in raster order.
    func testSixteenBitSamplesAreRoundedToEightBitsForEveryValue() throws {
        let image = try PNGCodec.decode(try PNGFixture.pngBytes("grey16-ramp"), file: "grey16-ramp")
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 256)
        for value in 0..<65536 {
            let expected = UInt8((value * 255 + 32767) / 65535)
            let o = value * 4
            guard image.pixels[o] == expected, image.pixels[o + 1] == expected, image.pixels[o + 2] == expected,
                image.pixels[o + 3] == 255
            else {
                XCTFail("16-bit value \(value) decoded to \(image.pixels[o..<(o + 4)]), expected \(expected)")
                return
            }
        }
    }

    func testGammaChunkDoesNotChangeTheSamples() throws {
        // rgb8 and rgb16 carry gAMA chunks (1/2.2 and 1.0); the stored values must come out as they are.
        for name in ["rgb8", "rgb16"] {
            let bytes = try PNGFixture.pngBytes(name)
            XCTAssertNotNil(bytes.firstRange(of: Array("gAMA".utf8)), name)
            XCTAssertEqual(try PNGCodec.decode(bytes, file: name).pixels, try PNGFixture.load(name).expectedRGBA, name)
        }
    }

    func testReadFromPathMatchesDecode() throws {
        let image = try PNGCodec.read(from: URL(fileURLWithPath: PNGFixture.path("rgba8")))
        XCTAssertEqual(image.pixels, try PNGFixture.load("rgba8").expectedRGBA)
    }
}
