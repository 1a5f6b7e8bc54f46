/// What file names and headers say about image files, before any pixel is decoded: the extensions a
/// batch build picks up (and those it reports as formats pvrc does not read), and the size a header
/// declares.
extension ImageFileFormat {
    /// The file extensions (lowercase, without the dot) of the image formats pvrc reads.
    package static let readableExtensions: Set<String> = ["png", "jpg", "jpeg", "tga"]

    /// Extensions (lowercase, without the dot) of image formats pvrc does not read: a build lists such
    /// files as skipped instead of passing over them in silence.
    package static let unreadableExtensions: Set<String> = [
        "bmp", "dib", "webp", "gif", "psd", "psb", "exr", "hdr", "tif", "tiff", "heic", "heif", "avif",
        "jxl", "jp2", "ico", "dds", "xcf", "kra", "pic", "pnm", "ppm", "pgm", "pbm", "svg",
    ]

    /// Whether `name` (a file name or path) has the extension of a readable image format (case-insensitive).
    package static func isReadable(_ name: String) -> Bool {
        readableExtensions.contains(lowercasedExtension(of: name) ?? "")
    }

    /// Whether `name` has the extension of an image format pvrc does not read (case-insensitive).
    package static func isUnreadable(_ name: String) -> Bool {
        unreadableExtensions.contains(lowercasedExtension(of: name) ?? "")
    }

    /// The extension after the last dot of `name`, lowercased; `nil` without one (or for a dot file).
    private static func lowercasedExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The width and height in a PNG (IHDR) or TGA header, or in a JPEG's frame header when `bytes`
    /// reach it (read by libjpeg-turbo, no pixels decoded); `nil` otherwise. Used to estimate the memory
    /// an encode needs, and to check a cache entry's size, without decoding.
    ///
    /// - Parameter bytes: The file's first bytes (24 are enough for PNG and TGA; a JPEG's frame header
    ///   may lie further in).
    /// - Returns: The dimensions, unchecked.
    package static func declaredSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch detect(bytes) {
        case .png:
            // The signature (8 bytes), IHDR's length and type (8), then its width and height, big-endian.
            guard bytes.count >= 24 else { return nil }
            func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (bigEndian(16), bigEndian(20))
        case .tga: return TGAHeader(bytes).map { ($0.width, $0.height) }
        case .jpeg: return JPEGCodec.declaredSize(bytes)
        case nil: return nil
        }
    }
}
