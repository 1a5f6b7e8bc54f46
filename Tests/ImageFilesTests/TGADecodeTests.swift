import ImageFiles
import Imaging
import XCTest

/// TGA input through stb_image: every fixture kind decodes to the script's pixels exactly, and bad
/// input gives one-line typed errors before anything large is allocated.
final class TGADecodeTests: XCTestCase {
    func testFixturesDecodeExactly() throws {
        for name in ImageFixture.tgaNames {
            let fixture = try ImageFixture.load(name)
            let image = try ImageFile.read(from: ImageFixture.url(name, "tga"))
            XCTAssertEqual(image.width, fixture.width, name)
            XCTAssertEqual(image.height, fixture.height, name)
            XCTAssertEqual(image.pixels, fixture.rgba, name)
        }
    }

    func testHeaderFlagsAreRead() throws {
        let header = try XCTUnwrap(TGAHeader(try ImageFixture.bytes("tga-rgba32-righttoleft", "tga")))
        XCTAssertEqual(header.width, 8)
        XCTAssertEqual(header.height, 6)
        XCTAssertEqual(header.bitsPerPixel, 32)
        XCTAssertTrue(header.isRightToLeft)
        XCTAssertFalse(header.isTopDown)
        XCTAssertEqual(TGAHeader(try ImageFixture.bytes("tga-grey8-rle", "tga"))?.imageType, 11)
    }

    func testOversizedHeaderIsRefusedBeforeDecoding() throws {
        var bytes = try ImageFixture.bytes("tga-rgb24-bottomup", "tga")
        bytes[12] = 0x20
        bytes[13] = 0x4E  // width 20000
        XCTAssertThrowsError(try TGACodec.decode(bytes, file: "big.tga")) { error in
            guard case ImageFileError.tooLarge(file: "big.tga", reason: let reason) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("20000x6"), reason)
        }
    }

    func testTruncatedPixelsAndRLEAreErrors() throws {
        for name in ["tga-rgb24-bottomup", "tga-rgba32-rle-topdown", "tga-grey8-rle"] {
            let bytes = try ImageFixture.bytes(name, "tga")
            for keep in [18, bytes.count / 2, bytes.count - 1] {
                XCTAssertThrowsError(try ImageFile.decode(Array(bytes.prefix(keep)), file: "cut.tga")) { error in
                    guard case ImageFileError.invalidImage(file: "cut.tga", format: "TGA", reason: _) = error else {
                        return XCTFail("\(name) cut to \(keep): \(error)")
                    }
                    XCTAssertFalse(String(describing: error).contains("\n"))
                }
            }
        }
    }

    func testImplausibleHeadersAreNotTGA() throws {
        let good = try ImageFixture.bytes("tga-rgb24-bottomup", "tga")
        for (offset, value) in [(1, UInt8(2)), (2, 4), (2, 1), (16, 12), (17, 0xC0)] {
            var bytes = good
            bytes[offset] = value
            XCTAssertNil(TGAHeader(bytes), "byte \(offset) = \(value)")
            XCTAssertThrowsError(try ImageFile.decode(bytes, file: "x.bin")) { error in
                XCTAssertEqual(error as? ImageFileError, .unrecognizedFormat(file: "x.bin"))
            }
        }
        var zeroWidth = good
        zeroWidth[12] = 0
        XCTAssertNil(TGAHeader(zeroWidth))
    }
}
