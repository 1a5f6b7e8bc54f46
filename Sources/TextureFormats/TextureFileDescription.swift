import FileIO
import Foundation
import Imaging
import PVRTC

/// What any PVR v2, PVR v3, KTX 1.1 or KTX 2 file (bare, `.pvr.ccz` or `.pvr.gz`) says about itself,
/// whatever its pixel format: the format, sizes, levels, faces, array surfaces, orientation, colour
/// space, premultiplied flag and metadata; with the bytes of its levels, which it unpacks to RGBA
/// (``image(level:face:threads:)``).
///
/// Reading is bounded by what the header proves: the header and its metadata (at most
/// ``maximumMetadataBytes``) are read first, every size derived from them is checked arithmetic, the
/// pixel limit is applied to the declared size, and only then are the level bytes read (or, in a
/// `.pvr.ccz` / `.pvr.gz` file, inflated) — never more of the file than its levels occupy.
/// Zstandard-supercompressed KTX 2 levels are inflated one at a time, when asked for.
public struct TextureFileDescription: Sendable {
    /// The container (``TextureContainer/pvr2``, ``TextureContainer/pvr3``, ``TextureContainer/ktx``,
    /// ``TextureContainer/ktx2``, or ``TextureContainer/ktx2Zstd`` for Zstandard-supercompressed KTX 2).
    public var container: TextureContainer
    /// The compression wrapper around it, if any (``TextureContainer/pvrCCZ``, ``TextureContainer/pvrGzip``).
    public var wrapper: TextureContainer?
    /// The pixel format.
    public var pixelFormat: TexturePixelFormat
    /// Width of level 0.
    public var width: Int
    /// Height of level 0.
    public var height: Int
    /// Depth of level 0 (1 for 2D textures).
    public var depth: Int
    /// Mip levels stored, level 0 included.
    public var levelCount: Int
    /// Cube faces (6) or 1.
    public var faceCount: Int
    /// Array surfaces (1 for a single texture).
    public var arrayCount: Int
    /// Which way the stored rows and columns run.
    public var orientation: TextureOrientation
    /// Whether the header labels the data RGBA (PVRTC1's RGBA variants, KTX 2's PVRTC formats, an
    /// uncompressed format with an alpha or intensity channel).
    public var hasAlpha: Bool
    /// The colour space the header records (linear where the container has no field for it).
    public var colorSpace: ColorSpace
    /// Whether the header marks the colour as premultiplied by alpha.
    public var isPremultiplied: Bool
    /// Bytes of one face of each level (slice 0 included with all its depth), `nil` when the format's size is unknown.
    public var levelByteCounts: [Int]?
    /// Bytes of the container file (for a wrapped file, the inflated size its wrapper declares).
    public var containerByteCount: Int
    /// Bytes of the file as stored (for a wrapped file, its compressed size).
    public var storedByteCount: Int

    /// The most bytes of PVR v3 metadata, KTX key/value data or a KTX 2 Data Format Descriptor read;
    /// a header announcing more is refused before they are read.
    public static let maximumMetadataBytes = 16 << 20

    /// The most metadata lines ``metadata`` lists; the rest are counted in a last line.
    public static let maximumMetadataLines = 64

    /// Names the file in errors.
    package let file: String
    /// The file's first ``dataEnd`` bytes (inside its wrapper); only the header region when read by
    /// ``readHeader(from:)``.
    var contents: [UInt8] = []
    /// Offset of each level's faces (array surface 0): in ``contents``, or for a Zstandard-supercompressed
    /// KTX 2 file in the inflated level.
    let faceOffsets: [[Int]]?
    /// For a Zstandard-supercompressed KTX 2 file, each level's frame in ``contents``.
    let zstdLevels: [Range<Int>]?
    /// Row alignment of uncompressed data (1 for PVR, 4 for KTX 1.1).
    let rowAlignment: Int
    /// Why ``image(level:face:)`` cannot unpack the data although the format has a packing, if so.
    let unpackProblem: String?
    /// The header fields as stored, for ``formatCode`` and ``details``.
    let header: HeaderFields
    /// Where the PVR v3 metadata blocks or KTX 1.1 key/value pairs lie in ``contents``.
    let metadataRange: Range<Int>
    /// End of the header, its metadata and indexes.
    let headerEnd: Int
    /// End of the last byte the texture's levels occupy (``headerEnd`` when their size is unknown).
    let dataEnd: Int

    /// The header fields of each container, as stored.
    enum HeaderFields: Sendable {
        case pvr2(PVRv2Header)
        case pvr3(PVRv3Header)
        case ktx(KTXHeader)
        case ktx2(KTX2Header)
    }

    /// Reads and describes the file at `url`, with the bytes of its levels.
    /// - Parameters:
    ///   - url: The file.
    ///   - pixelLimit: Refuses a texture whose level 0 has more pixels (or whose faces, array surfaces
    ///     and depth slices together have more than six times as many) from its header, before any
    ///     level is read or inflated.
    /// - Throws: ``TextureFormatError`` naming the file as given.
    public static func read(from url: URL, pixelLimit: PixelLimit = .standard) throws -> TextureFileDescription {
        try describe(ContainerSource(url: url), pixelLimit: pixelLimit, readingLevels: true)
    }

    /// Reads and describes the header of the file at `url` without reading its levels (what `info`
    /// prints; a `.pvr.ccz` or `.pvr.gz` file is inflated as far as its levels, to prove it holds
    /// them); ``image(level:face:threads:)`` cannot decode a bare file's result.
    /// - Throws: ``TextureFormatError`` naming the file as given.
    package static func readHeader(from url: URL) throws -> TextureFileDescription {
        try describe(ContainerSource(url: url), pixelLimit: nil, readingLevels: false)
    }

    /// Describes a whole file in memory.
    /// - Parameters:
    ///   - bytes: The file (bare, `.pvr.ccz` or `.pvr.gz`).
    ///   - file: Names the file in errors.
    ///   - pixelLimit: As in ``read(from:pixelLimit:)``.
    /// - Throws: ``TextureFormatError`` naming `file`: unknown container, malformed header, sizes out of
    ///   range or over the pixel limit, or fewer bytes than the header announces.
    public static func parse(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws
        -> TextureFileDescription
    {
        try describe(ContainerSource(bytes: bytes, file: file), pixelLimit: pixelLimit, readingLevels: true)
    }

    private static func describe(_ source: ContainerSource, pixelLimit: PixelLimit?, readingLevels: Bool) throws
        -> TextureFileDescription
    {
        let file = source.file
        let head = try source.bytes(0..<min(source.size, PVRv2Header.size), what: "the header")
        guard let container = TextureFile.detect(head) else {
            if source.size == 0 {
                throw TextureFormatError.truncated(file: file, reason: "the file is empty")
            }
            throw TextureFormatError.unrecognizedContainer(file: file)
        }
        let shape = Shape(file: file, pixelLimit: pixelLimit)
        var description: TextureFileDescription
        switch container {
        case .pvr2: description = try describePVRv2(source, shape)
        case .pvr3: description = try describePVRv3(source, shape)
        case .ktx: description = try describeKTX(source, shape)
        case .ktx2, .ktx2Zstd: description = try describeKTX2(source, shape)
        case .pvrCCZ, .pvrGzip:
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "a compressed file inside a compressed file")
        }
        description.wrapper = source.wrapper
        // A wrapped file is inflated as far as its levels even when only described: its stream is
        // only known to hold them once it has given them.
        let reading = readingLevels || source.wrapper != nil
        description.contents = try source.prefix(
            reading ? description.dataEnd : description.headerEnd, what: "the levels")
        return description
    }

    /// Bytes after the texture's levels that its container does not account for (PVR and KTX 1.1
    /// levels end the file), known from the file's size without reading them.
    var trailingByteCount: Int {
        container == .ktx2 || container == .ktx2Zstd || levelByteCounts == nil ? 0 : containerByteCount - dataEnd
    }

    /// The PVRTC1 variant of the data (decoded by ``image(level:face:)`` with the CPU decoder), or
    /// `nil` for any other format.
    package var pvrtcFormat: PVRTCFormat? { pixelFormat.pvrtcFormat }

    /// The bytes that hold level `level` and where each of its faces (array surface 0) starts in them:
    /// ``contents`` itself, or for a Zstandard-supercompressed KTX 2 file the level's inflated frame.
    /// - Throws: ``TextureFormatError`` when the level's size is unknown, its bytes were not read, or
    ///   its frame is damaged.
    func levelStorage(_ level: Int) throws -> (bytes: [UInt8], faceStarts: [Int]) {
        guard let faceOffsets, let levelByteCounts, faceOffsets.indices.contains(level) else {
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: pixelFormat.name)
        }
        if let zstdLevels {
            let frame = zstdLevels[level]
            guard frame.upperBound <= contents.count else {
                throw TextureFormatError.truncated(file: file, reason: "level \(level) was not read")
            }
            let inflated = try Zstd.decompress(
                contents[frame],
                expectedSize: try HeaderArithmetic.product(
                    levelByteCounts[level], faceCount, file: file, what: "level \(level)"),
                file: file, what: "level \(level)")
            return (inflated, faceOffsets[level])
        }
        return (contents, faceOffsets[level])
    }

    /// Level `level`, face `face` (array surface 0): its bytes, bounds checked; from `storage` (the
    /// level's ``levelStorage(_:)``, so that a level's faces share one inflation) when given.
    func faceBytes(level: Int, face: Int, in storage: (bytes: [UInt8], faceStarts: [Int])? = nil) throws
        -> ArraySlice<UInt8>
    {
        let (bytes, starts) = try storage ?? levelStorage(level)
        let count = levelByteCounts?[level] ?? 0
        let start = starts[face]
        guard start >= 0, start <= bytes.count, count <= bytes.count - start else {
            throw TextureFormatError.truncated(file: file, reason: "level \(level), face \(face) was not read")
        }
        return bytes[start..<(start + count)]
    }

    /// Level `level`, face `face` (array surface 0, depth slice 0) as an RGBA image, rows as stored
    /// (apply ``orientation`` to make it upright).
    ///
    /// PVRTC1 4bpp and 2bpp faces are decoded with `PVRTCDecoder` (so cube maps decode face by face).
    /// Uncompressed channels widen to 8 bits by rounding `value * 255 / max`; luminance fills R, G and B,
    /// intensity all four; missing channels are 0 (alpha 255).
    /// - Throws: ``TextureFormatError/unsupportedPixelFormat(file:format:)`` naming the format when
    ///   pvrc cannot unpack it (other block-compressed formats, float, signed, > 8-bit channels, twiddled),
    ///   or ``TextureFormatError/invalidDimensions(file:reason:)`` for a level or face out of range.
    public func image(level: Int, face: Int = 0, threads: Int = 1) throws -> RGBAImage {
        guard (0..<levelCount).contains(level) else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "mip level \(level) does not exist (the texture has \(levelCount) levels)")
        }
        guard (0..<faceCount).contains(face) else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "face \(face) does not exist (the file has \(faceCount))")
        }
        let w = max(width >> level, 1)
        let h = max(height >> level, 1)
        if let pvrtcFormat, faceOffsets != nil {
            let data = Array(try faceBytes(level: level, face: face))
            do {
                return PVRTCDecoder.decode(
                    try PVRTCImage(width: w, height: h, data: data, format: pvrtcFormat), threads: threads)
            } catch {
                throw TextureFormatError.invalidDimensions(file: file, reason: "\(error)")
            }
        }
        let packing = try unpacking()
        let (bytes, starts) = try levelStorage(level)
        return try UncompressedUnpacking.unpack(
            bytes, at: starts[face], width: w, height: h, channels: pixelFormat.channels, packing: packing,
            rowAlignment: rowAlignment, file: file)
    }

    /// How the pixels of an uncompressed format are stored, when pvrc can unpack them (and so
    /// ``image(level:face:threads:)`` and ``glLevel(level:face:)`` can read them).
    /// - Throws: ``TextureFormatError/unsupportedPixelFormat(file:format:)`` naming the format and why
    ///   (compressed, float, signed, > 8-bit channels, twiddled).
    package func unpacking() throws -> TexturePixelFormat.Packing {
        guard let packing = pixelFormat.packing, unpackProblem == nil, faceOffsets != nil else {
            var reason = pixelFormat.name
            if let unpackProblem {
                reason += " (\(unpackProblem))"
            } else if pixelFormat.isCompressed {
                reason +=
                    " (compressed; pvrc decodes PVRTC1 and PVRTC2 at 4 and 2 bpp and the common uncompressed formats)"
            } else {
                reason += " (pvrc unpacks 8-bit channels and 16-bit packed pixels only)"
            }
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: reason)
        }
        return packing
    }
}
