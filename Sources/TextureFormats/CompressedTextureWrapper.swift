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
/// The declared size is checked against ``maximumInflatedSize``, the output grows only as the stream
/// delivers bytes, and a stream that inflates to more or less than it declares is
/// an error.
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

    /// What a wrapper's header says about the stream inside it.
    struct Header {
        /// ``TextureContainer/pvrCCZ`` or ``TextureContainer/pvrGzip``.
        let wrapper: TextureContainer
        /// The stream's framing.
        let framing: Zlib.Framing
        /// The inflated size the header (CCZ `len`, gzip `ISIZE`) declares, checked against ``maximumInflatedSize``.
        let declaredSize: Int
        /// Where the compressed stream lies in the file.
        let stream: Range<Int>
        /// Names the stream in errors ("the CCZ zlib stream").
        let what: String
    }

    /// Reads a wrapper's header from the first 16 bytes of a file (`head`, fewer for a shorter file)
    /// and its last 4 (`tail`, gzip's `ISIZE`), or returns `nil` for a bare texture file.
    ///
    /// The declared size is checked against ``maximumInflatedSize`` before anything is inflated.
    /// - Throws: ``TextureFormatError`` naming `file`: encrypted or non-zlib CCZ, an unknown CCZ
    ///   version, a declared size of 0 or above the limit.
    static func header(head: [UInt8], tail: @autoclosure () throws -> [UInt8], fileSize: Int, file: String) throws
        -> Header?
    {
        switch detect(head) {
        case .pvrCCZ:
            if head.starts(with: cczEncryptedSignature) {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "encrypted CCZ ('CCZp') needs the game's key; decrypt it first")
            }
            guard head.count >= cczHeaderSize else {
                throw TextureFormatError.truncated(
                    file: file, reason: "the 16-byte CCZ header needs 16 bytes but the file has \(fileSize)")
            }
            let compression = UInt16(head[4]) << 8 | UInt16(head[5])
            let version = UInt16(head[6]) << 8 | UInt16(head[7])
            guard version <= cczVersion else {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "CCZ version \(version) (pvrc reads 0...2)")
            }
            guard compression == 0 else {
                let names: [UInt16: String] = [1: "bzip2", 2: "gzip", 3: "none"]
                throw TextureFormatError.unsupportedFeature(
                    file: file,
                    reason:
                        "CCZ compression type \(compression)\(names[compression].map { " (\($0))" } ?? "") (only zlib, 0, exists)"
                )
            }
            let length = Int(readBigEndian(head, at: 12))
            return try checked(
                Header(
                    wrapper: .pvrCCZ, framing: .zlib, declaredSize: length, stream: cczHeaderSize..<fileSize,
                    what: "the CCZ zlib stream"), header: "CCZ header", file: file)
        case .pvrGzip:
            guard fileSize >= 18 else {
                throw TextureFormatError.truncated(
                    file: file, reason: "a gzip member needs at least 18 bytes but the file has \(fileSize)")
            }
            let size = try tail()
            let length = Int(UInt32(size[0]) | UInt32(size[1]) << 8 | UInt32(size[2]) << 16 | UInt32(size[3]) << 24)
            return try checked(
                Header(
                    wrapper: .pvrGzip, framing: .gzip, declaredSize: length, stream: 0..<fileSize,
                    what: "the gzip stream"),
                header: "gzip trailer (ISIZE)", file: file)
        default:
            return nil
        }
    }

    /// Removes the wrapper, if there is one.
    ///
    /// - Returns: the wrapper (``TextureContainer/pvrCCZ`` or ``TextureContainer/pvrGzip``, `nil` for
    ///   a bare file) and the texture file inside it (`bytes` themselves when bare).
    /// - Throws: ``TextureFormatError`` naming `file`: a malformed wrapper header (encrypted or
    ///   non-zlib CCZ, an unknown CCZ version, a declared size of 0 or above the limit),
    ///   a damaged stream, a stream that inflates to another size than declared, bytes after the stream.
    public static func unwrap(_ bytes: [UInt8], file: String) throws -> (wrapper: TextureContainer?, contents: [UInt8])
    {
        guard
            let header = try header(
                head: Array(bytes.prefix(cczHeaderSize)), tail: Array(bytes.suffix(4)), fileSize: bytes.count,
                file: file)
        else { return (nil, bytes) }
        let contents = try Zlib.inflate(
            bytes[header.stream], framing: header.framing, expectedSize: header.declaredSize, file: file,
            what: header.what)
        return (header.wrapper, contents)
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

    /// Refuses a declared inflated size of 0 or above ``maximumInflatedSize`` before anything is inflated.
    private static func checked(_ header: Header, header what: String, file: String) throws -> Header {
        let length = header.declaredSize
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
        return header
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
