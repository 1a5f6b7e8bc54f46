/// The image file types pvrc reads, recognised from the file's content (never from its name).
public enum ImageFileFormat: String, CaseIterable, Sendable {
    /// PNG: the 8-byte signature 89 'P' 'N' 'G' 0D 0A 1A 0A.
    case png
    /// JPEG: starts with the SOI marker FF D8 followed by another marker (FF).
    case jpeg
    /// Truevision TGA: no signature, so the 18-byte header must be plausible (``TGAHeader``).
    case tga

    /// The format `bytes` hold, or `nil`. PNG and JPEG are checked first by their signatures; TGA, which
    /// has none, only when its header fields are all valid.
    public static func detect(_ bytes: [UInt8]) -> ImageFileFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if TGAHeader(bytes) != nil { return .tga }
        return nil
    }
}
