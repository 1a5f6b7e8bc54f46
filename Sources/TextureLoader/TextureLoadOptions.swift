import PVRTC

/// How a file's texture is uploaded. Part of the cache key: the same file loaded with different
/// options is two cache entries.
public struct TextureLoadOptions: Hashable, Sendable {
    /// Levels wider or taller than this are skipped, so the largest uploaded level is the first one
    /// that fits (`nil`: upload from level 0). A file whose smallest level is still larger uploads
    /// only that smallest level.
    public var maxDimension: Int?
    /// Upload the whole mip chain from the first uploaded level down (`true`), or that one level only.
    public var mipmaps: Bool

    /// Creates options; the defaults upload every level of the file.
    public init(maxDimension: Int? = nil, mipmaps: Bool = true) {
        self.maxDimension = maxDimension
        self.mipmaps = mipmaps
    }

    /// The levels of `texture` these options upload.
    public func levels(of texture: PVRTCTexture) -> Range<Int> {
        levels(of: .pvrtc(texture))
    }

    /// The levels of `content` these options upload (for a cube map, of each face).
    public func levels(of content: TextureContent) -> Range<Int> {
        let count = content.levelCount
        var first = 0
        if let maxDimension {
            while first < count - 1, Self.largerSide(of: content, level: first) > maxDimension {
                first += 1
            }
        }
        return mipmaps ? first..<count : first..<(first + 1)
    }

    /// The levels of a small preview of `texture`: the chain from the first level no wider or taller
    /// than `maxDimension`; `nil` when the full upload already fits in `maxDimension` or no smaller
    /// level does.
    public func previewLevels(of texture: PVRTCTexture, maxDimension: Int) -> Range<Int>? {
        previewLevels(of: .pvrtc(texture), maxDimension: maxDimension)
    }

    /// The levels of a small preview of `content` (for a cube map, of each face): the chain from the
    /// first level no wider or taller than `maxDimension`; `nil` when the full upload already fits in
    /// `maxDimension` or no smaller level does.
    public func previewLevels(of content: TextureContent, maxDimension: Int) -> Range<Int>? {
        let full = levels(of: content)
        guard Self.largerSide(of: content, level: full.lowerBound) > maxDimension,
            let first = (full.lowerBound + 1..<content.levelCount).first(where: {
                Self.largerSide(of: content, level: $0) <= maxDimension
            })
        else { return nil }
        return mipmaps ? first..<content.levelCount : first..<(first + 1)
    }

    /// The larger of the width and height of `level` of `content`.
    private static func largerSide(of content: TextureContent, level: Int) -> Int {
        let size = content.levelSize(level)
        return max(size.width, size.height)
    }
}
