import PVRTC

/// A texture uploaded to a ``GLContext``: its GL object names and what they hold.
///
/// The names belong to the context that made them and are only valid on its thread; pass them to
/// `GLContext/delete(_:)` of that context when done.
public struct GPUTexture: Sendable, Hashable {
    /// The GL objects behind a texture.
    public enum Storage: Sendable, Hashable {
        /// An RGBA8 texture (a plain image, or the result of ``PVRTCUploadMode/decodeOnce``), a
        /// natively sampled PVRTC texture (``PVRTCUploadMode/native``) or a block-compressed one
        /// (``PVRTCUploadMode/transcode``).
        case texture(UInt32)
        /// Data textures per level for ``PVRTCUploadMode/direct``, largest level first.
        case dataTextures([DataLevel])
    }

    /// The colour-word and modulation-word textures of one level (see `PVRTCDataTextures`).
    public struct DataLevel: Sendable, Hashable {
        /// The colour-word texture name (a GL `GLuint`).
        public let colorWords: UInt32
        /// The modulation-word texture name.
        public let modulationWords: UInt32
        /// Level width in pixels.
        public let width: Int
        /// Level height in pixels.
        public let height: Int
        /// The level's PVRTC variant, which fixes the block size the shader decodes.
        public let format: PVRTCFormat
        /// Data-texture width in texels (blocks across, at least 2).
        public let blocksWide: Int
        /// Data-texture height in texels (blocks down, at least 2).
        public let blocksHigh: Int
    }

    /// Width of level 0 in pixels.
    public let width: Int
    /// Height of level 0 in pixels.
    public let height: Int
    /// Mip levels holding data from the source (a decode-once texture may allocate more, filled by
    /// `glGenerateMipmap` when the file's chain stops early).
    public let levelCount: Int
    /// How a PVRTC source was uploaded; nil for a plain RGBA image.
    public let mode: PVRTCUploadMode?
    /// The GL objects.
    public let storage: Storage
    /// Bytes of GPU memory allocated: the compressed levels (native), the data textures (direct),
    /// the RGBA8 texture with all its allocated mip levels (decode-once, RGBA) or the transcoded blocks
    /// (transcode).
    public let gpuBytes: Int
    /// 6 for a `GL_TEXTURE_CUBE_MAP` (its level sizes are those of one face; ``gpuBytes`` counts all
    /// six), 1 for a 2D texture.
    public let faceCount: Int
    /// The block format a ``PVRTCUploadMode/transcode`` upload holds; nil for every other texture.
    public let transcodeTarget: TranscodeTarget?
    /// The GL internal format of a transcoded texture's levels (``transcodeTarget``'s linear or sRGB form);
    /// nil for every other texture.
    package let transcodedFormat: UInt32?

    init(
        width: Int, height: Int, levelCount: Int, mode: PVRTCUploadMode?, storage: Storage, gpuBytes: Int,
        faceCount: Int = 1, transcodeTarget: TranscodeTarget? = nil, transcodedFormat: UInt32? = nil
    ) {
        self.transcodeTarget = transcodeTarget
        self.transcodedFormat = transcodedFormat
        self.width = width
        self.height = height
        self.levelCount = levelCount
        self.mode = mode
        self.storage = storage
        self.gpuBytes = gpuBytes
        self.faceCount = faceCount
    }
}
