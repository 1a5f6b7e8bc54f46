import PVRTC

/// Writes PVR v3 files (the default output of current PVRTexToolCLI).
///
/// Header: flags 0, or 0x02 for premultiplied alpha; pixel format and colour space from
/// ``PixelFormatTable`` (2 / 3 for PVRTC1 4bpp RGB / RGBA, 0 / 1 for 2bpp; colour space 0 linear, 1 sRGB); channel type 0; depth and
/// surfaces 1, faces 1 (6 for a cube map); mip count **including** level 0. One metadata block records the orientation: FourCC
/// 'P','V','R',3, key 3, three bytes x, y, z holding Imagination's axis enum values (`1 << axis`):
/// x = 1 when x increases leftwards (`--flip x`), y = 2 when y increases upwards (`--flip y`, bottom
/// row first), z = 0 (z out would be 4); 0,0,0 means rows top-down. The PowerVR SDK compares each byte
/// with its enum value, so a y byte of 1 would lose the flip in Imagination's tools.
/// Levels follow, largest first, each with its faces in turn.
enum PVRv3Writer {
    /// Orientation byte for x increasing leftwards (the SDK's `AxisOrientationLeft`, `1 << 0`).
    static let orientationXLeft: UInt8 = 1
    /// Orientation byte for y increasing upwards (the SDK's `AxisOrientationUp`, `1 << 1`).
    static let orientationYUp: UInt8 = 2

    /// The orientation metadata block: FourCC, key 3, size 3, then the x, y and z bytes.
    static func orientationMetadata(_ orientation: TextureOrientation) -> [UInt8] {
        var writer = ByteWriter()
        writer.uint32(PVRv3Header.version)
        writer.uint32(PVRv3Header.metadataKeyOrientation)
        writer.uint32(3)
        writer.append([orientation.xLeft ? orientationXLeft : 0, orientation.yUp ? orientationYUp : 0, 0])
        return writer.bytes
    }

    /// The header for `texture` (face 0 of `faceCount`, 1 or 6).
    static func header(for texture: PVRTCTexture, faceCount: Int = 1) -> PVRv3Header {
        let codes = PixelFormatTable.codes(for: texture)
        return PVRv3Header(
            version: PVRv3Header.version,
            flags: texture.metadata.isPremultiplied ? PVRv3Header.flagPremultiplied : 0,
            pixelFormat: codes.pvrV3PixelFormat,
            colourSpace: codes.pvrV3ColourSpace,
            channelType: 0,
            height: UInt32(texture.height),
            width: UInt32(texture.width),
            depth: 1,
            surfaceCount: 1,
            faceCount: UInt32(faceCount),
            mipMapCount: UInt32(texture.levels.count),
            metaDataSize: UInt32(orientationMetadata(texture.metadata.orientation).count))
    }

    /// The complete file of `faces` (one, or six of a cube map sharing size, levels and metadata):
    /// header, metadata, then for each level each face's Morton-ordered blocks.
    static func serialize(faces: [PVRTCTexture]) -> [UInt8] {
        let texture = faces[0]
        let dataSize = faces.reduce(0) { $0 + $1.levels.reduce(0) { $0 + $1.data.count } }
        let metadata = orientationMetadata(texture.metadata.orientation)
        var writer = ByteWriter(capacity: PVRv3Header.size + metadata.count + dataSize)
        header(for: texture, faceCount: faces.count).write(to: &writer)
        writer.append(metadata)
        for level in texture.levels.indices {
            for face in faces { writer.append(face.levels[level].data) }
        }
        return writer.bytes
    }
}
