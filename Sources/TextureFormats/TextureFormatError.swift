import FileIO
import Imaging

/// Errors raised while reading or writing texture containers. Every case names the file (or a
/// caller-supplied label such as `"<memory>"`) and the reason.
public enum TextureFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data does not start with a known container signature.
    case unrecognizedContainer(file: String)
    /// A header is present but malformed (wrong magic, size, endianness, field value).
    case invalidHeader(file: String, reason: String)
    /// The file ends before the header or the level data it announces.
    case truncated(file: String, reason: String)
    /// The container holds a pixel format pvrc does not handle (e.g. PVRTC 2bpp, ETC).
    case unsupportedPixelFormat(file: String, format: String)
    /// Width, height or mip count are out of range.
    case invalidDimensions(file: String, reason: String)
    /// The header is valid but describes something pvrc does not handle (cube maps, arrays,
    /// volume textures, big-endian files, other container versions).
    case unsupportedFeature(file: String, reason: String)
    /// Bytes follow the last mip level. pvrc reads files strictly: the header must account for
    /// every byte, so a wrong size field is never silently accepted.
    case trailingData(file: String, byteCount: Int)
    /// The file could not be read or written.
    case io(file: String, reason: String)
    /// The header declares a texture larger than the pixel limit in force; refused before its levels
    /// are read.
    case exceedsPixelLimit(file: String, PixelLimitError)

    /// The file the error concerns.
    public var file: String {
        switch self {
        case .unrecognizedContainer(let file), .invalidHeader(let file, _), .truncated(let file, _),
            .unsupportedPixelFormat(let file, _), .invalidDimensions(let file, _),
            .unsupportedFeature(let file, _), .trailingData(let file, _), .io(let file, _),
            .exceedsPixelLimit(let file, _):
            return file
        }
    }

    /// A one-line message naming the file and the problem.
    public var description: String {
        switch self {
        case .unrecognizedContainer(let file):
            return "\(file): not a PVR v2, PVR v3, KTX 1.1 or KTX 2 texture file (bare, .pvr.ccz or .pvr.gz)"
        case .invalidHeader(let file, let reason):
            return "\(file): invalid header: \(reason)"
        case .truncated(let file, let reason):
            return "\(file): truncated: \(reason)"
        case .unsupportedPixelFormat(let file, let format):
            return "\(file): unsupported pixel format \(format)"
        case .invalidDimensions(let file, let reason):
            return "\(file): invalid dimensions: \(reason)"
        case .unsupportedFeature(let file, let reason):
            return "\(file): unsupported: \(reason)"
        case .trailingData(let file, let byteCount):
            return "\(file): \(byteCount) unexpected byte\(byteCount == 1 ? "" : "s") after the last mip level"
        case .io(let file, let reason):
            return "\(file): \(reason)"
        case .exceedsPixelLimit(let file, let error):
            return "\(file): \(error)"
        }
    }
}

extension TextureFormatError {
    /// The container error for a failed file access.
    init(_ error: FileIOError) {
        self = .io(file: error.file, reason: error.reason)
    }
}
