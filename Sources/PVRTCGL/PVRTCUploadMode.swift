import PVRTC

/// How a PVRTC texture reaches the GPU. None of them decodes on the CPU.
public enum PVRTCUploadMode: String, Sendable, CaseIterable, Hashable {
    /// `glCompressedTexImage2D` with `GL_COMPRESSED_RGB[A]_PVRTC_{4,2}BPPV1_IMG` (PVRTC1) or
    /// `GL_COMPRESSED_RGBA_PVRTC_{4,2}BPPV2_IMG` (PVRTC2), one call per level; the GPU samples the blocks
    /// itself. Needs ``GLContext/supportsNativePVRTC`` (PVRTC1: PowerVR / Apple GPUs) or
    /// ``GLContext/supportsNativePVRTC2`` (PVRTC2: PowerVR GPUs). Untested: Mesa lacks both extensions.
    case native
    /// The blocks go up as data textures, `pvrtc.frag` decodes every level once into the matching
    /// mip level of an RGBA8 texture, the data textures are deleted, and drawing samples the RGBA8
    /// texture with `LINEAR_MIPMAP_LINEAR`. GPU memory: the RGBA8 pyramid (8x the compressed size at 4bpp,
    /// 16x at 2bpp, for sizes that are whole blocks).
    case decodeOnce = "decode-once"
    /// The blocks stay on the GPU as data textures (4 or 2 bpp) and `pvrtc.frag` decodes every drawn
    /// fragment, point-sampling one chosen level: exact at 1:1, no filtering.
    case direct
    /// The blocks go up as data textures, `pvrtc.frag` decodes each level into a scratch RGBA8 texture (as
    /// decode-once does), and `transcode.frag` encodes it, one fragment per target block, into the
    /// block-compressed format the GPU samples
    /// (``TranscodeTarget``: BC1 for opaque textures and BC3 with alpha where the context has S3TC, ETC2 RGB8
    /// and ETC2 RGBA8 elsewhere, or the context's ``GLContext/requestedTranscodeTarget``, such as ASTC), which
    /// reaches a compressed texture through a pixel-pack buffer without the CPU touching pixels; drawing
    /// samples it with `LINEAR_MIPMAP_LINEAR`. GPU memory: the target's blocks (BC1 and ETC2 RGB8 4 bpp, BC3,
    /// ETC2 RGBA8 and ASTC 4x4 8 bpp, ASTC 8x8 2 bpp), and during the upload only the scratch texture (level 0's
    /// RGBA8 pixels). Lossy: about 30–45 dB (ASTC 8x8 less)
    /// PSNR against the exact decode on real content. A texture labelled sRGB gets the target's sRGB form
    /// where the context has it, which sampling converts to linear (decode-once's RGBA8 is not converted).
    /// Needs an OpenGL ES 3 context (which always takes ETC2; ``GLContext/transcodeTarget(for:)``); without
    /// one the upload falls back to ``decodeOnce`` (``GLContext/effectiveMode(_:for:)``).
    case transcode
}

extension PVRTCUploadMode {
    /// The GPU memory an upload of `texture` in this mode allocates, in bytes (what
    /// ``GPUTexture/gpuBytes`` reports after the upload), known before uploading. `target` is the block format a
    /// transcode upload goes to on the context at hand (``GLContext/transcodeTarget(for:)``: the
    /// ``GLContext/requestedTranscodeTarget`` where the context takes it, else the ``TranscodeTarget/preferenceTable``'s
    /// choice; ``GLContext/gpuBytes(for:mode:)`` passes it); the other modes ignore it.
    /// - native and direct: the block data of every level (padded levels included);
    /// - decode-once: the RGBA8 texture, 4 bytes per pixel, with every mip level down to 1x1 when the
    ///   file has more than one level, level 0 alone otherwise;
    /// - transcode: the blocks of every level in `target` (``TranscodeTarget/byteCount(for:)``: whole blocks of its
    ///   size, 4x4 or 8x8); with no target (a context that cannot transcode the texture) decode-once's bytes, as
    ///   such an upload falls back to decode-once.
    public func gpuBytes(for texture: PVRTCTexture, transcodingInto target: TranscodeTarget?) -> Int {
        switch self {
        case .transcode:
            guard let target else { return PVRTCUploadMode.decodeOnce.gpuBytes(for: texture, transcodingInto: nil) }
            return target.byteCount(for: texture)
        case .native, .direct:
            return texture.levels.reduce(0) { $0 + $1.format.byteCount(width: $1.width, height: $1.height) }
        case .decodeOnce:
            guard texture.levels.count > 1 else { return texture.width * texture.height * 4 }
            var bytes = 0
            var w = texture.width
            var h = texture.height
            for _ in 0..<PVRTCTexture.fullChainLength(width: texture.width, height: texture.height) {
                bytes += w * h * 4
                w = max(w / 2, 1)
                h = max(h / 2, 1)
            }
            return bytes
        }
    }
}
