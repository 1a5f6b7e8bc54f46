import PVRTC

/// Writes KTX 1.1 files.
///
/// Header: little-endian, `glType` 0, `glTypeSize` 1, `glFormat` 0, `glInternalFormat` and base format
/// from ``PixelFormatTable`` (4bpp 0x8C00 RGB / 0x8C02 RGBA, sRGB 0x8A55 / 0x8A57; 2bpp 0x8C01 /
/// 0x8C03, sRGB 0x8A54 / 0x8A56; base format GL_RGB / GL_RGBA);
/// depth 0, no array, one face, all levels. The key/value data (``KTXKeyValueData``) records the
/// orientation, `KTXorientation` = `S=r,T=d` for rows top-down (28 bytes with its size field and
/// padding), and `pvrc.premultipliedAlpha` = `true` for premultiplied data. Each level is its
/// `UInt32 imageSize` and its Morton-ordered blocks; PVRTC sizes are multiples of 8, so no mip padding.
enum KTXWriter {
    /// The header for `texture`.
    static func header(for texture: PVRTCTexture) -> KTXHeader {
        let codes = PixelFormatTable.codes(for: texture)
        return KTXHeader(
            endianness: KTXHeader.endianness,
            glType: 0,
            glTypeSize: 1,
            glFormat: 0,
            glInternalFormat: codes.ktxInternalFormat,
            glBaseInternalFormat: codes.glBaseInternalFormat,
            pixelWidth: UInt32(texture.width),
            pixelHeight: UInt32(texture.height),
            pixelDepth: 0,
            numberOfArrayElements: 0,
            numberOfFaces: 1,
            numberOfMipmapLevels: UInt32(texture.levels.count),
            bytesOfKeyValueData: UInt32(KTXKeyValueData.serialize(texture.metadata).count))
    }

    /// The complete file: header, key/value data, then `imageSize` + blocks for every level.
    static func serialize(_ texture: PVRTCTexture) -> [UInt8] {
        let dataSize = texture.levels.reduce(0) { $0 + 4 + $1.data.count }
        let keyValueData = KTXKeyValueData.serialize(texture.metadata)
        var writer = ByteWriter(capacity: KTXHeader.size + keyValueData.count + dataSize)
        header(for: texture).write(to: &writer)
        writer.append(keyValueData)
        for level in texture.levels {
            writer.uint32(UInt32(level.data.count))
            writer.append(level.data)
        }
        return writer.bytes
    }
}
