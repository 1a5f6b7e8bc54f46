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
        let count = texture.levels.count
        var first = 0
        if let maxDimension {
            while first < count - 1, max(texture.levels[first].width, texture.levels[first].height) > maxDimension {
                first += 1
            }
        }
        return mipmaps ? first..<count : first..<(first + 1)
    }

    /// The levels of a small preview of `texture`: the chain from the first level no wider or taller
    /// than `maxDimension`; `nil` when the full upload already fits in `maxDimension` or no smaller
    /// level does.
    public func previewLevels(of texture: PVRTCTexture, maxDimension: Int) -> Range<Int>? {
        let full = levels(of: texture)
        let base = texture.levels[full.lowerBound]
        guard max(base.width, base.height) > maxDimension,
            let first = texture.levels.indices.first(where: {
                $0 > full.lowerBound && max(texture.levels[$0].width, texture.levels[$0].height) <= maxDimension
            })
        else { return nil }
        return mipmaps ? first..<texture.levels.count : first..<(first + 1)
    }
}
