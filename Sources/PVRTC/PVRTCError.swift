/// Errors raised by the codec core.
public enum PVRTCError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height is zero, negative, not a power of two (PVRTC1), or larger than ``PVRTCImage/maximumDimension``.
    case invalidDimensions(width: Int, height: Int, reason: String)
    /// A pixel or block buffer does not have the size its dimensions require.
    case bufferSizeMismatch(expected: Int, actual: Int)
    /// A mip level index is outside the texture's chain.
    case levelOutOfRange(level: Int, count: Int)
    /// Level `level` of a texture is in `format`, but level 0 is in `expected`: a chain has one format.
    case mixedFormats(level: Int, format: PVRTCFormat, expected: PVRTCFormat)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidDimensions(let width, let height, let reason):
            return "invalid dimensions \(width)x\(height): \(reason)"
        case .bufferSizeMismatch(let expected, let actual):
            return "buffer holds \(actual) bytes, expected \(expected)"
        case .levelOutOfRange(let level, let count):
            return "mip level \(level) does not exist (the texture has \(count) level\(count == 1 ? "" : "s"))"
        case .mixedFormats(let level, let format, let expected):
            return "mip level \(level) is \(format.displayName) but level 0 is \(expected.displayName)"
        }
    }
}
