import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import XCTest

@testable import TextureFormats

/// Orientation, premultiplied alpha and colour space: written by every container as far as it can,
/// read back, and read from files assembled here by hand from the PVR v3 and KTX 1.1 specifications.
final class MetadataTests: XCTestCase {
    private func texture(hasAlpha: Bool, metadata: TextureMetadata = TextureMetadata()) throws -> PVRTCTexture {
        var rng = SplitMix64(seed: 44)
        var texture = try TestTextures.random(width: 16, height: 8, hasAlpha: hasAlpha, rng: &rng)
        texture.metadata = metadata
        return texture
    }

    /// Every combination of the four fields.
    private var allMetadata: [TextureMetadata] {
        var result: [TextureMetadata] = []
        for xLeft in [false, true] {
            for yUp in [false, true] {
                for premultiplied in [false, true] {
                    for space in ColorSpace.allCases {
                        result.append(
                            TextureMetadata(
                                orientation: TextureOrientation(xLeft: xLeft, yUp: yUp), isPremultiplied: premultiplied,
                                colorSpace: space))
                    }
                }
            }
        }
        return result
    }

    func testPVRv3AndKTXRoundTripEveryCombination() throws {
        for container in [TextureContainer.pvr3, .ktx] {
            for metadata in allMetadata {
                for hasAlpha in [false, true] {
                    let original = TextureFile(
                        container: container, texture: try texture(hasAlpha: hasAlpha, metadata: metadata))
                    XCTAssertTrue(container.unrecordedMetadata(metadata).isEmpty)
                    let read = try TextureFile.parse(original.serialized(), file: "m")
                    XCTAssertEqual(read, original, "\(container) \(metadata)")
                }
            }
        }
    }

    func testPVRv2RecordsOnlyTheVerticalFlip() throws {
        for metadata in allMetadata {
            let original = TextureFile(container: .pvr2, texture: try texture(hasAlpha: true, metadata: metadata))
            let read = try TextureFile.parse(original.serialized(), file: "m").texture.metadata
            XCTAssertEqual(read, TextureMetadata(orientation: TextureOrientation(yUp: metadata.orientation.yUp)))
            let lost = TextureContainer.pvr2.unrecordedMetadata(metadata)
            let expectedLost = [metadata.orientation.xLeft, metadata.isPremultiplied, metadata.colorSpace == .srgb]
                .filter { $0 }.count
            XCTAssertEqual(lost.count, expectedLost, "\(metadata)")
        }
        let flipped = TextureFile(
            container: .pvr2,
            texture: try texture(
                hasAlpha: false,
                metadata: TextureMetadata(
                    orientation: TextureOrientation(yUp: true)))
        ).serialized()
        XCTAssertEqual(Array(flipped[16..<20]), LE.bytes(0x10119))  // OGL_PVRTC4 | MIPMAP | VERTICAL_FLIP
    }

    func testWrittenFieldsSitWhereTheSpecsSay() throws {
        let metadata = TextureMetadata(
            orientation: TextureOrientation(xLeft: true, yUp: true), isPremultiplied: true, colorSpace: .srgb)
        let v3 = TextureFile(container: .pvr3, texture: try texture(hasAlpha: true, metadata: metadata)).serialized()
        XCTAssertEqual(Array(v3[4..<8]), LE.bytes(2))  // flags: premultiplied
        XCTAssertEqual(Array(v3[16..<20]), LE.bytes(1))  // colour space: sRGB
        // Orientation bytes: x left = 1, y up = 2 (Imagination's enum values).
        XCTAssertEqual(Array(v3[52..<67]), LE.bytes(0x0352_5650) + LE.bytes(3) + LE.bytes(3) + [1, 2, 0])

        let ktx = TextureFile(container: .ktx, texture: try texture(hasAlpha: true, metadata: metadata)).serialized()
        XCTAssertEqual(Array(ktx[28..<32]), LE.bytes(0x8A57))
        XCTAssertEqual(Array(ktx[32..<36]), LE.bytes(0x1908))
        let orientation = Array("KTXorientation".utf8) + [0] + Array("S=l,T=u".utf8) + [0]
        let premultiplied = Array("pvrc.premultipliedAlpha".utf8) + [0] + Array("true".utf8) + [0]
        let keyValue = LE.bytes(23) + orientation + [0] + LE.bytes(29) + premultiplied + [0, 0, 0]
        XCTAssertEqual(Array(ktx[60..<64]), LE.bytes(UInt32(keyValue.count)))
        XCTAssertEqual(Array(ktx[64..<(64 + keyValue.count)]), keyValue)
        let rgb = TextureFile(container: .ktx, texture: try texture(hasAlpha: false, metadata: metadata)).serialized()
        XCTAssertEqual(Array(rgb[28..<36]), LE.bytes(0x8A55) + LE.bytes(0x1907))
    }

    /// A PVR v3 file built field by field from the specification (not by pvrc's writer): premultiplied,
    /// sRGB, an unrelated metadata block before the orientation block, and orientation "y up".
    func testHandBuiltPVRv3YUpFile() throws {
        let blocks = try texture(hasAlpha: true).levels[0].data
        var bytes: [UInt8] = LE.bytes(0x0352_5650) + LE.bytes(0x02)  // version, flags: premultiplied
        bytes += LE.bytes(3) + LE.bytes(0)  // pixel format: PVRTC1 4bpp RGBA
        bytes += LE.bytes(1) + LE.bytes(0)  // colour space sRGB, channel type UBN
        // height, width, depth, surfaces, faces, mip levels
        bytes += LE.bytes(8) + LE.bytes(16) + LE.bytes(1) + LE.bytes(1) + LE.bytes(1) + LE.bytes(1)
        let border = LE.bytes(0x0352_5650) + LE.bytes(4) + LE.bytes(12) + LE.bytes(0) + LE.bytes(0) + LE.bytes(0)
        let orientation = LE.bytes(0x0352_5650) + LE.bytes(3) + LE.bytes(3) + [0, 1, 0]
        bytes += LE.bytes(UInt32(border.count + orientation.count)) + border + orientation + blocks
        let file = try TextureFile.parse(bytes, file: "yup.pvr")
        XCTAssertEqual(file.container, .pvr3)
        XCTAssertEqual(file.texture.levels[0].data, blocks)
        XCTAssertEqual(
            file.texture.metadata,
            TextureMetadata(orientation: TextureOrientation(yUp: true), isPremultiplied: true, colorSpace: .srgb))
    }

    /// A KTX file built from the KTX 1.1 specification with an sRGB internal format, a foreign key first,
    /// and `KTXorientation` "S=r,T=u".
    func testHandBuiltKTXSRGBYUpFile() throws {
        let blocks = try texture(hasAlpha: false).levels[0].data
        var pairs: [UInt8] = []
        for (key, value) in [("KTXwriter", "hand"), ("KTXorientation", "S=r,T=u")] {
            let pair = Array(key.utf8) + [0] + Array(value.utf8) + [0]
            pairs += LE.bytes(UInt32(pair.count)) + pair + [UInt8](repeating: 0, count: (4 - pair.count % 4) % 4)
        }
        var bytes: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        for field: UInt32 in [0x0403_0201, 0, 1, 0, 0x8A55, 0x8C40, 16, 8, 0, 0, 1, 1, UInt32(pairs.count)] {
            bytes += LE.bytes(field)
        }
        bytes += pairs + LE.bytes(UInt32(blocks.count)) + blocks
        let texture = try TextureFile.parse(bytes, file: "s.ktx").texture
        XCTAssertFalse(texture.hasAlpha)
        XCTAssertEqual(texture.metadata, TextureMetadata(orientation: TextureOrientation(yUp: true), colorSpace: .srgb))
    }

    func testMalformedMetadataIsRejected() throws {
        let good = TextureFile(container: .pvr3, texture: try texture(hasAlpha: true)).serialized()
        var bytes = good
        bytes.replaceSubrange(60..<64, with: LE.bytes(4))  // orientation block claims 4 bytes, 3 remain
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "b")) { error in
            XCTAssertEqual(
                error as? TextureFormatError,
                .invalidHeader(
                    file: "b", reason: "metadata block (key 3) of 4 bytes overruns metaDataSize"))
        }
        bytes = good
        bytes.replaceSubrange(60..<64, with: LE.bytes(1))
        bytes.removeSubrange(65..<67)
        LE.patch(&bytes, at: 48, 13)
        XCTAssertThrowsError(try TextureFile.parse(bytes, file: "b")) { error in
            XCTAssertEqual(
                error as? TextureFormatError,
                .invalidHeader(file: "b", reason: "orientation metadata has 1 bytes, expected 3"))
        }

        for value in ["S=r,T=x", "up", "S=q"] {
            var ktx = TextureFile(container: .ktx, texture: try texture(hasAlpha: true)).serialized()
            let pair = Array("KTXorientation".utf8) + [0] + Array(value.utf8) + [0]
            let block = LE.bytes(UInt32(pair.count)) + pair + [UInt8](repeating: 0, count: (4 - pair.count % 4) % 4)
            ktx.replaceSubrange(64..<92, with: block)
            LE.patch(&ktx, at: 60, UInt32(block.count))
            XCTAssertThrowsError(try TextureFile.parse(ktx, file: "k")) { error in
                guard case .invalidHeader(file: "k", reason: let reason)? = error as? TextureFormatError else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(reason.contains("KTXorientation"), reason)
            }
        }
        var ktx = TextureFile(container: .ktx, texture: try texture(hasAlpha: true)).serialized()
        LE.patch(&ktx, at: 64, 200)  // pair longer than the key/value block
        XCTAssertThrowsError(try TextureFile.parse(ktx, file: "k")) { error in
            XCTAssertEqual(
                error as? TextureFormatError,
                .invalidHeader(
                    file: "k", reason: "a key/value pair of 200 bytes overruns bytesOfKeyValueData"))
        }
    }
}
