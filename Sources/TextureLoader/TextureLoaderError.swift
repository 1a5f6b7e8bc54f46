/// Errors raised by the texture loader.
public enum TextureLoaderError: Error, Sendable, CustomStringConvertible {
    /// The request was cancelled or superseded before its texture was uploaded.
    case cancelled(file: String)
    /// Reading or validating the file failed; `reason` is the underlying error's description.
    case loadFailed(file: String, reason: String)

    public var description: String {
        switch self {
        case let .cancelled(file): return "\(file): load cancelled"
        case let .loadFailed(file, reason): return "\(file): \(reason)"
        }
    }
}
