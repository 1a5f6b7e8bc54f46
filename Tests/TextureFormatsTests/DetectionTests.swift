import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Container detection from signatures and from path extensions.
final class DetectionTests: XCTestCase {
    func testPathExtensions() {
        XCTAssertEqual(TextureContainer.forPathExtension("a/b/tex.pvr"), .pvr2)
        XCTAssertEqual(TextureContainer.forPathExtension("TEX.PVR"), .pvr2)
        XCTAssertEqual(TextureContainer.forPathExtension("x.ktx"), .ktx)
        XCTAssertEqual(TextureContainer.forPathExtension("x.Ktx"), .ktx)
        XCTAssertNil(TextureContainer.forPathExtension("x.png"))
        XCTAssertEqual(TextureContainer.forPathExtension("x.ktx2"), .ktx2)
        XCTAssertNil(TextureContainer.forPathExtension("pvr"))
        XCTAssertNil(TextureContainer.forPathExtension(".pvr"))
        XCTAssertNil(TextureContainer.forPathExtension("dir.pvr/file"))
    }

    func testParseDetectsEachContainer() throws {
        var rng = SplitMix64(seed: 11)
        let texture = try TestTextures.random(width: 8, height: 16, hasAlpha: false, rng: &rng)
        for container in TextureContainer.allCases {
            let bytes = TextureFile(container: container, texture: texture).serialized()
            XCTAssertEqual(try TextureFile.parse(bytes, file: "m").container, container)
        }
    }

    func testSignatures() {
        XCTAssertEqual(TextureFile.detect([0x50, 0x56, 0x52, 0x03]), .pvr3)
        XCTAssertEqual(TextureFile.detect([0x03, 0x52, 0x56, 0x50]), .pvr3)
        XCTAssertEqual(TextureFile.detect([0x34, 0, 0, 0]), .pvr2)
        XCTAssertEqual(TextureFile.detect([0x2C, 0, 0, 0]), .pvr2)
        XCTAssertEqual(TextureFile.detect([0xAB, 0x4B, 0x54, 0x58]), .ktx)
        XCTAssertEqual(TextureFile.detect([UInt8](repeating: 7, count: 44) + [0x50, 0x56, 0x52, 0x21]), .pvr2)
        XCTAssertNil(TextureFile.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        XCTAssertNil(TextureFile.detect([0x50, 0x56, 0x52]))
    }

    func testUnknownAndEmptyInput() {
        XCTAssertThrowsError(try TextureFile.parse(Array("hello, world".utf8), file: "hello.txt")) {
            XCTAssertEqual($0 as? TextureFormatError, .unrecognizedContainer(file: "hello.txt"))
        }
        XCTAssertThrowsError(try TextureFile.parse([], file: "empty.pvr")) {
            XCTAssertEqual($0 as? TextureFormatError, .truncated(file: "empty.pvr", reason: "the file is empty"))
        }
    }
}
