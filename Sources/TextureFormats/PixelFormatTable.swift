import Imaging
import PVRTC

/// The codes that name one PVRTC variant with or without alpha, in one colour space, in every container
/// and in GL: one row of ``PixelFormatTable``.
public struct PixelFormatCodes: Sendable, Hashable {
    /// The variant.
    public let format: PVRTCFormat
    /// Whether the data is RGBA (the block bytes are the same; only the labels differ).
    public let hasAlpha: Bool
    /// The colour space the data is labelled with.
    public let colorSpace: ColorSpace
    /// Legacy PVR v2 pixel type written in the low byte of `pfFlags`: `OGL_PVRTC4` 0x19 or
    /// `OGL_PVRTC2` 0x18 (alpha is a flag bit; v2 has no colour space).
    public let pvrV2PixelType: UInt32
    /// Every PVR v2 pixel type read as this variant: the written one and the older `MGL_PVRTC4` 0x0D /
    /// `MGL_PVRTC2` 0x0C, which name the same block data.
    public let pvrV2PixelTypesRead: [UInt32]
    /// PVR v3 pixel format: 0 / 1 for 2bpp RGB / RGBA, 2 / 3 for 4bpp (colour space is its own field).
    public let pvrV3PixelFormat: UInt64
    /// PVR v3 colour space field: 0 linear, 1 sRGB.
    public let pvrV3ColourSpace: UInt32
    /// KTX 1.1 `glInternalFormat`: `GL_COMPRESSED_RGB[A]_PVRTC_{4,2}BPPV1_IMG` (0x8C00...0x8C03) for
    /// linear data, `GL_COMPRESSED_SRGB[_ALPHA]_PVRTC_{2,4}BPPV1_EXT` (0x8A54...0x8A57) for sRGB.
    public let ktxInternalFormat: UInt32
    /// KTX 1.1 `glBaseInternalFormat`: `GL_RGB` (0x1907) or `GL_RGBA` (0x1908).
    public let glBaseInternalFormat: UInt32
    /// The `internalformat` of `glCompressedTexImage2D` under `GL_IMG_texture_compression_pvrtc`:
    /// `GL_COMPRESSED_RGB[A]_PVRTC_{4,2}BPPV1_IMG`, whatever the colour space (the IMG extension has no
    /// sRGB enums).
    public let glUploadInternalFormat: UInt32
    /// KTX 2.0 `vkFormat` (`VK_IMG_format_pvrtc`): `VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG` 1000054000,
    /// `..._4BPP_UNORM_...` 1000054001, and their sRGB forms 1000054004 / 1000054005 (KTX 2 has no
    /// RGB/RGBA distinction, so both alpha rows share it).
    public let ktx2VkFormat: UInt32
}

/// The one table from PVRTC variant x alpha x colour space to PVR v2 pixel type, PVR v3 pixel format
/// and colour space, KTX internal format and the GL upload enums (reference A.9 and B). Every
/// container reader and writer and the GL uploader look their codes up here.
public enum PixelFormatTable {
    /// `GL_RGB`.
    static let glRGB: UInt32 = 0x1907
    /// `GL_RGBA`.
    static let glRGBA: UInt32 = 0x1908

    /// Every row the containers read and write: both PVRTC1 variants, RGB and RGBA, linear and sRGB. The
    /// PVRTC2 variants are not among them yet (files in them are refused as unsupported formats);
    /// ``codes(format:hasAlpha:colorSpace:)`` already gives their codes.
    public static let entries: [PixelFormatCodes] = PVRTCFormat.allCases.filter { !$0.isPVRTC2 }.flatMap { format in
        [false, true].flatMap { hasAlpha in
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

    /// The variant a PVR v2 pixel type names, or `nil` for a type pvrc does not read.
    static func format(pvrV2PixelType type: UInt32) -> PVRTCFormat? {
        entries.first { $0.pvrV2PixelTypesRead.contains(type) }?.format
    }

    /// The variant and alpha a PVR v3 pixel format names, or `nil` for a format pvrc does not read.
    static func format(pvrV3PixelFormat pixelFormat: UInt64) -> (format: PVRTCFormat, hasAlpha: Bool)? {
        entries.first { $0.pvrV3PixelFormat == pixelFormat }.map { ($0.format, $0.hasAlpha) }
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
}
