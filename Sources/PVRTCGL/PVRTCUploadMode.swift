/// How a PVRTC texture reaches the GPU. None of them decodes on the CPU.
public enum PVRTCUploadMode: String, Sendable, CaseIterable, Hashable {
    /// `glCompressedTexImage2D` with `GL_COMPRESSED_RGB[A]_PVRTC_4BPPV1_IMG`, one call per level; the
    /// GPU samples the blocks itself. Needs ``GLContext/supportsNativePVRTC`` (PowerVR / Apple GPUs).
    /// Not testable on Mesa, which lacks the extension.
    case native
    /// The blocks go up as data textures, `pvrtc4.frag` decodes every level once into the matching
    /// mip level of an RGBA8 texture, the data textures are deleted, and drawing samples the RGBA8
    /// texture with `LINEAR_MIPMAP_LINEAR`. GPU memory: the RGBA8 pyramid (8x the compressed size).
    case decodeOnce = "decode-once"
    /// The blocks stay on the GPU as data textures (4 bpp) and `pvrtc4.frag` decodes every drawn
    /// fragment, point-sampling one chosen level: exact at 1:1, no filtering.
    case direct
}
