/// The 52-byte PVR v3 header. Every field is a little-endian `UInt32` except the 64-bit pixel format.
///
/// Metadata blocks (`metaDataSize` bytes) follow the header, then the level data, mip-major.
/// The struct holds raw values; ``TextureFileDescription`` checks them and ``PVRv3Writer`` fills them.
struct PVRv3Header: Equatable {
    /// Size of the fixed header in bytes.
    static let size = 52
    /// `version`: the bytes 'P','V','R',3 read as a little-endian `UInt32`.
    static let version: UInt32 = 0x0352_5650
    /// How `version` reads when the file was written with the other byte order.
    static let swappedVersion: UInt32 = 0x5056_5203
    /// Colour space value for linear RGB.
    static let colourSpaceLinear: UInt32 = 0
    /// Colour space value for sRGB.
    static let colourSpaceSRGB: UInt32 = 1
    /// `flags` bit: colour is premultiplied by alpha.
    static let flagPremultiplied: UInt32 = 0x02
    /// Metadata key of the orientation block (3 bytes: x, y, z; written as x left = 1, y up = 2, z out = 4; read as non-zero = flipped).
    static let metadataKeyOrientation: UInt32 = 3

    /// 'P','V','R',3.
    var version: UInt32
    /// Flags; 0x02 means premultiplied alpha.
    var flags: UInt32
    /// Compressed-format enum when the high 32 bits are 0, else channel names and bit counts.
    var pixelFormat: UInt64
    /// 0 linear, 1 sRGB.
    var colourSpace: UInt32
    /// Channel data type (0 = unsigned byte normalised).
    var channelType: UInt32
    /// Height of level 0.
    var height: UInt32
    /// Width of level 0.
    var width: UInt32
    /// Depth of level 0 (1 for 2D textures).
    var depth: UInt32
    /// Number of array surfaces.
    var surfaceCount: UInt32
    /// Number of cube faces (1 for 2D textures).
    var faceCount: UInt32
    /// Number of mip levels, **including** level 0.
    var mipMapCount: UInt32
    /// Bytes of metadata between the header and the level data.
    var metaDataSize: UInt32

    /// Reads the 12 fields.
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` when fewer than 52 bytes remain.
    init(reading reader: inout ByteReader) throws {
        try reader.require(PVRv3Header.size, for: "the 52-byte PVR v3 header")
        version = try reader.uint32("version")
        flags = try reader.uint32("flags")
        pixelFormat = try reader.uint64("pixelFormat")
        colourSpace = try reader.uint32("colourSpace")
        channelType = try reader.uint32("channelType")
        height = try reader.uint32("height")
        width = try reader.uint32("width")
        depth = try reader.uint32("depth")
        surfaceCount = try reader.uint32("numSurfaces")
        faceCount = try reader.uint32("numFaces")
        mipMapCount = try reader.uint32("mipMapCount")
        metaDataSize = try reader.uint32("metaDataSize")
    }

    /// Creates a header from field values.
    init(
        version: UInt32, flags: UInt32, pixelFormat: UInt64, colourSpace: UInt32, channelType: UInt32,
        height: UInt32, width: UInt32, depth: UInt32, surfaceCount: UInt32, faceCount: UInt32,
        mipMapCount: UInt32, metaDataSize: UInt32
    ) {
        self.version = version
        self.flags = flags
        self.pixelFormat = pixelFormat
        self.colourSpace = colourSpace
        self.channelType = channelType
        self.height = height
        self.width = width
        self.depth = depth
        self.surfaceCount = surfaceCount
        self.faceCount = faceCount
        self.mipMapCount = mipMapCount
        self.metaDataSize = metaDataSize
    }

    /// Appends the 52 header bytes.
    func write(to writer: inout ByteWriter) {
        writer.uint32(version)
        writer.uint32(flags)
        writer.uint64(pixelFormat)
        for field in [
            colourSpace, channelType, height, width, depth, surfaceCount, faceCount, mipMapCount, metaDataSize,
        ] {
            writer.uint32(field)
        }
    }
}

extension PVRv3Header {
    /// Walks the metadata blocks from `reader`'s offset to `end` (already known to be present), handing
    /// each block's FourCC, key and data to `body` without copying it; leaves `reader` at `end`.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` when a block overruns `end`, or
    ///   what `body` throws.
    static func walkMetadata(
        _ reader: inout ByteReader, end: Int, _ body: (UInt32, UInt32, ArraySlice<UInt8>) throws -> Void
    ) throws {
        while reader.offset < end {
            guard end - reader.offset >= 12 else {
                throw TextureFormatError.invalidHeader(
                    file: reader.file,
                    reason:
                        "metadata block at offset \(reader.offset) needs 12 header bytes but metaDataSize leaves \(end - reader.offset)"
                )
            }
            let fourCC = try reader.uint32("metadata FourCC")
            let key = try reader.uint32("metadata key")
            let size = try reader.uint32("metadata size")
            guard UInt64(size) <= UInt64(end - reader.offset) else {
                throw TextureFormatError.invalidHeader(
                    file: reader.file, reason: "metadata block (key \(key)) of \(size) bytes overruns metaDataSize")
            }
            try body(fourCC, key, try reader.slice(Int(size), "metadata key \(key)"))
        }
    }
}
