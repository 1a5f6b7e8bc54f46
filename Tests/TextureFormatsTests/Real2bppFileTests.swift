import Foundation
import PVRTC
import XCTest

@testable import TextureFormats

/// Real PVRTC1 2bpp files written by other tools (tacentview's test images: PVRTexTool's legacy PVR v2,
/// PVR v3 and Compressonator's KTX 1.1; see `Fixtures2bpp/README.md`) are read and every mip level decodes
/// to exactly the pixels of an independent decoder (`texture2ddecoder`, `Fixtures2bpp/expected.tsv`).
final class Real2bppFileTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures2bpp")

    struct Expectation {
        let file: String
        let level: Int
        let width: Int
        let height: Int
        let fnv: UInt64
    }

    func expectations() throws -> [Expectation] {
        let text = try String(
            contentsOf: Self.directory.appendingPathComponent("expected.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 6, let level = Int(fields[1]), let width = Int(fields[2]),
                let height = Int(fields[3]), let fnv = UInt64(fields[4], radix: 16)
            else {
                throw TextureFormatError.invalidHeader(file: "expected.tsv", reason: "bad line \(line)")
            }
            return Expectation(file: fields[0], level: level, width: width, height: height, fnv: fnv)
        }
    }

    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }

    func testHeadersAreReadAsTheirToolsWroteThem() throws {
        let v2 = try TextureFile.read(from: Self.directory.appendingPathComponent("PVRBPP2_RGBA_TM.pvr"))
        XCTAssertEqual(v2.container, .pvr2)
        XCTAssertEqual(v2.texture.format, .pvrtc1_2bpp)
        XCTAssertTrue(v2.texture.hasAlpha)
        XCTAssertEqual(v2.texture.levels.count, 11)
        XCTAssertEqual(v2.texture.levels.map(\.data.count).reduce(0, +), 174_880)
        let v3 = try TextureFile.read(from: Self.directory.appendingPathComponent("PVRBPP2_UNORM_sRGB_RGBA_TM.pvr"))
        XCTAssertEqual(v3.container, .pvr3)
        XCTAssertEqual(v3.texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(v3.texture.metadata.colorSpace, .srgb)
        XCTAssertTrue(v3.texture.hasAlpha)
        let ktx = try TextureFile.read(from: Self.directory.appendingPathComponent("PVRBPP2_sRGB_RGBA_M.ktx"))
        XCTAssertEqual(ktx.container, .ktx)
        XCTAssertEqual(ktx.texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(ktx.texture.metadata.colorSpace, .srgb)
        XCTAssertEqual(ktx.texture.width, 1024)
        XCTAssertEqual(ktx.texture.height, 512)
        // The v3 and KTX files hold the same image: the same blocks in every level.
        XCTAssertEqual(ktx.texture.levels, v3.texture.levels)
    }

    /// pvrc's PVR v2 writer gives back PVRTexTool's file byte for byte (same flags, bit count, alpha mask).
    func testPVRv2FileIsRewrittenByteForByte() throws {
        let url = Self.directory.appendingPathComponent("PVRBPP2_RGBA_TM.pvr")
        let original = try [UInt8](Data(contentsOf: url))
        XCTAssertEqual(try TextureFile.parse(original, file: url.path).serialized(), original)
    }

    func testEveryLevelDecodesLikeTheIndependentDecoder() throws {
        let rows = try expectations()
        XCTAssertEqual(rows.count, 33)
        var files: [String: TextureFile] = [:]
        for row in rows {
            if files[row.file] == nil {
                files[row.file] = try TextureFile.read(from: Self.directory.appendingPathComponent(row.file))
            }
            let texture = try XCTUnwrap(files[row.file]).texture
            let level = try texture.level(row.level)
            XCTAssertEqual(level.width, row.width)
            XCTAssertEqual(level.height, row.height)
            let pixels = PVRTCDecoder.decode(level, threads: 2).pixels
            XCTAssertEqual(pixels.count, row.width * row.height * 4)
            XCTAssertEqual(Self.fnv1a64(pixels), row.fnv, "\(row.file) level \(row.level) (\(row.width)x\(row.height))")
        }
    }
}
