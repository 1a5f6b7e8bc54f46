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
