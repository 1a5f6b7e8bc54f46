import FileIO
import Imaging

/// Errors raised while reading or writing PNG files. Each case names the file and the reason.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a PNG, or libpng rejected it (bad signature, CRC error, truncated data, ...).
    case invalidPNG(file: String, reason: String)
    /// The image is larger than pvrc accepts, or its pixels do not fit in memory.
    case tooLarge(file: String, reason: String)
    /// The header declares more pixels than the limit allows; nothing was allocated for them.
    case exceedsPixelLimit(file: String, PixelLimitError)
    /// An image could not be encoded as PNG.
    case encodingFailed(file: String, reason: String)
    /// The file could not be read or written.
    case io(file: String, reason: String)

    /// A one-line message naming the file and the problem.
    public var description: String {
        switch self {
        case .invalidPNG(let file, let reason): return "\(file): not a valid PNG: \(reason)"
        case .tooLarge(let file, let reason): return "\(file): image too large: \(reason)"
        case .exceedsPixelLimit(let file, let error): return "\(file): \(error)"
        case .encodingFailed(let file, let reason): return "\(file): cannot encode PNG: \(reason)"
        case .io(let file, let reason): return "\(file): \(reason)"
        }
    }
}

extension PNGError {
    /// The PNG error for a failed file access.
    init(_ error: FileIOError) {
        self = .io(file: error.file, reason: error.reason)
    }
}
