import ImageFiles
import Imaging

/// The image files a batch build reads, by extension, and how to decode them.
public enum SourceImages {
    /// The file extensions (lowercase, without the dot) of the image formats pvrc reads.
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "tga"]

    /// Whether `name` has an extension of a readable image format (case-insensitive).
    ///
    /// - Parameter name: A file name or path.
    /// - Returns: `true` for names the build picks up.
    public static func isSourceImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Extensions (lowercase, without the dot) of image formats pvrc does not read: a build lists such
    /// files as skipped instead of passing over them in silence.
    public static let unreadImageExtensions: Set<String> = [
        "bmp", "dib", "webp", "gif", "psd", "psb", "exr", "hdr", "tif", "tiff", "heic", "heif", "avif",
        "jxl", "jp2", "ico", "dds", "xcf", "kra", "pic", "pnm", "ppm", "pgm", "pbm", "svg",
    ]

    /// Whether `name` has the extension of an image format pvrc does not read (case-insensitive).
    ///
    /// - Parameter name: A file name or path.
    /// - Returns: `true` for names a build reports as skipped.
    public static func isUnreadImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return unreadImageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Decodes a whole image file, as `pvrc encode` does.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The name for error messages.
    ///   - pixelLimit: The most pixels the image may have, checked from its header before decoding.
    /// - Returns: The pixels.
    /// - Throws: The format's errors (`PNGError`, `ImageFileError`), which name `file`.
    public static func decode(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws -> RGBAImage {
        try ImageFile.decode(bytes, file: file, pixelLimit: pixelLimit)
    }

    /// The width and height in a PNG or TGA header, or in a JPEG's frame header when `bytes` reach it
    /// (read by libjpeg-turbo, no pixels decoded); `nil` otherwise. Used to estimate the memory an
    /// encode needs, and to check a cache entry's size, without decoding.
    ///
    /// - Parameter bytes: The file's first bytes (24 are enough for PNG and TGA; a JPEG's frame header
    ///   may lie further in).
    /// - Returns: The dimensions, unchecked.
    public static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch ImageFileFormat.detect(bytes) {
        case .tga: if let header = TGAHeader(bytes) { return (header.width, header.height) }
        case .jpeg: return JPEGCodec.declaredSize(bytes)
        default: break
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature else { return nil }
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (bigEndian(16), bigEndian(20))
    }
}
