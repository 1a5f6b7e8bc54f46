import PVRTC

/// A block-compressed format that ``PVRTCUploadMode/transcode`` re-encodes PVRTC into on the GPU, and
/// the table that picks one for a context and a texture (``preferred(extensions:hasAlpha:)``).
///
/// Every target has 4x4-pixel blocks; a level of `w` x `h` pixels takes `ceil(w/4) * ceil(h/4)` blocks
/// (a level smaller than 4x4 still takes one). The transcoding shader writes one block per fragment
/// into an unsigned-integer render target whose texels are the block's bytes (`GL_RG32UI` for 8-byte
/// blocks, `GL_RGBA32UI` for 16-byte ones), which the upload reads into a pixel-pack buffer and hands to
/// `glCompressedTexImage2D` without the CPU touching them.
///
/// To add a format (ETC2, ASTC 4x4, BC7), add a case, its enums and sizes, an encoder in `transcode.frag`
/// selected by the case's define, and a row in ``preferenceTable``.
public enum TranscodeTarget: String, Sendable, Hashable, CaseIterable {
    /// BC1 (DXT1), 8 bytes per block (4 bpp), opaque: RGB565 endpoints and 2-bit indices, 4-colour mode.
    case bc1
    /// BC3 (DXT5), 16 bytes per block (8 bpp): a BC1 colour block and an 8-bit alpha block with 3-bit
    /// indices.
    case bc3

    /// One row of ``preferenceTable``: a target, whether it carries alpha, and the extensions any one of
    /// which makes a context accept it.
    public struct Preference: Sendable, Hashable {
        /// The format.
        public let target: TranscodeTarget
        /// Whether the format stores alpha (a texture with alpha only takes such rows).
        public let storesAlpha: Bool
        /// Extensions any one of which lets `glCompressedTexImage2D` take the format.
        public let extensions: [String]
    }

    /// The targets in order of preference; the first row whose extension the context has and that stores
    /// alpha when the texture has alpha wins. A texture without alpha (`PVRTCTexture.hasAlpha` false) takes
    /// BC1 (half BC3's size), whose alpha is always 1 even where its PVRTC words hold translucent colours; a
    /// texture with alpha takes BC3.
    public static let preferenceTable: [Preference] = [
        Preference(
            target: .bc1, storesAlpha: false,
            extensions: [
                "GL_EXT_texture_compression_s3tc", "GL_EXT_texture_compression_dxt1",
                "GL_ANGLE_texture_compression_dxt1",
            ]),
        Preference(
            target: .bc3, storesAlpha: true,
            extensions: ["GL_EXT_texture_compression_s3tc", "GL_ANGLE_texture_compression_dxt5"]),
    ]

    /// The preferred target for a texture with or without alpha on a context with `extensions`, or nil
    /// when the context takes none of the table's formats.
    public static func preferred(extensions: Set<String>, hasAlpha: Bool) -> TranscodeTarget? {
        preferenceTable.first { row in
            (row.storesAlpha || !hasAlpha) && row.extensions.contains(where: extensions.contains)
        }?.target
    }

    /// The target a context with every table extension would choose: BC3 with alpha, BC1 without.
    public static func assumed(hasAlpha: Bool) -> TranscodeTarget { hasAlpha ? .bc3 : .bc1 }

    /// Bytes per 4x4 block: 8 for BC1, 16 for BC3.
    public var bytesPerBlock: Int {
        switch self {
        case .bc1: return 8
        case .bc3: return 16
        }
    }

    /// The bytes of one level of `width` x `height` pixels: whole 4x4 blocks.
    public func byteCount(width: Int, height: Int) -> Int {
        ((width + 3) / 4) * ((height + 3) / 4) * bytesPerBlock
    }

    /// The bytes of every level of `texture` in this format.
    public func byteCount(for texture: PVRTCTexture) -> Int {
        texture.levels.reduce(0) { $0 + byteCount(width: $1.width, height: $1.height) }
    }

    /// The `glCompressedTexImage2D` internal format: `GL_COMPRESSED_RGB_S3TC_DXT1_EXT` (0x83F0) /
    /// `GL_COMPRESSED_RGBA_S3TC_DXT5_EXT` (0x83F3), or with `srgb` `GL_COMPRESSED_SRGB_S3TC_DXT1_EXT`
    /// (0x8C4C) / `GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT` (0x8C4F).
    public func internalFormat(srgb: Bool) -> UInt32 {
        switch self {
        case .bc1: return srgb ? 0x8C4C : 0x83F0
        case .bc3: return srgb ? 0x8C4F : 0x83F3
        }
    }

    /// The extensions any one of which provides the sRGB forms of ``internalFormat(srgb:)``
    /// (`GL_EXT_texture_compression_s3tc_srgb` on OpenGL ES, `GL_EXT_texture_sRGB` where it covers S3TC).
    public static let srgbExtensions = ["GL_EXT_texture_compression_s3tc_srgb", "GL_EXT_texture_sRGB"]

    /// The render target's sized internal format: `GL_RG32UI` (0x823C, 8 bytes a texel) for BC1,
    /// `GL_RGBA32UI` (0x8D70, 16 bytes) for BC3.
    var renderFormat: UInt32 {
        switch self {
        case .bc1: return 0x823C
        case .bc3: return 0x8D70
        }
    }

    /// The `glReadPixels` format of the render target: `GL_RG_INTEGER` (0x8228) or `GL_RGBA_INTEGER`
    /// (0x8D99), with type `GL_UNSIGNED_INT`.
    var readFormat: UInt32 {
        switch self {
        case .bc1: return 0x8228
        case .bc3: return 0x8D99
        }
    }

    /// The line prepended to `transcode.frag` that selects this target's encoder.
    var shaderDefine: String {
        switch self {
        case .bc1: return ""
        case .bc3: return "#define PVRC_BC3 1\n"
        }
    }
}
