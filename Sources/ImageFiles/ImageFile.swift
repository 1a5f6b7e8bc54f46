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
    ///   - pixelLimit: the most pixels the image may have, checked from its header before decoding.
    /// - Throws: ``ImageFileError/unrecognizedFormat(file:)`` for other content, otherwise the errors of
    ///   ``PNGCodec/decode(_:file:pixelLimit:)``, ``JPEGCodec/decode(_:file:pixelLimit:)`` or
    ///   ``TGACodec/decode(_:file:pixelLimit:)``.
    public static func decode(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        switch ImageFileFormat.detect(bytes) {
        case .png: return try PNGCodec.decode(bytes, file: file, pixelLimit: pixelLimit)
        case .jpeg: return try JPEGCodec.decode(bytes, file: file, pixelLimit: pixelLimit)
        case .tga: return try TGACodec.decode(bytes, file: file, pixelLimit: pixelLimit)
        case nil: throw ImageFileError.unrecognizedFormat(file: file)
        }
    }

    /// Reads and decodes the image file at `url`; errors name the file as given.
    /// - Parameters:
    ///   - url: the image file.
    ///   - pixelLimit: the most pixels the image may have, checked from its header before decoding.
    /// - Throws: ``ImageFileError/io(file:reason:)`` when the file cannot be read, otherwise the errors
    ///   of ``decode(_:file:pixelLimit:)``.
    public static func read(from url: URL, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url)
        } catch {
            throw ImageFileError(error)
        }
        return try decode(bytes, file: FileIOError.name(of: url), pixelLimit: pixelLimit)
    }
}
