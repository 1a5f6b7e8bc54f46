import PVRTC
import PVRTCGL
import TextureLoader

/// The loader's uploader on a real GL context: uploads through `GLContext/upload(_:mode:)` in one
/// `PVRTCUploadMode` and deletes with `GLContext/delete(_:)`.
///
/// Create it inside a `GLThread` factory (`GLThread { try GLTextureUploader(mode: .decodeOnce) }`),
/// so the context is made, and stays, on the GL thread; `GLContext` traps in debug builds when it is
/// used anywhere else.
public final class GLTextureUploader: TextureUploading {
    /// The context, owned by the GL thread.
    public let context: GLContext
    /// How PVRTC textures are uploaded.
    public let mode: PVRTCUploadMode
    /// The offscreen target frames are drawn into (made on the first frame, resized as needed).
    package var frameTarget: RenderTarget?

    /// Creates a context on the calling thread (the GL thread) and compiles its programs.
    /// - Throws: `GLError` when no context can be created or a program fails to compile.
    public init(mode: PVRTCUploadMode) throws {
        context = try GLContext()
        try context.prepare()
        self.mode = mode
    }

    deinit {
        if let frameTarget { context.delete(frameTarget) }
    }

    /// Uploads `levels` of `texture` as a texture of its own (the first of them becomes level 0).
    public func upload(_ texture: PVRTCTexture, levels: Range<Int>) throws -> GPUTexture {
        try context.upload(Self.subTexture(texture, levels: levels), mode: mode)
    }

    /// The GPU bytes the upload allocated.
    public func gpuBytes(of handle: GPUTexture) -> Int {
        handle.gpuBytes
    }

    /// The GPU bytes an upload of `levels` of `texture` allocates in ``mode``.
    public func estimatedGPUBytes(for texture: PVRTCTexture, levels: Range<Int>) -> Int {
        guard let sub = try? Self.subTexture(texture, levels: levels) else { return 0 }
        return mode.gpuBytes(for: sub)
    }

    /// Deletes the texture's GL objects.
    public func delete(_ handle: GPUTexture) {
        context.delete(handle)
    }

    private static func subTexture(_ texture: PVRTCTexture, levels: Range<Int>) throws -> PVRTCTexture {
        levels == texture.levels.indices
            ? texture
            : try PVRTCTexture(levels: Array(texture.levels[levels]), hasAlpha: texture.hasAlpha)
    }
}
