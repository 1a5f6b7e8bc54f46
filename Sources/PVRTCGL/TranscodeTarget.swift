import PVRTC

/// A block-compressed format that ``PVRTCUploadMode/transcode`` re-encodes PVRTC into on the GPU, and
/// the table that picks one for a context and a texture (``preferred(extensions:hasAlpha:)``).
///
/// A target's blocks cover ``blockWidth`` x ``blockHeight`` pixels (4x4, or 8x8 for ASTC 8x8); a level of `w` x
/// `h` pixels takes `ceil(w/blockWidth) * ceil(h/blockHeight)` blocks (a level smaller than one block still
/// takes one). The transcoding shader writes one block per fragment into an unsigned-integer render target
/// whose texels are the block's bytes (`GL_RG32UI` for 8-byte blocks, `GL_RGBA32UI` for 16-byte ones), which
/// the upload reads into a pixel-pack buffer and hands to `glCompressedTexImage2D` without the CPU touching
/// them.
///
/// To add a format (ETC2, BC7), add a case, its enums and sizes, an encoder in `transcode.frag` (or a file
/// appended after it, as `transcode-astc.frag` is) selected by the case's define, and a row in
/// ``preferenceTable``.
public enum TranscodeTarget: String, Sendable, Hashable, CaseIterable {
    /// BC1 (DXT1), 8 bytes per block (4 bpp), opaque: RGB565 endpoints and 2-bit indices, 4-colour mode.
    case bc1
    /// BC3 (DXT5), 16 bytes per block (8 bpp): a BC1 colour block and an 8-bit alpha block with 3-bit
    /// indices.
    case bc3
    /// ASTC 4x4 (LDR), 16 bytes per 4x4 block (8 bpp): one partition, RGB or RGBA endpoints of 8 bits and a
    /// weight per pixel (`transcode-astc.frag`). Twice BC1's bytes for opaque textures, better quality than
    /// BC1 and BC3.
    case astc4x4 = "astc-4x4"
    /// ASTC 8x8 (LDR), 16 bytes per 8x8 block (2 bpp): one partition, RGB or RGBA endpoints of 8 bits and a
    /// reduced weight grid (6x5 or 5x4) that the GPU infills. A quarter of ASTC 4x4's bytes, far blurrier.
    case astc8x8 = "astc-8x8"

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
    ///
    /// ASTC ranks after S3TC: ASTC 4x4 looks better than BC1 but takes twice its bytes, more than the PVRTC
    /// 4bpp source, so a context with both (desktop and many mobile GPUs) keeps BC1/BC3, and ASTC 4x4 serves
    /// the GPUs without S3TC (most mobile ones), opaque or not. ASTC 8x8 comes last, so the table never picks
    /// it (ASTC 4x4 has the same extension): at 2 bpp it costs detail a PVRTC texture had, and is for an
    /// explicit request (``GLContext/requestedTranscodeTarget``) that puts memory first.
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
        Preference(target: .astc4x4, storesAlpha: true, extensions: astcExtensions),
        Preference(target: .astc8x8, storesAlpha: true, extensions: astcExtensions),
    ]

    /// The extensions that provide ASTC LDR textures, whose sRGB forms come with them.
    static let astcExtensions = ["GL_KHR_texture_compression_astc_ldr", "GL_OES_texture_compression_astc"]

    /// True when a context with `extensions` takes this format (an extension of its ``preferenceTable`` row).
    public func isSupported(extensions: Set<String>) -> Bool {
        Self.preferenceTable.contains { $0.target == self && $0.extensions.contains(where: extensions.contains) }
    }

    /// The preferred target for a texture with or without alpha on a context with `extensions`, or nil
    /// when the context takes none of the table's formats.
    public static func preferred(extensions: Set<String>, hasAlpha: Bool) -> TranscodeTarget? {
        preferenceTable.first { row in
            (row.storesAlpha || !hasAlpha) && row.extensions.contains(where: extensions.contains)
        }?.target
    }

    /// The target a context with every table extension would choose: BC3 with alpha, BC1 without.
    public static func assumed(hasAlpha: Bool) -> TranscodeTarget { hasAlpha ? .bc3 : .bc1 }

    /// Bytes per block: 8 for BC1, 16 for BC3 and ASTC.
    public var bytesPerBlock: Int {
        switch self {
        case .bc1: return 8
        case .bc3, .astc4x4, .astc8x8: return 16
        }
    }

    /// Pixels across a block: 8 for ASTC 8x8, 4 for the others.
    public var blockWidth: Int { self == .astc8x8 ? 8 : 4 }

    /// Pixel rows of a block: 8 for ASTC 8x8, 4 for the others.
    public var blockHeight: Int { blockWidth }

    /// The blocks across and down a level of `width` x `height` pixels (whole blocks, at least one each way).
    public func blockCounts(width: Int, height: Int) -> (wide: Int, high: Int) {
        ((width + blockWidth - 1) / blockWidth, (height + blockHeight - 1) / blockHeight)
    }

    /// The bytes of one level of `width` x `height` pixels: whole blocks.
    public func byteCount(width: Int, height: Int) -> Int {
        let blocks = blockCounts(width: width, height: height)
        return blocks.wide * blocks.high * bytesPerBlock
    }

    /// The bytes of every level of `texture` in this format.
    public func byteCount(for texture: PVRTCTexture) -> Int {
        texture.levels.reduce(0) { $0 + byteCount(width: $1.width, height: $1.height) }
    }

    /// The `glCompressedTexImage2D` internal format: `GL_COMPRESSED_RGB_S3TC_DXT1_EXT` (0x83F0) /
    /// `GL_COMPRESSED_RGBA_S3TC_DXT5_EXT` (0x83F3) / `GL_COMPRESSED_RGBA_ASTC_4x4_KHR` (0x93B0) /
    /// `GL_COMPRESSED_RGBA_ASTC_8x8_KHR` (0x93B7), or with `srgb` `GL_COMPRESSED_SRGB_S3TC_DXT1_EXT` (0x8C4C) /
    /// `GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT` (0x8C4F) / `GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR` (0x93D0) /
    /// `GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR` (0x93D7).
    public func internalFormat(srgb: Bool) -> UInt32 {
        switch self {
        case .bc1: return srgb ? 0x8C4C : 0x83F0
        case .bc3: return srgb ? 0x8C4F : 0x83F3
        case .astc4x4: return srgb ? 0x93D0 : 0x93B0
        case .astc8x8: return srgb ? 0x93D7 : 0x93B7
        }
    }

    /// The extensions any one of which provides the sRGB forms of ``internalFormat(srgb:)``
    /// (`GL_EXT_texture_compression_s3tc_srgb` on OpenGL ES, `GL_EXT_texture_sRGB` where it covers S3TC).
    public static let srgbExtensions = ["GL_EXT_texture_compression_s3tc_srgb", "GL_EXT_texture_sRGB"]

    /// True when a context with `extensions` has this format's sRGB form: ``srgbExtensions`` for BC1/BC3; for
    /// ASTC the ASTC extension itself, which defines the `SRGB8_ALPHA8` formats.
    public func supportsSRGB(extensions: Set<String>) -> Bool {
        switch self {
        case .bc1, .bc3: return Self.srgbExtensions.contains(where: extensions.contains)
        case .astc4x4, .astc8x8: return isSupported(extensions: extensions)
        }
    }

    /// The render target's sized internal format: `GL_RG32UI` (0x823C, 8 bytes a texel) for BC1,
    /// `GL_RGBA32UI` (0x8D70, 16 bytes) for BC3 and ASTC.
    var renderFormat: UInt32 {
        switch self {
        case .bc1: return 0x823C
        case .bc3, .astc4x4, .astc8x8: return 0x8D70
        }
    }

    /// The `glReadPixels` format of the render target: `GL_RG_INTEGER` (0x8228) or `GL_RGBA_INTEGER`
    /// (0x8D99), with type `GL_UNSIGNED_INT`.
    var readFormat: UInt32 {
        switch self {
        case .bc1: return 0x8228
        case .bc3, .astc4x4, .astc8x8: return 0x8D99
        }
    }

    /// The line prepended to `transcode.frag` that selects this target's encoder.
    var shaderDefine: String {
        switch self {
        case .bc1: return ""
        case .bc3: return "#define PVRC_BC3 1\n"
        case .astc4x4: return "#define PVRC_ASTC 1\n"
        case .astc8x8: return "#define PVRC_ASTC 1\n#define PVRC_ASTC_8X8 1\n"
        }
    }

    /// The encoder appended after `transcode.frag` (whose own `main` the define leaves out), if any:
    /// `transcode-astc.frag` for ASTC.
    var encoderSource: String {
        switch self {
        case .bc1, .bc3: return ""
        case .astc4x4, .astc8x8: return ShaderSources.astcTranscodeFragment
        }
    }
}
