/// A PVRTC texture: a mip chain of levels of one ``PVRTCFormat``, largest first, and whether it carries
/// alpha.
///
/// The block bytes are the same for RGB and RGBA; `hasAlpha` only selects the container's pixel
/// format (and the GL internal format on upload).
public struct PVRTCTexture: Sendable, Equatable {
    /// Mip levels, level 0 first; each is half the size of the one before (never below 1).
    public var levels: [PVRTCImage]
    /// True for RGBA data (`COMPRESSED_RGBA_PVRTC_4BPPV1_IMG` / `..._2BPPV1_IMG`), false for opaque RGB;
    /// PVRTC2 has one GL format for both, so there it only records whether the source had alpha.
    public var hasAlpha: Bool
    /// Orientation, premultiplied alpha and colour space, as the file records them.
    public var metadata: TextureMetadata

    /// Creates a texture, checking that the levels form a mip chain.
    /// - Parameters:
    ///   - levels: The mip levels, largest first.
    ///   - hasAlpha: Whether the data is RGBA.
    ///   - metadata: Orientation, premultiplied alpha and colour space (default: top-down, straight, linear).
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` when the chain is empty or a level is
    ///   not half of its predecessor; ``PVRTCError/mixedFormats(level:format:expected:)`` when the levels'
    ///   formats differ.
    public init(levels: [PVRTCImage], hasAlpha: Bool, metadata: TextureMetadata = TextureMetadata()) throws {
        guard let first = levels.first else {
            throw PVRTCError.invalidDimensions(width: 0, height: 0, reason: "a texture needs at least one level")
        }
        var w = first.width
        var h = first.height
        for (index, level) in levels.enumerated().dropFirst() {
            guard level.format == first.format else {
                throw PVRTCError.mixedFormats(level: index, format: level.format, expected: first.format)
            }
            w = max(w / 2, 1)
            h = max(h / 2, 1)
            guard level.width == w, level.height == h else {
                throw PVRTCError.invalidDimensions(
                    width: level.width, height: level.height, reason: "mip level should be \(w)x\(h)")
            }
        }
        self.levels = levels
        self.hasAlpha = hasAlpha
        self.metadata = metadata
    }

    /// Level `index` of the chain.
    /// - Throws: ``PVRTCError/levelOutOfRange(level:count:)`` when the chain has no such level.
    public func level(_ index: Int) throws -> PVRTCImage {
        guard levels.indices.contains(index) else {
            throw PVRTCError.levelOutOfRange(level: index, count: levels.count)
        }
        return levels[index]
    }

    /// The variant of every level.
    public var format: PVRTCFormat { levels[0].format }
    /// Width of level 0.
    public var width: Int { levels[0].width }
    /// Height of level 0.
    public var height: Int { levels[0].height }

    /// Number of levels in a full chain down to 1x1 for a `width` x `height` base (any size: each level
    /// halves the one before, rounding down, never below 1).
    public static func fullChainLength(width: Int, height: Int) -> Int {
        var n = 1
        var w = width
        var h = height
        while w > 1 || h > 1 {
            w = max(w / 2, 1)
            h = max(h / 2, 1)
            n += 1
        }
        return n
    }
}

extension PVRTCTexture: CustomStringConvertible {
    /// For example `256x256 PVRTC1 4bpp RGBA texture, 9 levels`.
    public var description: String {
        let levels = levels.count == 1 ? "1 level" : "\(levels.count) levels"
        return "\(width)x\(height) \(format.displayName) \(hasAlpha ? "RGBA" : "RGB") texture, \(levels)"
    }
}
