import Imaging
import PVRTC

/// The one pixel-format table: every format the containers can name, with its name, block geometry
/// and codes.
///
/// Its rows (``entries``) are the PVRTC variants pvrc reads and writes: variant x alpha x colour space
/// to PVR v2 pixel type, PVR v3 pixel format and colour space, KTX internal format, KTX 2 `vkFormat` and
/// the GL upload enums (reference A.9 and B); the writers and the GL uploader take their codes from
/// them, and the lookups below (what a header's code names, for ``TextureFileDescription``) find the
/// PVRTC codes in them. The other formats, which pvrc describes or unpacks, follow by container.
///
/// Sources: PVR v2 pixel types from the PowerVR SDK's legacy `PVRTTexture.h` enum and its
/// legacy-to-v3 mapping (OGL_RGBA_4444 is r4g4b4a4, OGL_RGB_555 is r5g5b5x1, OGL_AI_88 is l8a8, ...);
/// PVR v3 compressed enums and generic channel layouts from Imagination's PVR file format
/// specification; KTX 1.1 GL enums from the OpenGL ES headers and extension registry; KTX 2 `vkFormat`
/// values from the Vulkan registry (`VK_IMG_format_pvrtc`).
public enum PixelFormatTable {
    /// `GL_RGB`.
    static let glRGB: UInt32 = 0x1907
    /// `GL_RGBA`.
    static let glRGBA: UInt32 = 0x1908

    /// Every row the containers read and write: both PVRTC1 variants, RGB and RGBA, linear and sRGB;
    /// both PVRTC2 variants, linear and sRGB (PVRTC2 is RGBA only).
    public static let entries: [PixelFormatCodes] = PVRTCFormat.allCases.flatMap { format in
        (format.isPVRTC2 ? [true] : [false, true]).flatMap { hasAlpha in
            ColorSpace.allCases.map { colorSpace in
                makeCodes(format: format, hasAlpha: hasAlpha, colorSpace: colorSpace)
            }
        }
    }

    /// The row for a variant, alpha and colour space.
    public static func codes(format: PVRTCFormat, hasAlpha: Bool, colorSpace: ColorSpace) -> PixelFormatCodes {
        makeCodes(format: format, hasAlpha: hasAlpha, colorSpace: colorSpace)
    }

    /// The row that describes `texture`: its format, alpha and colour space.
    public static func codes(for texture: PVRTCTexture) -> PixelFormatCodes {
        codes(format: texture.format, hasAlpha: texture.hasAlpha, colorSpace: texture.metadata.colorSpace)
    }

    /// The variant and colour space a KTX 2 `vkFormat` names, or `nil` for a format pvrc does not read.
    static func format(ktx2VkFormat vkFormat: UInt32) -> (format: PVRTCFormat, colorSpace: ColorSpace)? {
        entries.first { $0.ktx2VkFormat == vkFormat }.map { ($0.format, $0.colorSpace) }
    }

    /// The row a KTX `glInternalFormat` names, or `nil` for a format pvrc does not read.
    static func codes(ktxInternalFormat internalFormat: UInt32) -> PixelFormatCodes? {
        entries.first { $0.ktxInternalFormat == internalFormat }
    }

    private static func makeCodes(format: PVRTCFormat, hasAlpha: Bool, colorSpace: ColorSpace) -> PixelFormatCodes {
        let alpha: UInt32 = hasAlpha ? 1 : 0
        let imgEnum: UInt32
        let srgbEnum: UInt32
        let v2Types: [UInt32]
        let v3Format: UInt64
        let vkUnorm: UInt32
        switch format {
        case .pvrtc1_4bpp:
            imgEnum = 0x8C00 + 2 * alpha  // COMPRESSED_RGB(A)_PVRTC_4BPPV1_IMG: 0x8C00, 0x8C02
            srgbEnum = 0x8A55 + 2 * alpha  // COMPRESSED_SRGB(_ALPHA)_PVRTC_4BPPV1_EXT: 0x8A55, 0x8A57
            v2Types = [0x19, 0x0D]  // OGL_PVRTC4, MGL_PVRTC4
            v3Format = 2 + UInt64(alpha)
            vkUnorm = 1_000_054_001  // VK_FORMAT_PVRTC1_4BPP_UNORM_BLOCK_IMG
        case .pvrtc1_2bpp:
            imgEnum = 0x8C01 + 2 * alpha  // COMPRESSED_RGB(A)_PVRTC_2BPPV1_IMG: 0x8C01, 0x8C03
            srgbEnum = 0x8A54 + 2 * alpha  // COMPRESSED_SRGB(_ALPHA)_PVRTC_2BPPV1_EXT: 0x8A54, 0x8A56
            v2Types = [0x18, 0x0C]  // OGL_PVRTC2, MGL_PVRTC2
            v3Format = UInt64(alpha)
            vkUnorm = 1_000_054_000  // VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG
        case .pvrtc2_4bpp:
            // PVRTC2 has RGBA enums only and no PVR v2 pixel type (the PVR v2 fields stay 0 / empty).
            imgEnum = 0x9138  // COMPRESSED_RGBA_PVRTC_4BPPV2_IMG
            srgbEnum = 0x93F1  // COMPRESSED_SRGB_ALPHA_PVRTC_4BPPV2_IMG (EXT_pvrtc_sRGB)
            v2Types = []
            v3Format = 5  // PVRTC-II 4bpp
            vkUnorm = 1_000_054_003  // VK_FORMAT_PVRTC2_4BPP_UNORM_BLOCK_IMG
        case .pvrtc2_2bpp:
            imgEnum = 0x9137  // COMPRESSED_RGBA_PVRTC_2BPPV2_IMG
            srgbEnum = 0x93F0  // COMPRESSED_SRGB_ALPHA_PVRTC_2BPPV2_IMG (EXT_pvrtc_sRGB)
            v2Types = []
            v3Format = 4  // PVRTC-II 2bpp
            vkUnorm = 1_000_054_002  // VK_FORMAT_PVRTC2_2BPP_UNORM_BLOCK_IMG
        }
        return PixelFormatCodes(
            format: format, hasAlpha: hasAlpha, colorSpace: colorSpace,
            pvrV2PixelType: v2Types.first ?? 0, pvrV2PixelTypesRead: v2Types,
            pvrV3PixelFormat: v3Format, pvrV3ColourSpace: colorSpace == .srgb ? 1 : 0,
            ktxInternalFormat: colorSpace == .srgb ? srgbEnum : imgEnum,
            glBaseInternalFormat: hasAlpha || format.isPVRTC2 ? glRGBA : glRGB,
            glUploadInternalFormat: imgEnum,
            ktx2VkFormat: colorSpace == .srgb ? vkUnorm + 4 : vkUnorm)  // the SRGB forms are UNORM + 4
    }

    private static let block8 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 8)
    private static let block16 = TexturePixelFormat.Block(width: 4, height: 4, bytes: 16)

    private static func astc(_ w: Int, _ h: Int) -> TexturePixelFormat {
        .compressed("ASTC \(w)x\(h)", block: TexturePixelFormat.Block(width: w, height: h, bytes: 16))
    }

    // MARK: PVR v2

    // The MGL types' bit order is not documented anywhere pvrc could check, so they are described, not unpacked.

    /// The legacy pixel type in the low byte of `pfFlags`, or `nil` for an unknown value.
    static func pvr2(pixelType: UInt32, bitCount: UInt32) -> TexturePixelFormat? {
        if let row = entries.first(where: { $0.pvrV2PixelTypesRead.contains(pixelType) }) {
            // v2 keeps alpha in a flag, so the name has none; the older MGL code is named as such.
            let mgl = pixelType == row.pvrV2PixelType ? "" : " (MGL)"
            return .pvrtc(row.format, name: row.format.displayName + mgl)
        }
        switch pixelType {
        case 0x00: return .uncompressed("MGL ARGB4444", "argb", [4, 4, 4, 4]).describedOnly
        case 0x01: return .uncompressed("MGL ARGB1555", "argb", [1, 5, 5, 5]).describedOnly
        case 0x02: return .uncompressed("MGL RGB565", "rgb", [5, 6, 5]).describedOnly
        case 0x03: return .uncompressed("MGL RGB555", "xrgb", [1, 5, 5, 5]).describedOnly
        case 0x04: return .uncompressed("MGL RGB888", "rgb", [8, 8, 8]).describedOnly
        case 0x05: return .uncompressed("MGL ARGB8888", "argb", [8, 8, 8, 8]).describedOnly
        case 0x07: return .uncompressed("MGL I8", "l", [8]).describedOnly
        case 0x08: return .uncompressed("MGL AI88", "al", [8, 8]).describedOnly
        case 0x10: return .uncompressed("RGBA4444", "rgba", [4, 4, 4, 4])
        case 0x11: return .uncompressed("RGBA5551", "rgba", [5, 5, 5, 1])
        case 0x12: return .uncompressed("RGBA8888", "rgba", [8, 8, 8, 8])
        case 0x13: return .uncompressed("RGB565", "rgb", [5, 6, 5])
        case 0x14: return .uncompressed("RGB555", "rgbx", [5, 5, 5, 1])
        case 0x15: return .uncompressed("RGB888", "rgb", [8, 8, 8])
        case 0x16: return .uncompressed("I8", "l", [8])
        case 0x17: return .uncompressed("AI88", "la", [8, 8])
        case 0x1A: return .uncompressed("BGRA8888", "bgra", [8, 8, 8, 8])
        case 0x1B: return .uncompressed("A8", "a", [8])
        case 0x20: return .compressed("DXT1 (BC1)", block: block8)
        case 0x21: return .compressed("DXT2", block: block16)
        case 0x22: return .compressed("DXT3 (BC2)", block: block16)
        case 0x23: return .compressed("DXT4", block: block16)
        case 0x24: return .compressed("DXT5 (BC3)", block: block16)
        case 0x36: return .compressed("ETC1", block: block8)
        default:
            guard bitCount > 0, bitCount <= 128 else { return nil }
            return TexturePixelFormat(
                name: "legacy pixel type 0x" + String(pixelType, radix: 16, uppercase: true),
                channels: [], bitsPerPixel: Int(bitCount))
        }
    }

    // MARK: PVR v3

    /// Names of the PVR v3 channel types (`channelType` field), index = value.
    static let pvr3ChannelTypes = [
        "unsigned byte normalised", "signed byte normalised", "unsigned byte", "signed byte",
        "unsigned short normalised", "signed short normalised", "unsigned short", "signed short",
        "unsigned int normalised", "signed int normalised", "unsigned int", "signed int", "signed float",
        "unsigned float",
    ]

    /// The format for a v3 `pixelFormat` value: a compressed enum when the high 32 bits are 0, else
    /// four channel letters (low bytes, first channel first) and four bit counts (high bytes).
    static func pvr3(pixelFormat: UInt64) -> TexturePixelFormat? {
        if pixelFormat >> 32 == 0 {
            return pvr3Compressed(pixelFormat)
        }
        var letters = ""
        var bits: [Int] = []
        for index in 0..<4 {
            let letter = UInt8(truncatingIfNeeded: pixelFormat >> (8 * UInt64(index)))
            let count = Int(UInt8(truncatingIfNeeded: pixelFormat >> (32 + 8 * UInt64(index))))
            guard letter != 0 else { continue }
            guard count > 0, (0x61...0x7A).contains(letter) else { return nil }
            letters.append(Character(Unicode.Scalar(letter)))
            bits.append(count)
        }
        guard !letters.isEmpty else { return nil }
        let name = zip(letters, bits).map { "\($0)\($1)" }.joined()
        return .uncompressed(name, letters, bits)
    }

    private static func pvr3Compressed(_ value: UInt64) -> TexturePixelFormat? {
        if let row = entries.first(where: { $0.pvrV3PixelFormat == value }) {
            // PVRTC2 has one code for its RGBA data; PVRTC1 names RGB and RGBA apart.
            let alpha = row.format.isPVRTC2 ? "" : row.hasAlpha ? " RGBA" : " RGB"
            return .pvrtc(row.format, name: row.format.displayName + alpha)
        }
        let astcSizes = [
            (4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8), (10, 5), (10, 6), (10, 8), (10, 10),
            (12, 10), (12, 12),
        ]
        switch value {
        case 6: return .compressed("ETC1", block: block8)
        case 7: return .compressed("DXT1 (BC1)", block: block8)
        case 8: return .compressed("DXT2", block: block16)
        case 9: return .compressed("DXT3 (BC2)", block: block16)
        case 10: return .compressed("DXT4", block: block16)
        case 11: return .compressed("DXT5 (BC3)", block: block16)
        case 12: return .compressed("BC4", block: block8)
        case 13: return .compressed("BC5", block: block16)
        case 14: return .compressed("BC6", block: block16)
        case 15: return .compressed("BC7", block: block16)
        case 16: return TexturePixelFormat(name: "UYVY", channels: [], bitsPerPixel: 16)
        case 17: return TexturePixelFormat(name: "YUY2", channels: [], bitsPerPixel: 16)
        case 18: return TexturePixelFormat(name: "BW 1bpp", channels: [], bitsPerPixel: 1)
        case 19: return TexturePixelFormat(name: "R9G9B9E5 shared exponent", channels: [], bitsPerPixel: 32)
        case 20: return TexturePixelFormat(name: "RGBG8888", channels: [], bitsPerPixel: 16)
        case 21: return TexturePixelFormat(name: "GRGB8888", channels: [], bitsPerPixel: 16)
        case 22: return .compressed("ETC2 RGB", block: block8)
        case 23: return .compressed("ETC2 RGBA", block: block16)
        case 24: return .compressed("ETC2 RGB A1", block: block8)
        case 25: return .compressed("EAC R11", block: block8)
        case 26: return .compressed("EAC RG11", block: block16)
        case 27...40:
            let (w, h) = astcSizes[Int(value) - 27]
            return astc(w, h)
        default: return nil
        }
    }

    // MARK: KTX 1.1

    /// The format of a KTX 1.1 file: compressed when `glType` and `glFormat` are 0 (named by
    /// `glInternalFormat`), else uncompressed from `glFormat` and `glType`.
    static func ktx(glInternalFormat: UInt32, glFormat: UInt32, glType: UInt32) -> TexturePixelFormat? {
        if glType == 0 && glFormat == 0 {
            return ktxCompressed(glInternalFormat)
        }
        let letters: String
        switch glFormat {
        case 0x1906: letters = "a"  // GL_ALPHA
        case 0x1907: letters = "rgb"  // GL_RGB
        case 0x1908: letters = "rgba"  // GL_RGBA
        case 0x1909: letters = "l"  // GL_LUMINANCE
        case 0x190A: letters = "la"  // GL_LUMINANCE_ALPHA
        case 0x1903: letters = "r"  // GL_RED
        case 0x8227: letters = "rg"  // GL_RG
        case 0x80E1: letters = "bgra"  // GL_BGRA
        default: return nil
        }
        let upper = letters.uppercased()
        switch glType {
        case 0x1401:  // GL_UNSIGNED_BYTE
            return .uncompressed(
                upper + String(repeating: "8", count: letters.count), letters, Array(repeating: 8, count: letters.count)
            )
        case 0x8033 where letters == "rgba": return .uncompressed("RGBA4444", "rgba", [4, 4, 4, 4])
        case 0x8034 where letters == "rgba": return .uncompressed("RGBA5551", "rgba", [5, 5, 5, 1])
        case 0x8363 where letters == "rgb": return .uncompressed("RGB565", "rgb", [5, 6, 5])
        case 0x1403:  // GL_UNSIGNED_SHORT
            return .uncompressed(upper + "16", letters, Array(repeating: 16, count: letters.count))
        case 0x140B:  // GL_HALF_FLOAT
            return .uncompressed(upper + "16F", letters, Array(repeating: 16, count: letters.count))
        case 0x1406:  // GL_FLOAT
            return .uncompressed(upper + "32F", letters, Array(repeating: 32, count: letters.count))
        default: return nil
        }
    }

    private static func ktxCompressed(_ value: UInt32) -> TexturePixelFormat? {
        if let row = entries.first(where: { $0.ktxInternalFormat == value }) {
            let labels =
                row.format.isPVRTC2
                ? (row.colorSpace == .srgb ? (" sRGB", " sRGB") : ("", ""))
                : (row.colorSpace == .srgb ? (" sRGB", " sRGB alpha") : (" RGB", " RGBA"))
            return .pvrtc(row.format, name: row.format.displayName + (row.hasAlpha ? labels.1 : labels.0))
        }
        switch value {
        case 0x8D64: return .compressed("ETC1", block: block8)
        case 0x9274: return .compressed("ETC2 RGB", block: block8)
        case 0x9275: return .compressed("ETC2 sRGB", block: block8)
        case 0x9276: return .compressed("ETC2 RGB A1", block: block8)
        case 0x9277: return .compressed("ETC2 sRGB A1", block: block8)
        case 0x9278: return .compressed("ETC2 RGBA", block: block16)
        case 0x9279: return .compressed("ETC2 sRGB alpha", block: block16)
        case 0x9270: return .compressed("EAC R11", block: block8)
        case 0x9272: return .compressed("EAC RG11", block: block16)
        case 0x83F0: return .compressed("DXT1 RGB (BC1)", block: block8)
        case 0x83F1: return .compressed("DXT1 RGBA (BC1)", block: block8)
        case 0x83F2: return .compressed("DXT3 (BC2)", block: block16)
        case 0x83F3: return .compressed("DXT5 (BC3)", block: block16)
        case 0x8E8C: return .compressed("BC7", block: block16)
        case 0x93B0...0x93BD:
            let sizes = [
                (4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8), (10, 5), (10, 6), (10, 8), (10, 10),
                (12, 10), (12, 12),
            ]
            let (w, h) = sizes[Int(value - 0x93B0)]
            return astc(w, h)
        default: return nil
        }
    }

    // MARK: KTX 2

    /// The format a KTX 2 `vkFormat` names: a PVRTC variant (KTX 2 has no RGB/RGBA distinction, so
    /// the name says UNORM or sRGB), a ``KTX2BlockFormat`` pvrc writes (described, not decoded), or a format
    /// known only by its number.
    static func ktx2(vkFormat: UInt32) -> TexturePixelFormat {
        if let row = entries.first(where: { $0.ktx2VkFormat == vkFormat }) {
            return .pvrtc(row.format, name: row.format.displayName + (row.colorSpace == .srgb ? " sRGB" : " UNORM"))
        }
        if let (format, srgb) = KTX2BlockFormat.format(vkFormat: vkFormat) {
            return .compressed(
                format.displayName + (srgb ? " sRGB" : " UNORM"),
                block: TexturePixelFormat.Block(
                    width: format.blockWidth, height: format.blockHeight, bytes: format.bytesPerBlock))
        }
        return TexturePixelFormat(name: "vkFormat \(vkFormat)", channels: [], bitsPerPixel: 0)
    }

    /// The colour space a KTX 2 `vkFormat` names: sRGB for the `_SRGB` forms of PVRTC and of the
    /// ``KTX2BlockFormat``s, linear otherwise.
    static func ktx2ColorSpace(vkFormat: UInt32) -> ColorSpace {
        if let row = format(ktx2VkFormat: vkFormat) { return row.colorSpace }
        return KTX2BlockFormat.format(vkFormat: vkFormat)?.srgb == true ? .srgb : .linear
    }
}

extension TexturePixelFormat {
    /// The same format without a packing: described by `info`, never unpacked.
    fileprivate var describedOnly: TexturePixelFormat {
        var format = self
        format.packing = nil
        return format
    }
}
