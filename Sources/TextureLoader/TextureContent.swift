import Foundation
import Imaging
import PVRTC
import TextureFormats

/// What the loader read from a texture file, by kind: the value an uploader receives.
///
/// The kind comes from the file's content (its container header and pixel format), never from its
/// name: a `.pvr`, `.ktx`, `.ktx2`, `.pvr.ccz` or `.pvr.gz` file may hold any of them.
public enum TextureContent: Sendable {
    /// A PVRTC1 or PVRTC2 (4bpp or 2bpp) 2D texture with its mip levels.
    case pvrtc(PVRTCTexture)
    /// A PVRTC1 or PVRTC2 cube map: six square faces (+X, −X, +Y, −Y, +Z, −Z) sharing size and levels.
    case pvrtcCubeMap(PVRTCCubeMap)
    /// An uncompressed 2D texture or cube map (PVR v2, PVR v3 or KTX 1.1; RGBA8888, RGB565, RGBA4444,
    /// A8, LA88, BGRA8888, ...) in a format pvrc unpacks; its levels (of each face) come from
    /// `TextureFileDescription/glLevel(level:face:)`.
    case uncompressed(TextureFileDescription)

    /// Reads the file at `url` and sorts it by kind (see ``parse(_:file:pixelLimit:)``). This is the
    /// loader's default reader.
    ///
    /// The header is read first; a texture over `pixelLimit` is refused from it, and only the bytes its
    /// levels occupy are read (or inflated) after it.
    /// - Throws: `TextureFormatError` naming the file as given.
    public static func read(from url: URL, pixelLimit: PixelLimit = .standard) throws -> TextureContent {
        try sorting(TextureFileDescription.read(from: url, pixelLimit: pixelLimit))
    }

    /// Sorts a whole file (bare, `.pvr.ccz` or `.pvr.gz`) by kind and reads it.
    ///
    /// PVRTC with one face is read by its container's reader (as `TextureFile` reads it), with six
    /// faces as a `PVRTCCubeMap`; an uncompressed format pvrc can unpack is kept as its
    /// `TextureFileDescription`.
    /// - Throws: `TextureFormatError` naming `file`: `unsupportedPixelFormat` for other compressed
    ///   formats (ETC, ASTC, BC) and uncompressed ones pvrc cannot unpack, naming the format;
    ///   `unsupportedFeature` for arrays, volume textures and files with a face count other than 1 or
    ///   6 (six faces must be square); the container's errors for damaged files.
    public static func parse(_ bytes: [UInt8], file: String, pixelLimit: PixelLimit = .standard) throws
        -> TextureContent
    {
        try sorting(TextureFileDescription.parse(bytes, file: file, pixelLimit: pixelLimit))
    }

    /// The content of a described file, by kind (see ``parse(_:file:)``).
    private static func sorting(_ description: TextureFileDescription) throws -> TextureContent {
        let file = description.file
        guard description.depth == 1, description.arrayCount == 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason:
                    "\(description.arrayCount) array surface(s) of depth \(description.depth); the loader takes 2D textures and cube maps"
            )
        }
        guard description.faceCount == 1 || (description.faceCount == 6 && description.width == description.height)
        else {
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason:
                    "\(description.faceCount) faces of \(description.width)x\(description.height); a cube map has 6 square faces"
            )
        }
        if description.pvrtcFormat != nil {
            return description.faceCount == 1
                ? .pvrtc(try description.pvrtcTexture()) : .pvrtcCubeMap(try PVRTCCubeMap(description))
        }
        _ = try description.unpacking()
        return .uncompressed(description)
    }

    /// Width of level 0 (of one face).
    public var width: Int { levelSize(0).width }
    /// Height of level 0 (of one face).
    public var height: Int { levelSize(0).height }

    /// Mip levels in the file, level 0 included.
    public var levelCount: Int {
        switch self {
        case .pvrtc(let texture): return texture.levels.count
        case .pvrtcCubeMap(let cube): return cube.shape.levels.count
        case .uncompressed(let description): return description.levelCount
        }
    }

    /// 6 for a cube map, 1 for a 2D texture.
    public var faceCount: Int {
        switch self {
        case .pvrtc: return 1
        case .pvrtcCubeMap: return 6
        case .uncompressed(let description): return description.faceCount
        }
    }

    /// Width and height of level `level` (of one face); `level` must be below ``levelCount``.
    public func levelSize(_ level: Int) -> (width: Int, height: Int) {
        switch self {
        case .pvrtc(let texture): return (texture.levels[level].width, texture.levels[level].height)
        case .pvrtcCubeMap(let cube): return (cube.shape.levels[level].width, cube.shape.levels[level].height)
        case .uncompressed(let description):
            return (max(description.width >> level, 1), max(description.height >> level, 1))
        }
    }

    /// The file's orientation, premultiplied flag and colour space (an uncompressed file's
    /// orientation; its other fields keep their defaults).
    public var metadata: TextureMetadata {
        switch self {
        case .pvrtc(let texture): return texture.metadata
        case .pvrtcCubeMap(let cube): return cube.shape.metadata
        case .uncompressed(let description): return TextureMetadata(orientation: description.orientation)
        }
    }
}
