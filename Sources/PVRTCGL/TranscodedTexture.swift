import PVRTC

/// The blocks ``GLContext/transcode(_:to:)-(PVRTCTexture,_)`` made of a PVRTC texture or cube map: every
/// level of every face in ``target``'s format, with the source's size and metadata, ready for a file
/// (`pvrc transcode` writes them as KTX 2).
public struct TranscodedTexture: Sendable, Equatable {
    /// The block format of every level.
    public let target: TranscodeTarget
    /// Level 0's width in pixels.
    public let width: Int
    /// Level 0's height in pixels.
    public let height: Int
    /// The source's orientation, colour space and premultiplied flag. The blocks hold the colour values the
    /// source's words decode to, so an sRGB source gives blocks to be sampled through the target's sRGB form.
    public let metadata: TextureMetadata
    /// The block bytes, `levels[level][face]`: level 0 first, one face or the six of a cube map (+X, −X, +Y,
    /// −Y, +Z, −Z); each `ceil(w/4) * ceil(h/4)` blocks of ``TranscodeTarget/bytesPerBlock`` bytes, row-major,
    /// the level's top row of blocks first.
    public let levels: [[[UInt8]]]

    /// The number of faces: 1, or 6 for a cube map.
    public var faceCount: Int { levels.first?.count ?? 1 }

    /// The width and height of level `level`.
    public func size(ofLevel level: Int) -> (width: Int, height: Int) {
        (max(width >> level, 1), max(height >> level, 1))
    }
}
