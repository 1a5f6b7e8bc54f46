/// Errors raised while reading or writing PNG files. Each case names the file and the reason.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a PNG, or libpng rejected it.
    case invalidPNG(file: String, reason: String)
    /// The file could not be read or written.
    case io(file: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidPNG(file, reason): return "\(file): not a valid PNG: \(reason)"
        case let .io(file, reason): return "\(file): \(reason)"
        }
    }
}
