import PVRTC

/// Writes KTX 1.1 files.
///
/// Header: little-endian, `glType` 0, `glTypeSize` 1, `glFormat` 0, `glInternalFormat` and base format
/// from ``PixelFormatTable`` (4bpp 0x8C00 RGB / 0x8C02 RGBA, sRGB 0x8A55 / 0x8A57; 2bpp 0x8C01 /
/// 0x8C03, sRGB 0x8A54 / 0x8A56; base format GL_RGB / GL_RGBA);
/// depth 0, no array, one face (six for a cube map), all levels. The key/value data (``KTXKeyValueData``) records the
/// orientation, `KTXorientation` = `S=r,T=d` for rows top-down (28 bytes with its size field and
/// padding), and `pvrc.premultipliedAlpha` = `true` for premultiplied data. Each level is its
/// `UInt32 imageSize` (of one face) and its faces' Morton-ordered blocks; PVRTC sizes are multiples of 8,
/// so no cube or mip padding.
enum KTXWriter {
    /// The header for `texture` (face 0 of `faceCount`, 1 or 6).
    static func header(for texture: PVRTCTexture, faceCount: Int = 1) -> KTXHeader {
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
            numberOfFaces: UInt32(faceCount),
            numberOfMipmapLevels: UInt32(texture.levels.count),
            bytesOfKeyValueData: UInt32(KTXKeyValueData.serialize(texture.metadata).count))
    }

    /// The complete file of `faces` (one, or six of a cube map sharing size, levels and metadata):
    /// header, key/value data, then for every level its `imageSize` and its faces' blocks.
    static func serialize(faces: [PVRTCTexture]) -> [UInt8] {
        let texture = faces[0]
        let dataSize = faces.reduce(0) { $0 + $1.levels.reduce(0) { $0 + 4 + $1.data.count } }
        let keyValueData = KTXKeyValueData.serialize(texture.metadata)
        var writer = ByteWriter(capacity: KTXHeader.size + keyValueData.count + dataSize)
        header(for: texture, faceCount: faces.count).write(to: &writer)
        writer.append(keyValueData)
        for level in texture.levels.indices {
            writer.uint32(UInt32(texture.levels[level].data.count))
            for face in faces { writer.append(face.levels[level].data) }
        }
        return writer.bytes
    }
}
