import Imaging

/// Errors raised by the texture loader.
public enum TextureLoaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request was cancelled or superseded before its texture was uploaded.
    case cancelled(file: String)
    /// Reading or validating the file failed; `reason` is the underlying error's description.
    case loadFailed(file: String, reason: String)
    /// The file's texture is larger than ``TextureLoaderConfiguration/pixelLimit``; nothing was uploaded.
    case exceedsPixelLimit(file: String, PixelLimitError)
    /// Uploading the file's texture failed on the GL thread; `reason` is the GL layer's description.
    case uploadFailed(file: String, reason: String)
    /// GL work was attempted from a thread other than the GL thread; the work was not run.
    case offGLThread(operation: String)
    /// The GL thread was shut down, or its resource (the GL context) could not be created.
    case glThreadStopped

    /// A one-line message naming the file and the problem.
    public var description: String {
        switch self {
        case .cancelled(let file): return "\(file): load cancelled"
        case .loadFailed(let file, let reason): return "\(file): \(reason)"
        case .exceedsPixelLimit(let file, let error): return "\(file): \(error)"
        case .uploadFailed(let file, let reason): return "\(file): upload failed: \(reason)"
        case .offGLThread(let operation): return "\(operation) called off the GL thread"
        case .glThreadStopped: return "the GL thread has stopped"
        }
    }
}
