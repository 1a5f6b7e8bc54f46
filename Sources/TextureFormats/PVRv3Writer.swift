import PVRTC

/// Writes PVR v3 files (the default output of current PVRTexToolCLI).
///
/// Header: flags 0, pixel format 2 (PVRTC1 4bpp RGB) or 3 (RGBA), linear colour space, channel type 0,
/// depth / surfaces / faces 1, mip count **including** level 0. One metadata block records the
/// orientation: FourCC 'P','V','R',3, key 3, three bytes 0,0,0 (x increases rightwards, y downwards,
/// z outwards), i.e. rows are stored top-down. Levels follow, largest first.
enum PVRv3Writer {
    /// The orientation metadata block: FourCC, key 3, size 3, then x = 0, y = 0 (top-down), z = 0.
    static let orientationMetadata: [UInt8] = {
        var writer = ByteWriter()
        writer.uint32(PVRv3Header.version)
        writer.uint32(3)
        writer.uint32(3)
        writer.append([0, 0, 0])
        return writer.bytes
    }()

    /// The header for `texture`.
    static func header(for texture: PVRTCTexture) -> PVRv3Header {
        PVRv3Header(
            version: PVRv3Header.version,
            flags: 0,
            pixelFormat: texture.hasAlpha ? PVRv3Header.pixelFormatPVRTC4RGBA : PVRv3Header.pixelFormatPVRTC4RGB,
            colourSpace: PVRv3Header.colourSpaceLinear,
            channelType: 0,
            height: UInt32(texture.height),
            width: UInt32(texture.width),
            depth: 1,
            surfaceCount: 1,
            faceCount: 1,
            mipMapCount: UInt32(texture.levels.count),
            metaDataSize: UInt32(orientationMetadata.count))
    }

    /// The complete file: header, metadata, then every level's Morton-ordered blocks.
    static func serialize(_ texture: PVRTCTexture) -> [UInt8] {
        let dataSize = texture.levels.reduce(0) { $0 + $1.data.count }
        var writer = ByteWriter(capacity: PVRv3Header.size + orientationMetadata.count + dataSize)
        header(for: texture).write(to: &writer)
        writer.append(orientationMetadata)
        for level in texture.levels {
            writer.append(level.data)
        }
        return writer.bytes
    }
}
