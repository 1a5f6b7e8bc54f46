import PVRTC

/// Reads PVR v3 files holding PVRTC1 4bpp data.
///
/// Accepted: version 0x03525650 (little-endian), pixel format 2 (RGB) or 3 (RGBA) with linear
/// colour space, depth, surface and face counts of 1, and 1...full-chain mip levels. Metadata is
/// skipped unread (orientation included: pvrc stores rows top-down). The flags and channel type
/// fields are not checked. The levels must end the file exactly.
///
/// Rejected with a typed error: the byte-swapped version, other pixel formats (PVRTC 2bpp,
/// PVRTC-II, ETC, uncompressed layouts), sRGB data, arrays, cube maps, volumes.
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
                file: file, reason: "PVR v3 version is 0x\(hex(UInt64(header.version), digits: 8)), expected 0x03525650")
        }
        let hasAlpha: Bool
        switch header.pixelFormat {
        case PVRv3Header.pixelFormatPVRTC4RGB: hasAlpha = false
        case PVRv3Header.pixelFormatPVRTC4RGBA: hasAlpha = true
        default:
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: describe(pixelFormat: header.pixelFormat))
        }
        switch header.colourSpace {
        case PVRv3Header.colourSpaceLinear: break
        case PVRv3Header.colourSpaceSRGB:
            throw TextureFormatError.unsupportedPixelFormat(
                file: file, format: "0x\(hex(header.pixelFormat, digits: 16)) with sRGB colour space (pvrc handles linear PVRTC1 4bpp)")
        default:
            throw TextureFormatError.invalidHeader(file: file, reason: "unknown colour space \(header.colourSpace)")
        }
        for (name, value) in [("depth", header.depth), ("numSurfaces", header.surfaceCount), ("numFaces", header.faceCount)] {
            guard value == 1 else {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "\(name) is \(value) (only single 2D textures, value 1, are supported)")
            }
        }
        let layout = try MipChainLayout(
            width: UInt64(header.width), height: UInt64(header.height),
            levelCount: UInt64(header.mipMapCount), file: file)
        try reader.skip(Int(header.metaDataSize), "\(header.metaDataSize) bytes of metadata")
        return try layout.readContiguousLevels(from: &reader, hasAlpha: hasAlpha)
    }

    /// Names a v3 pixel format for error messages, e.g. `0x0000000000000006 (ETC1)`.
    static func describe(pixelFormat: UInt64) -> String {
        let names: [UInt64: String] = [
            0: "PVRTC1 2bpp RGB", 1: "PVRTC1 2bpp RGBA", 4: "PVRTC-II 2bpp", 5: "PVRTC-II 4bpp", 6: "ETC1",
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
