import FileIO
import Foundation
import Imaging
import PVRTC

/// What any PVR v2, PVR v3 or KTX 1.1 file (bare, `.pvr.ccz` or `.pvr.gz`) says about itself, whatever
/// its pixel format: the format, sizes, levels, faces, array surfaces, header fields and metadata. Also
/// unpacks the common uncompressed formats to RGBA (``image(level:face:threads:)``).
///
/// Unlike ``TextureFile``, which reads only PVRTC1 4bpp 2D textures, this reads every header; it
/// still checks that the file holds the bytes its header announces when the format's size is known.
public struct TextureFileDescription: Sendable {
    /// The container (``TextureContainer/pvr2``, ``TextureContainer/pvr3`` or ``TextureContainer/ktx``).
    public var container: TextureContainer
    /// The compression wrapper around it, if any (``TextureContainer/pvrCCZ``, ``TextureContainer/pvrGzip``).
    public var wrapper: TextureContainer?
    /// The pixel format.
    public var pixelFormat: TexturePixelFormat
    /// The header field that names the format and its value, e.g. `pixel type 0x10`.
    public var formatCode: String
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
    /// Header facts besides the above, one line each (colour space, channel type, flags, alpha).
    public var details: [String]
    /// The metadata blocks or key/value pairs, one line each.
    public var metadata: [String]
    /// Bytes of one face of each level (slice 0 included with all its depth), `nil` when the format's size is unknown.
    public var levelByteCounts: [Int]?

    /// Names the file in errors.
    package let file: String
    /// The file without its compression wrapper; for a Zstandard-supercompressed KTX 2 file, its
    /// inflated levels (see ``faceOffsets``).
    let contents: [UInt8]
    /// The file without its compression wrapper, as its container reader takes it.
    var unwrappedFile: [UInt8] = []
    /// Offset in ``contents`` of each level's faces (array surface 0), when known.
    let faceOffsets: [[Int]]?
    /// Row alignment of uncompressed data (1 for PVR, 4 for KTX 1.1).
    let rowAlignment: Int
    /// Why ``image(level:face:)`` cannot unpack the data although the format has a packing, if so.
    let unpackProblem: String?

    /// Reads and describes the file at `url`.
    /// - Throws: ``TextureFormatError`` naming the file as given.
    public static func read(from url: URL) throws -> TextureFileDescription {
        let file = try ContainerFileBytes.read(url)
        return try parse(file.bytes, file: file.name)
    }

    /// Describes a whole file.
    /// - Throws: ``TextureFormatError`` naming `file`: unknown container, malformed header, sizes out of
    ///   range, or fewer bytes than the header announces.
    public static func parse(_ bytes: [UInt8], file: String) throws -> TextureFileDescription {
        let (wrapper, contents) = try CompressedTextureWrapper.unwrap(bytes, file: file)
        guard let container = TextureFile.detect(contents) else {
            if contents.isEmpty {
                throw TextureFormatError.truncated(file: file, reason: "the file is empty")
            }
            throw TextureFormatError.unrecognizedContainer(file: file)
        }
        var description: TextureFileDescription
        switch container {
        case .pvr2: description = try describePVRv2(contents, file: file)
        case .pvr3: description = try describePVRv3(contents, file: file)
        case .ktx: description = try describeKTX(contents, file: file)
        case .ktx2, .ktx2Zstd: description = try describeKTX2(contents, file: file)
        case .pvrCCZ, .pvrGzip:
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "a compressed file inside a compressed file")
        }
        description.wrapper = wrapper
        description.unwrappedFile = contents
        return description
    }

    /// The PVRTC1 variant of the data (decoded by ``image(level:face:)`` with the CPU decoder), or
    /// `nil` for any other format.
    package var pvrtcFormat: PVRTCFormat? {
        PVRTCFormat.allCases.first { pixelFormat.name.hasPrefix($0.displayName) }
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
                file: file, reason: "level \(level) does not exist (the file has \(levelCount))")
        }
        guard (0..<faceCount).contains(face) else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "face \(face) does not exist (the file has \(faceCount))")
        }
        let w = max(width >> level, 1)
        let h = max(height >> level, 1)
        if let pvrtcFormat, let faceOffsets, let levelByteCounts {
            let start = faceOffsets[level][face]
            let data = Array(contents[start..<(start + levelByteCounts[level])])
            do {
                return PVRTCDecoder.decode(
                    try PVRTCImage(width: w, height: h, data: data, format: pvrtcFormat), threads: threads)
            } catch {
                throw TextureFormatError.invalidDimensions(file: file, reason: "\(error)")
            }
        }
        let (packing, faceOffsets) = try unpacking()
        return try UncompressedUnpacking.unpack(
            contents, at: faceOffsets[level][face], width: w, height: h, channels: pixelFormat.channels,
            packing: packing, rowAlignment: rowAlignment)
    }

    /// How the pixels of an uncompressed format are stored and where each level's faces start, when
    /// pvrc can unpack them (and so ``image(level:face:threads:)`` and ``glLevel(level:face:)`` can
    /// read them).
    /// - Throws: ``TextureFormatError/unsupportedPixelFormat(file:format:)`` naming the format and why
    ///   (compressed, float, signed, > 8-bit channels, twiddled).
    package func unpacking() throws -> (packing: TexturePixelFormat.Packing, faceOffsets: [[Int]]) {
        guard let packing = pixelFormat.packing, unpackProblem == nil, let faceOffsets else {
            var reason = pixelFormat.name
            if let unpackProblem {
                reason += " (\(unpackProblem))"
            } else if pixelFormat.isCompressed {
                reason += " (compressed; pvrc decodes PVRTC1 4bpp and 2bpp and the common uncompressed formats)"
            } else {
                reason += " (pvrc unpacks 8-bit channels and 16-bit packed pixels only)"
            }
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: reason)
        }
        return (packing, faceOffsets)
    }

    /// The file's PVRTC1 2D texture, read by its container's reader from the unwrapped bytes: what
    /// `TextureFile.parse(_:file:)` reads from the whole file, without inflating a wrapper twice.
    /// - Throws: ``TextureFormatError`` naming the file, as ``TextureFile/parse(_:file:)``.
    package func pvrtcTexture() throws -> PVRTCTexture {
        try TextureFile.parseBare(unwrappedFile, file: file).texture
    }
}
