import PVRTC

/// Reads legacy PVR v2 files holding PVRTC1 4bpp or 2bpp data.
///
/// Accepted:
/// - `headerSize` 52 and the 'PVR!' tag (v1's 44-byte header is rejected with its own message);
/// - the pixel types of ``PixelFormatTable``: `OGL_PVRTC4` (0x19) and the older `MGL_PVRTC4` (0x0D) for
///   4bpp, `OGL_PVRTC2` (0x18) and `MGL_PVRTC2` (0x0C) for 2bpp (each pair names the same block data);
/// - one surface (`numSurfs` 1, or 0 as some writers leave it), no cube map or volume flag;
/// - RGBA when the ALPHA flag (0x8000) is set **or** the alpha mask is non-zero (Apple's loader uses
///   the mask alone, PVRTexTool sets both);
/// - `mipMapCount` counts levels below level 0, whether or not the MIPMAP flag (0x100) is set;
/// - `dataSize` must equal the bytes of those levels, and the levels must end the file exactly.
///
/// - the VERTICAL_FLIP flag (0x10000) means the rows are stored bottom row first (orientation y up).
///
/// v2 has no field for colour space or premultiplied alpha: the metadata says linear and straight.
/// `bitCount`, the R/G/B masks and the other flag bits (twiddle, bump map, ...) are not checked.
enum PVRv2Reader {
    /// Parses a whole file.
    static func read(_ bytes: [UInt8], file: String) throws -> PVRTCTexture {
        var reader = ByteReader(bytes, file: file)
        try PVRv2Header.refuseVersion1(reader)
        let header = try PVRv2Header(reading: &reader)
        guard header.headerSize == PVRv2Header.headerSizeV2 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "PVR v2 headerSize is \(header.headerSize), expected 52")
        }
        guard header.pvrTag == PVRv2Header.tag else {
            throw TextureFormatError.invalidHeader(file: file, reason: "missing 'PVR!' tag at offset 44")
        }
        let pixelType = header.pixelFormatFlags & 0xFF
        guard let format = PixelFormatTable.format(pvrV2PixelType: pixelType) else {
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: describe(pixelType: pixelType))
        }
        if header.pixelFormatFlags & PVRv2Header.flagCubemap != 0 {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "cube maps (pfFlags 0x1000)")
        }
        if header.pixelFormatFlags & PVRv2Header.flagVolume != 0 {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "volume textures (pfFlags 0x4000)")
        }
        guard header.surfaceCount <= 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "\(header.surfaceCount) surfaces (only single 2D textures are supported)")
        }
        let layout = try MipChainLayout(
            width: UInt64(header.width), height: UInt64(header.height),
            levelCount: UInt64(header.mipMapCount) + 1, format: format, file: file)
        guard UInt64(header.dataSize) == UInt64(layout.totalByteCount) else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason:
                    "dataSize is \(header.dataSize) but \(layout.levelSizes.count) level(s) of \(header.width)x\(header.height) \(format.displayName) take \(layout.totalByteCount) bytes"
            )
        }
        let hasAlpha = header.pixelFormatFlags & PVRv2Header.flagAlpha != 0 || header.alphaMask != 0
        var texture = try layout.readContiguousLevels(from: &reader, hasAlpha: hasAlpha)
        texture.metadata.orientation.yUp = header.pixelFormatFlags & PVRv2Header.flagVerticalFlip != 0
        return texture
    }

    /// Names a legacy pixel type for error messages, e.g. `0x18 (PVRTC 2bpp)`.
    static func describe(pixelType: UInt32) -> String {
        let names: [UInt32: String] = [
            0x10: "RGBA 4444", 0x11: "RGBA 5551",
            0x12: "RGBA 8888", 0x13: "RGB 565", 0x14: "RGB 555", 0x15: "RGB 888", 0x16: "I 8",
            0x17: "AI 88", 0x1A: "BGRA 8888", 0x1B: "A 8", 0x36: "ETC1",
        ]
        let hex = "0x" + String(pixelType, radix: 16, uppercase: true).leftPadded(to: 2)
        if let name = names[pixelType] {
            return "\(hex) (\(name))"
        }
        return hex
    }
}

extension String {
    /// The string with leading zeros added up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
