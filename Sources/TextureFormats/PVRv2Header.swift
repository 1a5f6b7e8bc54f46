/// The 52-byte legacy PVR (v2) header: 13 little-endian `UInt32` fields, height before width.
///
/// This is the layout `PVRTexToolCLI -legacypvr` and Apple's `texturetool -f PVR` write and that
/// Apple's `PVRTexture` sample loader reads. The struct holds the raw field values; meaning is
/// checked by ``TextureFileDescription`` and produced by ``PVRv2Writer``.
struct PVRv2Header: Equatable {
    /// Size of the header in bytes; 52 for v2 (v1 files used 44 and had no tag).
    static let size = 52
    /// Value of `headerSize` in a v2 file.
    static let headerSizeV2: UInt32 = 52
    /// Value of `headerSize` in a v1 file, which pvrc rejects.
    static let headerSizeV1: UInt32 = 44
    /// `pvrTag`: the bytes 'P','V','R','!' read as a little-endian `UInt32`.
    static let tag: UInt32 = 0x2152_5650
    /// Offset of `pvrTag` in the file, used for container detection.
    static let tagOffset = 44

    /// Refuses a PVR v1 file (44-byte header, no tag) with a message that says what to do; `reader` is
    /// placed at the header and is not moved.
    static func refuseVersion1(_ reader: ByteReader) throws {
        guard reader.remaining >= 4 else { return }
        var probe = reader
        if try probe.uint32("headerSize") == headerSizeV1 {
            throw TextureFormatError.unsupportedFeature(
                file: reader.file, reason: "PVR v1 (44-byte header); re-save the file as PVR v2 or v3")
        }
    }

    /// `pfFlags` bit: the file holds mip levels below level 0.
    static let flagMipmap: UInt32 = 0x100
    /// `pfFlags` bit: the file is a cube map (six surfaces).
    static let flagCubemap: UInt32 = 0x1000
    /// `pfFlags` bit: the file is a volume texture.
    static let flagVolume: UInt32 = 0x4000
    /// `pfFlags` bit (v2.1): the texture has alpha.
    static let flagAlpha: UInt32 = 0x8000
    /// `pfFlags` bit (v2.1): the texture is stored vertically flipped, bottom row first.
    static let flagVerticalFlip: UInt32 = 0x10000

    /// Header size in bytes (field 1).
    var headerSize: UInt32
    /// Height of level 0 (field 2, before width).
    var height: UInt32
    /// Width of level 0 (field 3).
    var width: UInt32
    /// Number of mip levels *below* level 0.
    var mipMapCount: UInt32
    /// Pixel type in the low byte, flag bits above it.
    var pixelFormatFlags: UInt32
    /// Bytes of all levels of one surface.
    var dataSize: UInt32
    /// Bits per pixel (4 for PVRTC1 4bpp, 2 for 2bpp).
    var bitCount: UInt32
    /// Red bit mask (unused for compressed data).
    var redMask: UInt32
    /// Green bit mask (unused for compressed data).
    var greenMask: UInt32
    /// Blue bit mask (unused for compressed data).
    var blueMask: UInt32
    /// Alpha bit mask; non-zero marks an RGBA texture (Apple's loader looks only at this).
    var alphaMask: UInt32
    /// 'PVR!'.
    var pvrTag: UInt32
    /// Number of surfaces (cube faces or volume slices).
    var surfaceCount: UInt32

    /// Reads the 13 fields.
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` when fewer than 52 bytes remain.
    init(reading reader: inout ByteReader) throws {
        try reader.require(PVRv2Header.size, for: "the 52-byte PVR v2 header")
        headerSize = try reader.uint32("headerSize")
        height = try reader.uint32("height")
        width = try reader.uint32("width")
        mipMapCount = try reader.uint32("mipMapCount")
        pixelFormatFlags = try reader.uint32("pfFlags")
        dataSize = try reader.uint32("dataSize")
        bitCount = try reader.uint32("bitCount")
        redMask = try reader.uint32("rMask")
        greenMask = try reader.uint32("gMask")
        blueMask = try reader.uint32("bMask")
        alphaMask = try reader.uint32("aMask")
        pvrTag = try reader.uint32("pvrTag")
        surfaceCount = try reader.uint32("numSurfs")
    }

    /// Creates a header from field values.
    init(
        headerSize: UInt32, height: UInt32, width: UInt32, mipMapCount: UInt32, pixelFormatFlags: UInt32,
        dataSize: UInt32, bitCount: UInt32, redMask: UInt32, greenMask: UInt32, blueMask: UInt32,
        alphaMask: UInt32, pvrTag: UInt32, surfaceCount: UInt32
    ) {
        self.headerSize = headerSize
        self.height = height
        self.width = width
        self.mipMapCount = mipMapCount
        self.pixelFormatFlags = pixelFormatFlags
        self.dataSize = dataSize
        self.bitCount = bitCount
        self.redMask = redMask
        self.greenMask = greenMask
        self.blueMask = blueMask
        self.alphaMask = alphaMask
        self.pvrTag = pvrTag
        self.surfaceCount = surfaceCount
    }

    /// Appends the 52 header bytes.
    func write(to writer: inout ByteWriter) {
        for field in [
            headerSize, height, width, mipMapCount, pixelFormatFlags, dataSize, bitCount,
            redMask, greenMask, blueMask, alphaMask, pvrTag, surfaceCount,
        ] {
            writer.uint32(field)
        }
    }
}
