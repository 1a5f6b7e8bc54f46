import FileIO
import Foundation
import Imaging

/// Reads any image file pvrc accepts as input — PNG, JPEG or TGA — choosing the decoder from the
/// file's content (``ImageFileFormat/detect(_:)``), never from its name.
public enum ImageFile {
    /// Decodes image bytes of any supported format.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the name used in error messages.
    /// - Throws: ``ImageFileError/unrecognizedFormat(file:)`` for other content, otherwise the errors of
    ///   ``PNGCodec/decode(_:file:)``, ``JPEGCodec/decode(_:file:)`` or ``TGACodec/decode(_:file:)``.
    public static func decode(_ bytes: [UInt8], file: String) throws -> RGBAImage {
        switch ImageFileFormat.detect(bytes) {
        case .png: return try PNGCodec.decode(bytes, file: file)
        case .jpeg: return try JPEGCodec.decode(bytes, file: file)
        case .tga: return try TGACodec.decode(bytes, file: file)
        case nil: throw ImageFileError.unrecognizedFormat(file: file)
        }
    }

    /// Reads and decodes the image file at `url`; errors name the file as given.
    /// - Throws: ``ImageFileError/io(file:reason:)`` when the file cannot be read, otherwise the errors
    ///   of ``decode(_:file:)``.
    public static func read(from url: URL) throws -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url)
        } catch {
            throw ImageFileError(error)
        }
        return try decode(bytes, file: FileIOError.name(of: url))
    }
}
