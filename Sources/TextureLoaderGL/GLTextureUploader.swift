import PVRTC
import PVRTCGL
import TextureLoader

/// The loader's uploader on a real GL context: uploads every `TextureContent` kind (PVRTC 2D
/// textures and cube maps in one `PVRTCUploadMode`, uncompressed textures with `glTexImage2D`; see
/// ``upload(_:levels:)``) and deletes with `GLContext/delete(_:)`.
///
/// Create it inside a `GLThread` factory (`GLThread { try GLTextureUploader(mode: .decodeOnce) }`),
/// so the context is made, and stays, on the GL thread; `GLContext` traps in debug builds when it is
/// used anywhere else.
public final class GLTextureUploader: TextureUploading {
    /// The context, owned by the GL thread.
    public let context: GLContext
    /// How PVRTC textures and cube maps are uploaded.
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

    /// The GPU bytes the upload allocated.
    public func gpuBytes(of handle: GPUTexture) -> Int {
        handle.gpuBytes
    }

    /// Deletes the texture's GL objects.
    public func delete(_ handle: GPUTexture) {
        context.delete(handle)
    }
}
