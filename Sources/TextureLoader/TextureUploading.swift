import PVRTC

/// The GL work the loader needs: upload a texture, report its GPU size, delete it.
///
/// A conforming object lives on a ``ResourceThread`` (it is the thread's resource) and is only ever called
/// there, so it may hold a GL context and need not be `Sendable`.
public protocol TextureUploading: AnyObject, SendableMetatype {
    /// What identifies an uploaded texture (GL names); a value that may travel between threads.
    associatedtype Handle: Sendable

    /// Uploads `levels` of `content` (the first one becomes the base level; for a cube map, those
    /// levels of all six faces) and returns the handle. A kind this uploader cannot take (say, a cube
    /// map in a mode without one) throws; the loader reports it as
    /// ``TextureLoaderError/uploadFailed(file:underlying:)`` keeping the error.
    func upload(_ content: TextureContent, levels: Range<Int>) throws -> Handle
    /// GPU memory held by an uploaded texture, in bytes.
    func gpuBytes(of handle: Handle) -> Int
    /// GPU memory an upload of `levels` of `content` would take, in bytes (decides whether a
    /// prefetch fits before uploading it).
    func estimatedGPUBytes(for content: TextureContent, levels: Range<Int>) -> Int
    /// Deletes an uploaded texture's GL objects.
    func delete(_ handle: Handle)
}
