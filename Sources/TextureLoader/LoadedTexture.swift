import PVRTC

/// A texture uploaded by the loader: where it came from, what was uploaded (a 2D texture or a cube
/// map), the GL handle, and what the file says about its data (orientation, premultiplied alpha,
/// colour space).
///
/// The handle stays valid while the texture is in the loader's cache; pin its key
/// (``TextureLoader/pin(_:)``) to keep it there while it is on screen.
public struct LoadedTexture<Handle: Sendable>: Sendable {
    /// The cache key (canonical path and options).
    public let key: TextureKey
    /// The GL object(s) holding the texture, as returned by the uploader.
    public let handle: Handle
    /// Width of the largest uploaded level.
    public let width: Int
    /// Height of the largest uploaded level.
    public let height: Int
    /// The file's levels that were uploaded.
    public let levels: Range<Int>
    /// GPU memory held by the texture: the cache's cost.
    public let gpuBytes: Int
    /// True for the small first delivery of a progressive load, false for the full texture.
    public let isPreview: Bool
    /// The file's metadata: orientation (a `yUp` texture has its bottom row at t = 0), premultiplied
    /// alpha and colour space. The loader uploads the blocks as stored; the renderer picks its blend
    /// function and texture coordinates from this.
    public let metadata: TextureMetadata
    /// 6 for a cube map (``width``, ``height`` and ``levels`` are those of each face), 1 for a 2D texture.
    public let faceCount: Int

    /// Whether the texture's colour is premultiplied by alpha (blend with `ONE, ONE_MINUS_SRC_ALPHA`).
    public var isPremultiplied: Bool { metadata.isPremultiplied }

    /// Creates a loaded-texture record.
    /// - Parameters:
    ///   - key: The cache key.
    ///   - handle: The GL object(s).
    ///   - width: Width of the largest uploaded level.
    ///   - height: Height of the largest uploaded level.
    ///   - levels: The file's levels that were uploaded.
    ///   - gpuBytes: GPU memory held.
    ///   - isPreview: Whether this is the small first delivery of a progressive load.
    ///   - metadata: The file's orientation, premultiplied flag and colour space.
    ///   - faceCount: 6 for a cube map, 1 for a 2D texture.
    public init(
        key: TextureKey, handle: Handle, width: Int, height: Int, levels: Range<Int>, gpuBytes: Int, isPreview: Bool,
        metadata: TextureMetadata = TextureMetadata(), faceCount: Int = 1
    ) {
        self.key = key
        self.handle = handle
        self.width = width
        self.height = height
        self.levels = levels
        self.gpuBytes = gpuBytes
        self.isPreview = isPreview
        self.metadata = metadata
        self.faceCount = faceCount
    }
}
