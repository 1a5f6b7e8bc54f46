import FileIO
import Imaging

/// Errors raised while reading JPEG and TGA files or detecting an image file's type. Each case names
/// the file and the reason in one line. (PNG files keep their own ``PNGError``.)
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The content is neither PNG, JPEG nor TGA.
    case unrecognizedFormat(file: String)
    /// The file claims a format but its data is invalid (`format` is e.g. `JPEG`, `TGA`).
    case invalidImage(file: String, format: String, reason: String)
    /// The image is larger than pvrc accepts, or its pixels do not fit in memory.
    case tooLarge(file: String, reason: String)
    /// The size the header declares is over the caller's pixel limit; nothing was decoded.
    case exceedsPixelLimit(file: String, PixelLimitError)
    /// The file could not be read.
    case io(file: String, reason: String)

    /// A one-line message naming the file and the problem.
    public var description: String {
        switch self {
        case .unrecognizedFormat(let file): return "\(file): not a PNG, JPEG or TGA image"
        case .invalidImage(let file, let format, let reason): return "\(file): not a valid \(format): \(reason)"
        case .tooLarge(let file, let reason): return "\(file): image too large: \(reason)"
        case .exceedsPixelLimit(let file, let error): return "\(file): \(error)"
        case .io(let file, let reason): return "\(file): \(reason)"
        }
    }
}

extension ImageFileError {
    /// The image-file error for a failed file access.
    init(_ error: FileIOError) {
        self = .io(file: error.file, reason: error.reason)
    }
}
