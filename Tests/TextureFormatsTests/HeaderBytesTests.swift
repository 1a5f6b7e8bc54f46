import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Compares written headers with expected bytes spelled out by hand from the format specifications
/// (pvrtc-reference.md section B), not produced by the code under test.
final class HeaderBytesTests: XCTestCase {
    /// 16x8 with its full chain: 16x8 (64 bytes), 8x4, 4x2, 2x1, 1x1 (32 bytes each) = 192 bytes.
    private func texture16x8(hasAlpha: Bool) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 7)
        return try TestTextures.random(width: 16, height: 8, hasAlpha: hasAlpha, rng: &rng)
    }

    private func payload(_ texture: PVRTCTexture) -> [UInt8] {
        texture.levels.flatMap(\.data)
    }

    func testPVRv2RGBAMipmappedHeader() throws {
        let texture = try texture16x8(hasAlpha: true)
        let bytes = TextureFile(container: .pvr2, texture: texture).serialized()
        let expected: [UInt8] = [
            0x34, 0x00, 0x00, 0x00,  // headerSize 52
            0x08, 0x00, 0x00, 0x00,  // height 8 (before width)
            0x10, 0x00, 0x00, 0x00,  // width 16
            0x04, 0x00, 0x00, 0x00,  // mipMapCount 4 (levels below the top)
            0x19, 0x81, 0x00, 0x00,  // OGL_PVRTC4 | MIPMAP | ALPHA
            0xC0, 0x00, 0x00, 0x00,  // dataSize 192
            0x04, 0x00, 0x00, 0x00,  // bitCount 4
            0x00, 0x00, 0x00, 0x00,  // red mask
            0x00, 0x00, 0x00, 0x00,  // green mask
            0x00, 0x00, 0x00, 0x00,  // blue mask
            0x01, 0x00, 0x00, 0x00,  // alpha mask 1
            0x50, 0x56, 0x52, 0x21,  // 'PVR!'
            0x01, 0x00, 0x00, 0x00,  // numSurfs 1
        ]
        XCTAssertEqual(Array(bytes.prefix(52)), expected)
        XCTAssertEqual(Array(bytes.dropFirst(52)), payload(texture))
        XCTAssertEqual(bytes.count, 52 + 192)
    }

    func testPVRv2RGBSingleLevelHeader() throws {
        var rng = SplitMix64(seed: 8)
        let texture = try TestTextures.random(width: 8, height: 8, levelCount: 1, hasAlpha: false, rng: &rng)
        let bytes = TextureFile(container: .pvr2, texture: texture).serialized()
        let expected: [UInt8] = [
            0x34, 0x00, 0x00, 0x00,  // headerSize
            0x08, 0x00, 0x00, 0x00,  // height
            0x08, 0x00, 0x00, 0x00,  // width
            0x00, 0x00, 0x00, 0x00,  // no mips below the top level
            0x19, 0x00, 0x00, 0x00,  // OGL_PVRTC4, no MIPMAP, no ALPHA
            0x20, 0x00, 0x00, 0x00,  // dataSize 32
            0x04, 0x00, 0x00, 0x00,  // bitCount
            0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,  // alpha mask 0: RGB
            0x50, 0x56, 0x52, 0x21,
            0x01, 0x00, 0x00, 0x00,
        ]
        XCTAssertEqual(bytes, expected + texture.levels[0].data)
    }

    func testPVRv3RGBAHeaderAndOrientationMetadata() throws {
        let texture = try texture16x8(hasAlpha: true)
        let bytes = TextureFile(container: .pvr3, texture: texture).serialized()
        let expected: [UInt8] = [
            0x50, 0x56, 0x52, 0x03,  // version 'PVR' 3
            0x00, 0x00, 0x00, 0x00,  // flags
            0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // pixel format 3: PVRTC1 4bpp RGBA
            0x00, 0x00, 0x00, 0x00,  // colour space linear
            0x00, 0x00, 0x00, 0x00,  // channel type UBN
            0x08, 0x00, 0x00, 0x00,  // height
            0x10, 0x00, 0x00, 0x00,  // width
            0x01, 0x00, 0x00, 0x00,  // depth
            0x01, 0x00, 0x00, 0x00,  // surfaces
            0x01, 0x00, 0x00, 0x00,  // faces
            0x05, 0x00, 0x00, 0x00,  // mip count including the top level
            0x0F, 0x00, 0x00, 0x00,  // metadata size 15
            0x50, 0x56, 0x52, 0x03,  // metadata FourCC
            0x03, 0x00, 0x00, 0x00,  // key 3: orientation
            0x03, 0x00, 0x00, 0x00,  // 3 bytes
            0x00, 0x00, 0x00,  // x right, y down (top-down rows), z out
        ]
        XCTAssertEqual(Array(bytes.prefix(67)), expected)
        XCTAssertEqual(Array(bytes.dropFirst(67)), payload(texture))
    }

    /// Flipped orientations carry Imagination's enum values (SDK `MetaData.h`: X left = 1 << 0,
    /// Y up = 1 << 1, Z out = 1 << 2), not 1 for every axis.
    func testPVRv3OrientationBytesUseImaginationAxisValues() throws {
        for (xLeft, yUp, expected) in [
            (false, true, [UInt8(0), 2, 0]), (true, false, [1, 0, 0]), (true, true, [1, 2, 0]),
        ] {
            var texture = try texture16x8(hasAlpha: true)
            texture.metadata.orientation = TextureOrientation(xLeft: xLeft, yUp: yUp)
            let bytes = TextureFile(container: .pvr3, texture: texture).serialized()
            XCTAssertEqual(Array(bytes[64..<67]), expected, "xLeft \(xLeft) yUp \(yUp)")
            XCTAssertEqual(
                try TextureFile.parse(bytes, file: "f").texture.metadata.orientation, texture.metadata.orientation)
        }
    }

    func testPVRv3RGBPixelFormat() throws {
        let texture = try texture16x8(hasAlpha: false)
        let bytes = TextureFile(container: .pvr3, texture: texture).serialized()
        XCTAssertEqual(Array(bytes[8..<16]), [0x02, 0, 0, 0, 0, 0, 0, 0])
    }

    func testKTXRGBHeaderKeyValueAndImageSizes() throws {
        let texture = try texture16x8(hasAlpha: false)
        let bytes = TextureFile(container: .ktx, texture: texture).serialized()
        let expected: [UInt8] = [
            0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A,  // identifier
            0x01, 0x02, 0x03, 0x04,  // endianness 0x04030201
            0x00, 0x00, 0x00, 0x00,  // glType
            0x01, 0x00, 0x00, 0x00,  // glTypeSize
            0x00, 0x00, 0x00, 0x00,  // glFormat
            0x00, 0x8C, 0x00, 0x00,  // COMPRESSED_RGB_PVRTC_4BPPV1_IMG
            0x07, 0x19, 0x00, 0x00,  // GL_RGB
            0x10, 0x00, 0x00, 0x00,  // width 16
            0x08, 0x00, 0x00, 0x00,  // height 8
            0x00, 0x00, 0x00, 0x00,  // depth
            0x00, 0x00, 0x00, 0x00,  // array elements
            0x01, 0x00, 0x00, 0x00,  // faces
            0x05, 0x00, 0x00, 0x00,  // levels
            0x1C, 0x00, 0x00, 0x00,  // 28 bytes of key/value data
            0x17, 0x00, 0x00, 0x00,  // keyAndValueByteSize 23
            // "KTXorientation\0"
            0x4B, 0x54, 0x58, 0x6F, 0x72, 0x69, 0x65, 0x6E, 0x74, 0x61, 0x74, 0x69, 0x6F, 0x6E, 0x00,
            0x53, 0x3D, 0x72, 0x2C, 0x54, 0x3D, 0x64, 0x00,  // "S=r,T=d\0"
            0x00,  // padding to 4
        ]
        XCTAssertEqual(Array(bytes.prefix(92)), expected)
        var levels: [UInt8] = []
        for level in texture.levels {
            levels += LE.bytes(UInt32(level.data.count)) + level.data
        }
        XCTAssertEqual(Array(bytes.dropFirst(92)), levels)
        XCTAssertEqual(Array(bytes[92..<96]), [0x40, 0x00, 0x00, 0x00])  // level 0 imageSize 64
    }

    func testKTXRGBAInternalFormats() throws {
        let texture = try texture16x8(hasAlpha: true)
        let bytes = TextureFile(container: .ktx, texture: texture).serialized()
        XCTAssertEqual(Array(bytes[28..<36]), [0x02, 0x8C, 0x00, 0x00, 0x08, 0x19, 0x00, 0x00])
    }
}
