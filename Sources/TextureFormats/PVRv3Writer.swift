import PVRTC

/// Writes PVR v3 files (the default output of current PVRTexToolCLI).
///
/// Header: flags 0, or 0x02 for premultiplied alpha; pixel format and colour space from
/// ``PixelFormatTable`` (2 / 3 for PVRTC1 4bpp RGB / RGBA, 0 / 1 for 2bpp; colour space 0 linear, 1 sRGB); channel type 0; depth / surfaces /
/// faces 1; mip count **including** level 0. One metadata block records the orientation: FourCC
/// 'P','V','R',3, key 3, three bytes x, y, z: x = 1 when x increases leftwards (`--flip x`), y = 1
/// when y increases upwards (`--flip y`, bottom row first), z = 0; 0,0,0 means rows top-down.
/// Levels follow, largest first.
enum PVRv3Writer {
    /// The orientation metadata block: FourCC, key 3, size 3, then the x, y and z bytes.
    static func orientationMetadata(_ orientation: TextureOrientation) -> [UInt8] {
        var writer = ByteWriter()
        writer.uint32(PVRv3Header.version)
        writer.uint32(PVRv3Header.metadataKeyOrientation)
        writer.uint32(3)
        writer.append([orientation.xLeft ? 1 : 0, orientation.yUp ? 1 : 0, 0])
        return writer.bytes
    }

    /// The header for `texture`.
    static func header(for texture: PVRTCTexture) -> PVRv3Header {
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
            faceCount: 1,
            mipMapCount: UInt32(texture.levels.count),
            metaDataSize: UInt32(orientationMetadata(texture.metadata.orientation).count))
    }

    /// The complete file: header, metadata, then every level's Morton-ordered blocks.
    static func serialize(_ texture: PVRTCTexture) -> [UInt8] {
        let dataSize = texture.levels.reduce(0) { $0 + $1.data.count }
        let metadata = orientationMetadata(texture.metadata.orientation)
        var writer = ByteWriter(capacity: PVRv3Header.size + metadata.count + dataSize)
        header(for: texture).write(to: &writer)
        writer.append(metadata)
        for level in texture.levels {
            writer.append(level.data)
        }
        return writer.bytes
    }
}
