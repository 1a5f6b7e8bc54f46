import PVRTC

/// The compression layers cocos2d(-x) games put around PVR files: the CCZ wrapper (`.pvr.ccz`) and
/// gzip (`.pvr.gz`). Both hold a complete texture file, inflated here with Debian's zlib.
///
/// CCZ, as cocos2d-x's `ZipUtils` reads it: a 16-byte header of big-endian fields, signature
/// `CCZ!`, `compression_type` (UInt16, 0 = zlib; bzip2, gzip and none were never implemented),
/// `version` (UInt16, at most 2), `reserved` (UInt32) and `len` (UInt32, the inflated size), then
/// one zlib stream. `CCZp` marks cocos2d's encrypted variant, which needs a game's key and is refused.
/// gzip: one member (RFC 1952); its trailer's `ISIZE` gives the inflated size.
///
/// The declared size is checked against ``maximumInflatedSize`` before anything is allocated, and
/// a stream that inflates to more or less than it declares is an error.
public enum CompressedTextureWrapper {
    /// `CCZ!`.
    static let cczSignature: [UInt8] = Array("CCZ!".utf8)
    /// `CCZp`, cocos2d's encrypted CCZ.
    static let cczEncryptedSignature: [UInt8] = Array("CCZp".utf8)
    /// Bytes of the CCZ header.
    static let cczHeaderSize = 16
    /// The version pvrc writes (cocos2d-x reads 1 and 2).
    static let cczVersion: UInt16 = 2
    /// gzip's ID1 and ID2 bytes.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The largest inflated file accepted, in bytes: a texture of `PVRTCImage.maximumDimension`
    /// squared pixels at 32 bits per pixel with its full mip chain (4/3 of level 0), plus 1 MiB of
    /// headers and metadata (about 1.43 GB).
    public static let maximumInflatedSize =
        PVRTCImage.maximumDimension * PVRTCImage.maximumDimension * 4 / 3 * 4 + (1 << 20)

    /// The wrapper `bytes` start with, or `nil` for a bare texture file.
    static func detect(_ bytes: [UInt8]) -> TextureContainer? {
        if bytes.starts(with: cczSignature) || bytes.starts(with: cczEncryptedSignature) { return .pvrCCZ }
        if bytes.starts(with: gzipMagic) { return .pvrGzip }
        return nil
    }

    /// Removes the wrapper, if there is one.
    ///
    /// - Returns: the wrapper (``TextureContainer/pvrCCZ`` or ``TextureContainer/pvrGzip``, `nil` for
    ///   a bare file) and the texture file inside it (`bytes` themselves when bare).
    /// - Throws: ``TextureFormatError`` naming `file`: encrypted or non-zlib CCZ, an unknown CCZ
    ///   version, a declared size of 0 or above ``maximumInflatedSize``, a damaged stream, a stream
    ///   that inflates to another size than declared, bytes after the stream.
    public static func unwrap(_ bytes: [UInt8], file: String) throws -> (wrapper: TextureContainer?, contents: [UInt8])
    {
        switch detect(bytes) {
        case .pvrCCZ: return (.pvrCCZ, try inflateCCZ(bytes, file: file))
        case .pvrGzip: return (.pvrGzip, try inflateGzip(bytes, file: file))
        default: return (nil, bytes)
        }
    }

    /// The CCZ file around `contents`: header (compression zlib, version 2, reserved 0, length) and
    /// one zlib stream.
    static func wrapCCZ(_ contents: [UInt8]) -> [UInt8] {
        var header = cczSignature
        header += bigEndian(UInt32(0) << 16 | UInt32(cczVersion))  // compression_type 0, version 2
        header += bigEndian(0)
        header += bigEndian(UInt32(contents.count))
        return header + Zlib.deflate(contents, framing: .zlib)
    }

    /// One gzip member holding `contents`.
    static func wrapGzip(_ contents: [UInt8]) -> [UInt8] {
        Zlib.deflate(contents, framing: .gzip)
    }

    private static func inflateCCZ(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        if bytes.starts(with: cczEncryptedSignature) {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "encrypted CCZ ('CCZp') needs the game's key; decrypt it first")
        }
        guard bytes.count >= cczHeaderSize else {
            throw TextureFormatError.truncated(
                file: file, reason: "the 16-byte CCZ header needs 16 bytes but the file has \(bytes.count)")
        }
        let compression = UInt16(bytes[4]) << 8 | UInt16(bytes[5])
        let version = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        let length = Int(readBigEndian(bytes, at: 12))
        guard version <= cczVersion else {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "CCZ version \(version) (pvrc reads 0...2)")
        }
        guard compression == 0 else {
            let names: [UInt16: String] = [1: "bzip2", 2: "gzip", 3: "none"]
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason:
                    "CCZ compression type \(compression)\(names[compression].map { " (\($0))" } ?? "") (only zlib, 0, exists)"
            )
        }
        try checkDeclared(length, file: file, what: "CCZ header")
        return try Zlib.inflate(
            bytes[cczHeaderSize...], framing: .zlib, expectedSize: length, file: file, what: "the CCZ zlib stream")
    }

    private static func inflateGzip(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        guard bytes.count >= 18 else {
            throw TextureFormatError.truncated(
                file: file, reason: "a gzip member needs at least 18 bytes but the file has \(bytes.count)")
        }
        let end = bytes.count - 4
        let length = Int(
            UInt32(bytes[end]) | UInt32(bytes[end + 1]) << 8 | UInt32(bytes[end + 2]) << 16
                | UInt32(bytes[end + 3]) << 24)
        try checkDeclared(length, file: file, what: "gzip trailer (ISIZE)")
        return try Zlib.inflate(bytes[...], framing: .gzip, expectedSize: length, file: file, what: "the gzip stream")
    }

    /// Refuses a declared inflated size of 0 or above ``maximumInflatedSize`` before allocating it.
    private static func checkDeclared(_ length: Int, file: String, what: String) throws {
        guard length > 0 else {
            throw TextureFormatError.invalidHeader(file: file, reason: "the \(what) declares 0 inflated bytes")
        }
        guard length <= maximumInflatedSize else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason:
                    "the \(what) declares \(length) inflated bytes, more than the \(maximumInflatedSize)-byte limit of a \(PVRTCImage.maximumDimension)x\(PVRTCImage.maximumDimension) texture"
            )
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
