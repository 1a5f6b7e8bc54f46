import PVRTC
import TextureFormats

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
/// To add a format (BC7), add a case, its enums, its `KTX2BlockFormat` (TextureFormats: block size and bytes,
/// vkFormat and Data Format Descriptor, which ``ktx2Format`` names), an encoder selected by the case's define (in
/// `transcode.frag`, or in a file of its own appended after it, as `transcode-etc2.frag` and
/// `transcode-astc.frag` are), and a row in ``preferenceTable``.
public enum TranscodeTarget: String, Sendable, Hashable, CaseIterable {
    /// BC1 (DXT1), 8 bytes per block (4 bpp), opaque: RGB565 endpoints and 2-bit indices, 4-colour mode.
    case bc1
    /// BC3 (DXT5), 16 bytes per block (8 bpp): a BC1 colour block and an 8-bit alpha block with 3-bit
    /// indices.
    case bc3
    /// ETC2 RGB8, 8 bytes per block (4 bpp), opaque: individual, differential and planar blocks.
    case etc2
    /// ETC2 RGBA8 (ETC2 + EAC), 16 bytes per block (8 bpp): an EAC alpha block (8-bit base, multiplier and
    /// one of 16 modifier tables, 3-bit indices) and an ETC2 RGB8 colour block.
    case etc2RGBA = "etc2-rgba"
    /// ASTC 4x4 (LDR), 16 bytes per 4x4 block (8 bpp): one partition, RGB or RGBA endpoints and a weight per
    /// pixel (`transcode-astc.frag`). Twice BC1's bytes for opaque textures, better quality than BC1 and BC3.
    case astc4x4 = "astc-4x4"
    /// ASTC 8x8 (LDR), 16 bytes per 8x8 block (2 bpp): one partition, RGB or RGBA endpoints of 8 bits and a
    /// reduced weight grid that the GPU infills. A quarter of ASTC 4x4's bytes, far blurrier.
    case astc8x8 = "astc-8x8"

    /// One row of ``preferenceTable``: a target, whether it carries alpha, and the extensions any one of
    /// which makes a context accept it.
    public struct Preference: Sendable, Hashable {
        /// The format.
        public let target: TranscodeTarget
        /// Whether the format stores alpha (a texture with alpha only takes such rows).
        public let storesAlpha: Bool
        /// Extensions any one of which lets `glCompressedTexImage2D` take the format; empty for a format that
        /// every OpenGL ES 3 context takes (ETC2 is core in OpenGL ES 3.0).
        public let extensions: [String]

        /// Whether a context with `extensions` takes the row's format (transcoding needs OpenGL ES 3 anyway).
        func isTaken(by extensions: Set<String>) -> Bool {
            self.extensions.isEmpty || self.extensions.contains(where: extensions.contains)
        }
    }

    /// The targets in order of preference; the first row whose extension the context has and that stores
    /// alpha when the texture has alpha wins. A texture without alpha (`PVRTCTexture.hasAlpha` false) takes
    /// BC1 or ETC2 RGB8 (half the size of the alpha formats), whose alpha is always 1 even where its PVRTC
    /// words hold translucent colours; a texture with alpha takes BC3 or ETC2 RGBA8.
    ///
    /// S3TC comes first where a context has it: such contexts are desktop GPUs (and llvmpipe), which sample
    /// BC1/BC3 in hardware but often take ETC2 only by decompressing it in the driver (to RGBA8, 4 bytes a
    /// pixel), and pvrc's BC encoders are the better measured ones on PVRTC content. ETC2 is core in OpenGL ES
    /// 3.0, so every other ES 3 context (mobile GPUs, which sample it in hardware) takes it for opaque
    /// textures, at the PVRTC source's 4 bpp. With alpha, ASTC 4x4 comes before ETC2 RGBA8 where the context
    /// has ASTC: the same 8 bpp, and measured about 6 dB closer to the PVRTC decode. ASTC 4x4 never serves an
    /// opaque texture from the table (8 bpp against ETC2's 4), and ASTC 8x8 (2 bpp) costs detail a PVRTC
    /// texture had: both serve an explicit request (``GLContext/requestedTranscodeTarget``).
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
        Preference(target: .etc2, storesAlpha: false, extensions: []),
        Preference(target: .astc4x4, storesAlpha: true, extensions: astcExtensions),
        Preference(target: .etc2RGBA, storesAlpha: true, extensions: []),
        Preference(target: .astc8x8, storesAlpha: true, extensions: astcExtensions),
    ]

    /// The extensions that provide ASTC LDR textures, whose sRGB forms come with them.
    static let astcExtensions = ["GL_KHR_texture_compression_astc_ldr", "GL_OES_texture_compression_astc"]

    /// The preferred target for a texture with or without alpha on a context with `extensions`, or nil
    /// when the context takes none of the table's formats.
    public static func preferred(extensions: Set<String>, hasAlpha: Bool) -> TranscodeTarget? {
        preferenceTable.first { row in
            (row.storesAlpha || !hasAlpha) && row.isTaken(by: extensions)
        }?.target
    }

    /// Whether the format stores alpha (BC3, ETC2 RGBA8, ASTC); the others decode every pixel opaque.
    public var storesAlpha: Bool {
        switch self {
        case .bc1, .etc2: return false
        case .bc3, .etc2RGBA, .astc4x4, .astc8x8: return true
        }
    }

    /// Bytes per block: 8 for BC1 and ETC2 RGB8, 16 for BC3, ETC2 RGBA8 and ASTC (``ktx2Format``'s).
    public var bytesPerBlock: Int { ktx2Format.bytesPerBlock }

    /// Pixels across a block: 8 for ASTC 8x8, 4 for the others (``ktx2Format``'s).
    public var blockWidth: Int { ktx2Format.blockWidth }

    /// Pixel rows of a block: 8 for ASTC 8x8, 4 for the others (``ktx2Format``'s).
    public var blockHeight: Int { ktx2Format.blockHeight }

    /// The blocks across and down a level of `width` x `height` pixels (whole blocks, at least one each way).
    public func blockCounts(width: Int, height: Int) -> (wide: Int, high: Int) {
        ((width + blockWidth - 1) / blockWidth, (height + blockHeight - 1) / blockHeight)
    }

    /// Whether a context with `extensions` takes the format (the ``preferenceTable`` row's extensions).
    public func isTaken(by extensions: Set<String>) -> Bool {
        Self.preferenceTable.contains { $0.target == self && $0.isTaken(by: extensions) }
    }

    /// The bytes of one level of `width` x `height` pixels: whole blocks.
    public func byteCount(width: Int, height: Int) -> Int {
        ktx2Format.byteCount(width: width, height: height)
    }

    /// The bytes of every level of `texture` in this format.
    public func byteCount(for texture: PVRTCTexture) -> Int {
        texture.levels.reduce(0) { $0 + byteCount(width: $1.width, height: $1.height) }
    }

    /// The `glCompressedTexImage2D` internal format: `GL_COMPRESSED_RGB_S3TC_DXT1_EXT` (0x83F0) /
    /// `GL_COMPRESSED_RGBA_S3TC_DXT5_EXT` (0x83F3) / `GL_COMPRESSED_RGB8_ETC2` (0x9274) /
    /// `GL_COMPRESSED_RGBA8_ETC2_EAC` (0x9278), or with `srgb` `GL_COMPRESSED_SRGB_S3TC_DXT1_EXT` (0x8C4C) /
    /// `GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT` (0x8C4F) / `GL_COMPRESSED_SRGB8_ETC2` (0x9275) /
    /// `GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC` (0x9279); ASTC 4x4 and 8x8 `GL_COMPRESSED_RGBA_ASTC_4x4_KHR` (0x93B0)
    /// and `_8x8_KHR` (0x93B7), with `srgb` `GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR` (0x93D0) and `_8x8_KHR`
    /// (0x93D7).
    public func internalFormat(srgb: Bool) -> UInt32 {
        switch self {
        case .bc1: return srgb ? 0x8C4C : 0x83F0
        case .bc3: return srgb ? 0x8C4F : 0x83F3
        case .etc2: return srgb ? 0x9275 : 0x9274
        case .etc2RGBA: return srgb ? 0x9279 : 0x9278
        case .astc4x4: return srgb ? 0x93D0 : 0x93B0
        case .astc8x8: return srgb ? 0x93D7 : 0x93B7
        }
    }

    /// The format's KTX 2 description (Vulkan format, block size and Data Format Descriptor), for files of its
    /// blocks.
    public var ktx2Format: KTX2BlockFormat {
        switch self {
        case .bc1: return .bc1
        case .bc3: return .bc3
        case .etc2: return .etc2
        case .etc2RGBA: return .etc2RGBA
        case .astc4x4: return .astc4x4
        case .astc8x8: return .astc8x8
        }
    }

    /// The extensions any one of which provides the sRGB forms of ``internalFormat(srgb:)``
    /// (`GL_EXT_texture_compression_s3tc_srgb` on OpenGL ES, `GL_EXT_texture_sRGB` where it covers S3TC).
    public static let srgbExtensions = ["GL_EXT_texture_compression_s3tc_srgb", "GL_EXT_texture_sRGB"]

    /// Whether a context with `extensions` has this format's sRGB form: BC1 and BC3 with one of
    /// ``srgbExtensions``, ETC2 always (core in OpenGL ES 3.0, as its linear forms), ASTC with its own extension
    /// (which defines the `SRGB8_ALPHA8` forms).
    public func hasSRGBForm(extensions: Set<String>) -> Bool {
        switch self {
        case .bc1, .bc3: return Self.srgbExtensions.contains(where: extensions.contains)
        case .etc2, .etc2RGBA: return true
        case .astc4x4, .astc8x8: return isTaken(by: extensions)
        }
    }

    /// The render target's sized internal format: `GL_RG32UI` (0x823C, 8 bytes a texel) for 8-byte blocks,
    /// `GL_RGBA32UI` (0x8D70, 16 bytes) for 16-byte ones.
    var renderFormat: UInt32 { bytesPerBlock == 8 ? 0x823C : 0x8D70 }

    /// The `glReadPixels` format of the render target: `GL_RG_INTEGER` (0x8228) or `GL_RGBA_INTEGER`
    /// (0x8D99), with type `GL_UNSIGNED_INT`.
    var readFormat: UInt32 { bytesPerBlock == 8 ? 0x8228 : 0x8D99 }

    /// The lines prepended to `transcode.frag` that select this target's encoder.
    var shaderDefine: String {
        switch self {
        case .bc1: return ""
        case .bc3: return "#define PVRC_BC3 1\n"
        case .etc2: return "#define PVRC_ENCODER_FILE 1\n"
        case .etc2RGBA: return "#define PVRC_ENCODER_FILE 1\n#define PVRC_ETC2_EAC 1\n"
        case .astc4x4: return "#define PVRC_ASTC 1\n"
        case .astc8x8: return "#define PVRC_ASTC 1\n#define PVRC_ASTC_8X8 1\n"
        }
    }

    /// The encoder appended after `transcode.frag`: empty for the BC targets (whose encoders are in
    /// `transcode.frag`), `transcode-etc2.frag` for ETC2 (with `PVRC_ENCODER_FILE`, called from
    /// `transcode.frag`'s `main`), `transcode-astc.frag` for ASTC (with `PVRC_ASTC`, which leaves that `main`
    /// out for its own, reading 8x8 blocks as four 4x4 quarters).
    var encoderSource: String {
        switch self {
        case .bc1, .bc3: return ""
        case .etc2, .etc2RGBA: return ShaderSources.transcodeETC2Fragment
        case .astc4x4, .astc8x8: return ShaderSources.astcTranscodeFragment
        }
    }
}
