/// A texture uploaded by the loader: where it came from, what was uploaded, and the GL handle.
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

    /// Creates a loaded-texture record.
    public init(key: TextureKey, handle: Handle, width: Int, height: Int, levels: Range<Int>, gpuBytes: Int, isPreview: Bool) {
        self.key = key
        self.handle = handle
        self.width = width
        self.height = height
        self.levels = levels
        self.gpuBytes = gpuBytes
        self.isPreview = isPreview
    }
}
