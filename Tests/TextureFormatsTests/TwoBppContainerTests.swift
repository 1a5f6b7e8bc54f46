import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// PVRTC1 2bpp in every container: headers spelled out by hand from the specifications (reference A.9
/// and B), the older PVR v2 type, and round trips with mip chains down to 1x1 (every level at least 2x2
/// blocks of 8x4, so 32 bytes).
final class TwoBppContainerTests: XCTestCase {
    /// 32x16 with its full chain: 32x16 (4x4 blocks, 128 bytes), 16x8, 8x4, 4x2, 2x1, 1x1 (32 bytes each).
    private func texture32x16(hasAlpha: Bool, colorSpace: ColorSpace = .linear) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 17)
        var texture = try TestTextures.random(
            width: 32, height: 16, hasAlpha: hasAlpha, format: .pvrtc1_2bpp, rng: &rng)
        texture.metadata.colorSpace = colorSpace
        return texture
    }

    func testChainSizes() throws {
        let texture = try texture32x16(hasAlpha: false)
        XCTAssertEqual(texture.levels.map(\.data.count), [128, 32, 32, 32, 32, 32])
        XCTAssertEqual(texture.levels.map(\.width), [32, 16, 8, 4, 2, 1])
    }

    func testPVRv2Header() throws {
        let texture = try texture32x16(hasAlpha: true)
        let bytes = TextureFile(container: .pvr2, texture: texture).serialized()
        let expected: [UInt8] =
            LE.bytes(52) + LE.bytes(16) + LE.bytes(32) + LE.bytes(5)
            + [0x18, 0x81, 0x00, 0x00]  // OGL_PVRTC2 | MIPMAP | ALPHA
            + LE.bytes(288) + LE.bytes(2)  // dataSize, bitCount 2
            + LE.bytes(0) + LE.bytes(0) + LE.bytes(0) + LE.bytes(1) + [0x50, 0x56, 0x52, 0x21] + LE.bytes(1)
        XCTAssertEqual(Array(bytes.prefix(52)), expected)
        XCTAssertEqual(Array(bytes.dropFirst(52)), texture.levels.flatMap(\.data))
    }

    func testPVRv2ReadsTheOlderMGLType() throws {
        let texture = try texture32x16(hasAlpha: false)
        var bytes = TextureFile(container: .pvr2, texture: texture).serialized()
        bytes[16] = 0x0C
        XCTAssertEqual(try TextureFile.parse(bytes, file: "m").texture, texture)
    }

    func testPVRv3Header() throws {
        for (alpha, srgb) in [(false, false), (true, false), (false, true), (true, true)] {
            let texture = try texture32x16(hasAlpha: alpha, colorSpace: srgb ? .srgb : .linear)
            let bytes = TextureFile(container: .pvr3, texture: texture).serialized()
            XCTAssertEqual(Array(bytes[8..<16]), LE.bytes(alpha ? 1 : 0) + LE.bytes(0), "pixel format 0 / 1")
            XCTAssertEqual(Array(bytes[16..<20]), LE.bytes(srgb ? 1 : 0), "colour space")
            XCTAssertEqual(Array(bytes[24..<32]), LE.bytes(16) + LE.bytes(32), "height, width")
            XCTAssertEqual(Array(bytes[44..<48]), LE.bytes(6), "mip count including level 0")
            let parsed = try TextureFile.parse(bytes, file: "m").texture
            XCTAssertEqual(parsed, texture)
        }
    }

    func testKTXHeader() throws {
        for (alpha, srgb, internalFormat) in [
            (false, false, UInt32(0x8C01)), (true, false, 0x8C03), (false, true, 0x8A54), (true, true, 0x8A56),
        ] {
            let texture = try texture32x16(hasAlpha: alpha, colorSpace: srgb ? .srgb : .linear)
            let bytes = TextureFile(container: .ktx, texture: texture).serialized()
            XCTAssertEqual(Array(bytes[28..<32]), LE.bytes(internalFormat))
            XCTAssertEqual(Array(bytes[32..<36]), LE.bytes(alpha ? 0x1908 : 0x1907))
            XCTAssertEqual(Array(bytes[36..<44]), LE.bytes(32) + LE.bytes(16))
            XCTAssertEqual(Array(bytes[56..<60]), LE.bytes(6))
            XCTAssertEqual(try TextureFile.parse(bytes, file: "m").texture, texture)
        }
    }

    func testEveryContainerRoundTripsChainsAndSmallSizes() throws {
        var rng = SplitMix64(seed: 18)
        let shapes: [(Int, Int, Int?)] = [
            (16, 8, nil), (8, 4, nil), (1, 1, nil), (64, 64, nil), (128, 32, 3), (8, 64, nil), (256, 2, nil),
        ]
        for container in TextureContainer.allCases {
            for (width, height, levels) in shapes {
                for hasAlpha in [false, true] {
                    var texture = try TestTextures.random(
                        width: width, height: height, levelCount: levels, hasAlpha: hasAlpha, format: .pvrtc1_2bpp,
                        rng: &rng)
                    texture.metadata.orientation.yUp = container != .ktx
                    let file = TextureFile(container: container, texture: texture)
                    let parsed = try TextureFile.parse(file.serialized(), file: "m")
                    var expected = file
                    // KTX 2 has no RGB/RGBA distinction for PVRTC: it reads back as RGBA.
                    expected.texture.hasAlpha = hasAlpha || container == .ktx2 || container == .ktx2Zstd
                    XCTAssertEqual(parsed, expected, "\(container) \(width)x\(height) alpha \(hasAlpha)")
                    XCTAssertEqual(parsed.texture.format, .pvrtc1_2bpp)
                }
            }
        }
    }

    /// A 4bpp-sized level under a 2bpp code is twice too long: the sizes are checked per format.
    func testLevelSizesAreCheckedPerFormat() throws {
        var rng = SplitMix64(seed: 19)
        let four = try TestTextures.random(width: 32, height: 32, levelCount: 1, hasAlpha: false, rng: &rng)
        var bytes = TextureFile(container: .pvr3, texture: four).serialized()
        LE.patch(&bytes, at: 8, 0)
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "bad.pvr")) {
            XCTAssertEqual($0 as? TextureFormatError, .trailingData(file: "bad.pvr", byteCount: 256))
        }
    }
}
