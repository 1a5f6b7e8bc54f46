import PVRTC

/// Writes KTX 1.1 files.
///
/// Header: little-endian, `glType` 0, `glTypeSize` 1, `glFormat` 0, `glInternalFormat` 0x8C00 (RGB)
/// or 0x8C02 (RGBA), base format GL_RGB / GL_RGBA, depth 0, no array, one face, all levels. One
/// key/value pair records the orientation, `KTXorientation` = `S=r,T=d` (rows top-down), both
/// strings NUL-terminated and the pair padded to 4 bytes (28 bytes in all). Each level is its
/// `UInt32 imageSize` and its Morton-ordered blocks; PVRTC sizes are multiples of 8, so no mip padding.
enum KTXWriter {
    /// The key/value block: `UInt32 keyAndValueByteSize` (23), "KTXorientation\0S=r,T=d\0", one pad byte.
    static let orientationKeyValue: [UInt8] = {
        let pair = Array("KTXorientation".utf8) + [0] + Array("S=r,T=d".utf8) + [0]
        var writer = ByteWriter()
        writer.uint32(UInt32(pair.count))
        writer.append(pair)
        writer.append([UInt8](repeating: 0, count: (4 - pair.count % 4) % 4))
        return writer.bytes
    }()

    /// The header for `texture`.
    static func header(for texture: PVRTCTexture) -> KTXHeader {
        KTXHeader(
            endianness: KTXHeader.endianness,
            glType: 0,
            glTypeSize: 1,
            glFormat: 0,
            glInternalFormat: texture.hasAlpha ? KTXHeader.glCompressedRGBAPVRTC4 : KTXHeader.glCompressedRGBPVRTC4,
            glBaseInternalFormat: texture.hasAlpha ? KTXHeader.glRGBA : KTXHeader.glRGB,
            pixelWidth: UInt32(texture.width),
            pixelHeight: UInt32(texture.height),
            pixelDepth: 0,
            numberOfArrayElements: 0,
            numberOfFaces: 1,
            numberOfMipmapLevels: UInt32(texture.levels.count),
            bytesOfKeyValueData: UInt32(orientationKeyValue.count))
    }

    /// The complete file: header, key/value data, then `imageSize` + blocks for every level.
    static func serialize(_ texture: PVRTCTexture) -> [UInt8] {
        let dataSize = texture.levels.reduce(0) { $0 + 4 + $1.data.count }
        var writer = ByteWriter(capacity: KTXHeader.size + orientationKeyValue.count + dataSize)
        header(for: texture).write(to: &writer)
        writer.append(orientationKeyValue)
        for level in texture.levels {
            writer.uint32(UInt32(level.data.count))
            writer.append(level.data)
        }
        return writer.bytes
    }
}
