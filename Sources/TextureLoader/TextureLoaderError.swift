import Imaging
import TextureFormats

/// Errors raised by the texture loader.
///
/// Each failure of a file has its own case, so a game can tell a missing file from a corrupt one; the
/// error that caused it stays attached (``underlyingError``) with its type, e.g. the container's
/// `TextureFormatError`. Every ``description`` names the file exactly once.
///
/// Two errors are equal when they are the same case for the same file with equal underlying errors;
/// an uploader's or custom reader's error (any `Error`) counts as equal when its type and its
/// description are.
public enum TextureLoaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request was cancelled or superseded before its texture was uploaded.
    case cancelled(file: String)
    /// Nothing exists at the path.
    case fileNotFound(file: String)
    /// The file exists but could not be read (not a regular file, permission denied, an I/O error), or
    /// a custom reader given to the loader failed; `underlying` is the error that said so.
    case readFailed(file: String, underlying: any Error)
    /// The file was read but is not a texture pvrc reads: no known container signature, a malformed
    /// or truncated header, bytes after the last level. `underlying` is the container error.
    case notATexture(file: String, underlying: TextureFormatError)
    /// The file is a valid container holding a pixel format or a feature the loader does not take
    /// (ETC, ASTC, BC, arrays, volume textures); `underlying` is the container error.
    case unsupportedFormat(file: String, underlying: TextureFormatError)
    /// The file's texture is larger than ``TextureLoaderConfiguration/pixelLimit``; nothing was uploaded.
    case exceedsPixelLimit(file: String, PixelLimitError)
    /// The uploader failed to upload the file's texture, or cannot take its kind (for GL: a `GLError`,
    /// `GLError.unsupported` for a cube map in direct mode); `underlying` is its error.
    case uploadFailed(file: String, underlying: any Error)
    /// GPU work was attempted from a thread other than the ``ResourceThread``; the work was not run.
    case offGLThread(operation: String)
    /// The ``ResourceThread`` was shut down, or its resource (the GPU context) could not be created.
    case glThreadStopped

    /// The loader's reading of a container error for `file`: unsupported formats and features, read
    /// failures, and everything else (not a texture) get their own cases.
    package init(file: String, _ error: TextureFormatError) {
        switch error {
        case .unsupportedPixelFormat, .unsupportedFeature:
            self = .unsupportedFormat(file: file, underlying: error)
        case .io:
            self = .readFailed(file: file, underlying: error)
        case .exceedsPixelLimit(_, let limit):
            self = .exceedsPixelLimit(file: file, limit)
        default:
            self = .notATexture(file: file, underlying: error)
        }
    }

    /// The file the error concerns, if any.
    public var file: String? {
        switch self {
        case .cancelled(let file), .fileNotFound(let file), .readFailed(let file, _), .notATexture(let file, _),
            .unsupportedFormat(let file, _), .exceedsPixelLimit(let file, _), .uploadFailed(let file, _):
            return file
        case .offGLThread, .glThreadStopped:
            return nil
        }
    }

    /// The error that caused this one (a `TextureFormatError`, `PixelLimitError`, the uploader's
    /// error, or a custom reader's), if any.
    public var underlyingError: (any Error)? {
        switch self {
        case .readFailed(_, let error), .uploadFailed(_, let error): return error
        case .notATexture(_, let error), .unsupportedFormat(_, let error): return error
        case .exceedsPixelLimit(_, let error): return error
        case .cancelled, .fileNotFound, .offGLThread, .glThreadStopped: return nil
        }
    }

    /// A one-line message naming the file (once) and the problem.
    public var description: String {
        switch self {
        case .cancelled(let file): return "\(file): load cancelled"
        case .fileNotFound(let file): return "\(file): no such file"
        case .readFailed(let file, let error): return Self.message(file, error)
        case .notATexture(_, let error), .unsupportedFormat(_, let error): return error.description
        case .exceedsPixelLimit(let file, let error): return "\(file): \(error)"
        case .uploadFailed(let file, let error): return "\(file): upload failed: \(error)"
        case .offGLThread(let operation): return "\(operation) called off the GL thread"
        case .glThreadStopped: return "the GL thread has stopped"
        }
    }

    /// `error`'s text, prefixed with `file` unless it names the file already.
    private static func message(_ file: String, _ error: any Error) -> String {
        let text = String(describing: error)
        return text.contains(file) ? text : "\(file): \(text)"
    }

    /// Same case, same file, equal underlying errors (see the type's documentation).
    public static func == (lhs: TextureLoaderError, rhs: TextureLoaderError) -> Bool {
        switch (lhs, rhs) {
        case (.cancelled(let a), .cancelled(let b)), (.fileNotFound(let a), .fileNotFound(let b)):
            return a == b
        case (.readFailed(let a, let e), .readFailed(let b, let f)),
            (.uploadFailed(let a, let e), .uploadFailed(let b, let f)):
            return a == b && type(of: e) == type(of: f) && String(reflecting: e) == String(reflecting: f)
        case (.notATexture(let a, let e), .notATexture(let b, let f)),
            (.unsupportedFormat(let a, let e), .unsupportedFormat(let b, let f)):
            return a == b && e == f
        case (.exceedsPixelLimit(let a, let e), .exceedsPixelLimit(let b, let f)):
            return a == b && e == f
        case (.offGLThread(let a), .offGLThread(let b)):
            return a == b
        case (.glThreadStopped, .glThreadStopped):
            return true
        default:
            return false
        }
    }
}
