import PVRTC

/// Reads KTX 1.1 files holding PVRTC1 4bpp or 2bpp data.
///
/// Accepted: little-endian files (`endianness` 0x04030201), `glType` 0 and `glFormat` 0,
/// a `glInternalFormat` of ``PixelFormatTable``: 4bpp 0x8C00 (RGB), 0x8C02 (RGBA), 0x8A55 (sRGB),
/// 0x8A57 (sRGB alpha); 2bpp 0x8C01, 0x8C03, 0x8A54, 0x8A56 (the sRGB blocks decode exactly like
/// linear ones), base format GL_RGB or GL_RGBA (or GL_SRGB / GL_SRGB_ALPHA),
/// a 2D size (depth 0 or 1), no array, one face, 1...full-chain levels, key/value data a multiple of
/// 4 bytes whose pairs tile it exactly (``KTXKeyValueData``: `KTXorientation` and
/// `pvrc.premultipliedAlpha` are read, other keys skipped; no `KTXorientation` means top-down), and
/// each level's `imageSize` equal to its padded block bytes (4bpp `max(w,8)·max(h,8)/2`, 2bpp
/// `max(w,16)·max(h,8)/4`). The levels must end the file exactly. `glTypeSize` is not checked.
///
/// Rejected with a typed error: big-endian files, KTX 2, other formats (ETC, uncompressed, ...),
/// arrays, cube maps, 0 levels.
enum KTXReader {
    /// Parses a whole file.
    static func read(_ bytes: [UInt8], file: String) throws -> PVRTCTexture {
        if bytes.starts(with: KTXHeader.ktx2Prefix) {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "KTX 2 (pvrc reads KTX 1.1)")
        }
        var reader = ByteReader(bytes, file: file)
        let header = try KTXHeader(reading: &reader)
        if header.endianness == KTXHeader.swappedEndianness {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "big-endian KTX file")
        }
        guard header.endianness == KTXHeader.endianness else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "endianness is 0x\(hex(header.endianness)), expected 0x04030201")
        }
        guard header.glType == 0, header.glFormat == 0 else {
            throw TextureFormatError.unsupportedPixelFormat(
                file: file,
                format: "uncompressed glType 0x\(hex(header.glType)) / glFormat 0x\(hex(header.glFormat))")
        }
        guard let codes = PixelFormatTable.codes(ktxInternalFormat: header.glInternalFormat) else {
            throw TextureFormatError.unsupportedPixelFormat(
                file: file, format: describe(internalFormat: header.glInternalFormat))
        }
        let hasAlpha = codes.hasAlpha
        var metadata = TextureMetadata(colorSpace: codes.colorSpace)
        let baseFormats = [KTXHeader.glRGB, KTXHeader.glRGBA, KTXHeader.glSRGB, KTXHeader.glSRGBAlpha]
        guard baseFormats.contains(header.glBaseInternalFormat) else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason: "glBaseInternalFormat 0x\(hex(header.glBaseInternalFormat)) is neither GL_RGB nor GL_RGBA")
        }
        guard header.pixelDepth <= 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "3D texture (pixelDepth \(header.pixelDepth))")
        }
        guard header.numberOfArrayElements == 0 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "texture array (\(header.numberOfArrayElements) elements)")
        }
        guard header.numberOfFaces == 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "numberOfFaces is \(header.numberOfFaces) (only single 2D textures are supported)")
        }
        if header.numberOfMipmapLevels == 0 {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "numberOfMipmapLevels 0 asks for generated mips, impossible for compressed data")
        }
        let layout = try MipChainLayout(
            width: UInt64(header.pixelWidth), height: UInt64(header.pixelHeight),
            levelCount: UInt64(header.numberOfMipmapLevels), format: codes.format, file: file)
        guard header.bytesOfKeyValueData % 4 == 0 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "bytesOfKeyValueData \(header.bytesOfKeyValueData) is not a multiple of 4")
        }
        try reader.require(
            Int(header.bytesOfKeyValueData), for: "\(header.bytesOfKeyValueData) bytes of key/value data")
        (metadata.orientation, metadata.isPremultiplied) = try KTXKeyValueData.parse(
            from: &reader, byteCount: Int(header.bytesOfKeyValueData))

        let counts = layout.levelByteCounts
        let needed = counts.reduce(0) { $0 + 4 + $1 }
        guard reader.remaining >= needed else {
            throw TextureFormatError.truncated(
                file: file,
                reason:
                    "\(counts.count) mip level(s) need \(needed) bytes with their size fields but only \(reader.remaining) follow the header"
            )
        }
        guard reader.remaining == needed else {
            throw TextureFormatError.trailingData(file: file, byteCount: reader.remaining - needed)
        }
        var data: [[UInt8]] = []
        data.reserveCapacity(counts.count)
        for (index, count) in counts.enumerated() {
            let imageSize = try reader.uint32("imageSize of mip level \(index)")
            guard imageSize == count else {
                let size = layout.levelSizes[index]
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "imageSize of mip level \(index) (\(size.width)x\(size.height)) is \(imageSize), expected \(count)"
                )
            }
            data.append(try reader.bytes(count, "mip level \(index)"))
        }
        var texture = try layout.texture(levelData: data, hasAlpha: hasAlpha, file: file)
        texture.metadata = metadata
        return texture
    }

    /// Names a GL internal format for error messages, e.g. `0x8C01 (PVRTC 2bpp RGB)`.
    static func describe(internalFormat: UInt32) -> String {
        let names: [UInt32: String] = [
            0x8D64: "ETC1", 0x9274: "ETC2 RGB8", 0x9278: "ETC2 RGBA8",
            0x83F0: "DXT1 RGB", 0x83F1: "DXT1 RGBA", 0x83F2: "DXT3", 0x83F3: "DXT5",
        ]
        let text = "0x" + hex(internalFormat)
        if let name = names[internalFormat] {
            return "\(text) (\(name))"
        }
        return text
    }

    /// `value` in upper-case hexadecimal, zero-padded to 4 digits.
    static func hex(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}
