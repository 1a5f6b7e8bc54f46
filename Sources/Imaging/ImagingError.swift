/// Errors raised by the imaging layer: invalid image sizes and pixel buffers.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height is zero, negative or otherwise unusable for the operation.
    case invalidDimensions(width: Int, height: Int, reason: String)
    /// A pixel buffer does not have the size its dimensions require.
    case bufferSizeMismatch(expected: Int, actual: Int)

    /// A one-line explanation, without the name of any file.
    public var description: String {
        switch self {
        case .invalidDimensions(let width, let height, let reason):
            return "invalid dimensions \(width)x\(height): \(reason)"
        case .bufferSizeMismatch(let expected, let actual):
            return "buffer holds \(actual) bytes, expected \(expected)"
        }
    }
}
