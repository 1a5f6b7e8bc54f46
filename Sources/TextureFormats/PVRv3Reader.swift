import PVRTC

/// Reads PVR v3 files holding PVRTC1 4bpp or 2bpp data.
///
/// Accepted: version 0x03525650 (little-endian), a pixel format of ``PixelFormatTable`` (2 / 3 for
/// 4bpp RGB / RGBA, 0 / 1 for 2bpp) with colour space 0
/// (linear) or 1 (sRGB: the blocks decode exactly like linear ones), depth, surface and face counts
/// of 1, and 1...full-chain mip levels. Flag 0x02 marks premultiplied alpha; other flag bits and the
/// channel type are not checked. The metadata blocks must tile `metaDataSize` exactly (FourCC, key,
/// size, data); the orientation block (FourCC 'P','V','R',3, key 3, at least 2 bytes: x, y) sets
/// the orientation, every other block is skipped. The levels must end the file exactly.
///
/// Rejected with a typed error: the byte-swapped version, other pixel formats (PVRTC-II, ETC,
/// uncompressed layouts), unknown colour spaces, arrays, cube maps, volumes, metadata
/// blocks that overrun `metaDataSize`.
enum PVRv3Reader {
    /// Parses a whole file.
    static func read(_ bytes: [UInt8], file: String) throws -> PVRTCTexture {
        var reader = ByteReader(bytes, file: file)
        let header = try PVRv3Header(reading: &reader)
        if header.version == PVRv3Header.swappedVersion {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "big-endian PVR v3 file (version reads 0x50565203)")
        }
        guard header.version == PVRv3Header.version else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "PVR v3 version is 0x\(hex(UInt64(header.version), digits: 8)), expected 0x03525650"
            )
        }
        guard let (format, hasAlpha) = PixelFormatTable.format(pvrV3PixelFormat: header.pixelFormat) else {
            throw TextureFormatError.unsupportedPixelFormat(
                file: file, format: describe(pixelFormat: header.pixelFormat))
        }
        var metadata = TextureMetadata(isPremultiplied: header.flags & PVRv3Header.flagPremultiplied != 0)
        switch header.colourSpace {
        case PVRv3Header.colourSpaceLinear: metadata.colorSpace = .linear
        case PVRv3Header.colourSpaceSRGB: metadata.colorSpace = .srgb
        default:
            throw TextureFormatError.invalidHeader(file: file, reason: "unknown colour space \(header.colourSpace)")
        }
        for (name, value) in [
            ("depth", header.depth), ("numSurfaces", header.surfaceCount), ("numFaces", header.faceCount),
        ] {
            guard value == 1 else {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "\(name) is \(value) (only single 2D textures, value 1, are supported)")
            }
        }
        let layout = try MipChainLayout(
            width: UInt64(header.width), height: UInt64(header.height),
            levelCount: UInt64(header.mipMapCount), format: format, file: file)
        try reader.require(Int(header.metaDataSize), for: "\(header.metaDataSize) bytes of metadata")
        if let orientation = try readOrientation(from: &reader, byteCount: Int(header.metaDataSize)) {
            metadata.orientation = orientation
        }
        var texture = try layout.readContiguousLevels(from: &reader, hasAlpha: hasAlpha)
        texture.metadata = metadata
        return texture
    }

    /// Walks the metadata blocks (already known to be present) and returns the orientation block's
    /// value, if there is one; leaves `reader` after the metadata.
    static func readOrientation(from reader: inout ByteReader, byteCount: Int) throws -> TextureOrientation? {
        var orientation: TextureOrientation?
        let file = reader.file
        try PVRv3Header.walkMetadata(&reader, end: reader.offset + byteCount) { fourCC, key, data in
            guard fourCC == PVRv3Header.version && key == PVRv3Header.metadataKeyOrientation else { return }
            guard data.count >= 2 else {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "orientation metadata has \(data.count) bytes, expected 3")
            }
            orientation = TextureOrientation(xLeft: data[data.startIndex] != 0, yUp: data[data.startIndex + 1] != 0)
        }
        return orientation
    }

    /// Names a v3 pixel format for error messages, e.g. `0x0000000000000006 (ETC1)`.
    static func describe(pixelFormat: UInt64) -> String {
        let names: [UInt64: String] = [
            4: "PVRTC-II 2bpp", 5: "PVRTC-II 4bpp", 6: "ETC1",
        ]
        let text = "0x" + hex(pixelFormat, digits: 16)
        if let name = names[pixelFormat] {
            return "\(text) (\(name))"
        }
        if pixelFormat >> 32 != 0 {
            return "\(text) (uncompressed)"
        }
        return text
    }

    /// `value` in upper-case hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt64, digits: Int) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: digits)
    }
}
