import PVRTC
import PVRTCGL
import TextureLoader

/// The loader's uploader on a real GL context: uploads every `TextureContent` kind (PVRTC 2D
/// textures and cube maps in one `PVRTCUploadMode`, uncompressed textures with `glTexImage2D`; see
/// ``upload(_:levels:)``) and deletes with `GLContext/delete(_:)`.
///
/// Create it inside a `ResourceThread` factory (`ResourceThread { try GLTextureUploader(mode: .decodeOnce) }`),
/// so the context is made, and stays, on the GL thread; `GLContext` traps in debug builds when it is
/// used anywhere else.
///
/// To load into a game's own context without stalling its frames, give the loader's thread a context
/// shared with the game's (``init(mode:transcodeTarget:sharingWith:)``): uploads run on the loader's thread, each is
/// finished on the GPU (`glFinish`, on that thread only) before its handle is returned, and the game
/// draws the handles in its context:
///
/// ```swift
/// let game = try GLContext(adopting: .current)           // on the game's render thread
/// let group = try game.shareGroup()
/// let loader = TextureLoader(glThread: ResourceThread { try GLTextureUploader(mode: .decodeOnce, sharingWith: group) })
/// let texture = try await loader.load(url)
/// try game.draw(texture.handle, to: .defaultFramebuffer(width: w, height: h), blend: .straightAlpha)
/// ```
public final class GLTextureUploader: TextureUploading {
    /// The context, owned by the GL thread.
    public let context: GLContext
    /// How PVRTC textures and cube maps are uploaded.
    public let mode: PVRTCUploadMode
    /// Whether every upload is finished on the GPU before its handle is returned, because another
    /// context (the game's) draws the textures.
    public let finishesUploads: Bool
    /// The offscreen target frames are drawn into (made on the first frame, resized as needed).
    package var frameTarget: RenderTarget?

    /// Creates a headless context on the calling thread (the GL thread) and compiles its programs (the
    /// transcoding ones too in `PVRTCUploadMode.transcode`). `transcodeTarget` asks for that block format
    /// instead of the one the context's table picks (`GLContext.requestedTranscodeTarget`).
    /// - Throws: `GLError` when no context can be created or a program fails to compile.
    public init(mode: PVRTCUploadMode, transcodeTarget: TranscodeTarget? = nil) throws {
        context = try GLContext()
        context.requestedTranscodeTarget = transcodeTarget
        try context.prepare()
        if mode == .transcode { try context.prepareTranscoding() }
        self.mode = mode
        finishesUploads = false
    }

    /// Creates, on the calling thread (the loader's GL thread), a context sharing textures with the
    /// game's context `group` (see `GLContext.shareGroup()`), and compiles its programs. Every upload
    /// is finished before it is returned, so the game's context sees complete textures. `transcodeTarget` as
    /// for ``init(mode:transcodeTarget:)``.
    /// - Throws: `GLError` when the shared context cannot be created or a program fails to compile.
    public init(mode: PVRTCUploadMode, transcodeTarget: TranscodeTarget? = nil, sharingWith group: GLShareGroup) throws
    {
        context = try GLContext(sharingWith: group)
        context.requestedTranscodeTarget = transcodeTarget
        try context.prepare()
        if mode == .transcode { try context.prepareTranscoding() }
        self.mode = mode
        finishesUploads = true
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
