/// The 64-byte KTX 1.1 header: a 12-byte identifier and 13 `UInt32` fields.
///
/// Key/value data (`bytesOfKeyValueData` bytes) follows, then for each level a `UInt32 imageSize`
/// and the level's bytes. ``TextureFileDescription`` checks the values and ``KTXWriter`` fills them.
struct KTXHeader: Equatable {
    /// The file identifier «KTX 11»\r\n\x1A\n.
    static let identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The first six identifier bytes of a KTX 2 file («KTX 2), which pvrc reports as unsupported.
    static let ktx2Prefix: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32]
    /// Size of the header in bytes.
    static let size = 64
    /// `endianness` as written by a machine with the file's byte order.
    static let endianness: UInt32 = 0x0403_0201
    /// `endianness` as read from a file of the other byte order.
    static let swappedEndianness: UInt32 = 0x0102_0304
    /// `GL_SRGB`, a base format some writers give sRGB data.
    static let glSRGB: UInt32 = 0x8C40
    /// `GL_SRGB_ALPHA`, a base format some writers give sRGB data with alpha.
    static let glSRGBAlpha: UInt32 = 0x8C42
    /// The key of the orientation key/value pair.
    static let orientationKey = "KTXorientation"
    /// pvrc's key for premultiplied alpha (KTX 1.1 defines none); its value is `true` or `false`.
    static let premultipliedKey = "pvrc.premultipliedAlpha"
    /// `GL_RGB`.
    static let glRGB = PixelFormatTable.glRGB
    /// `GL_RGBA`.
    static let glRGBA = PixelFormatTable.glRGBA

    /// Byte-order marker.
    var endianness: UInt32
    /// 0 for compressed data.
    var glType: UInt32
    /// 1 for compressed data.
    var glTypeSize: UInt32
    /// 0 for compressed data.
    var glFormat: UInt32
    /// The sized / compressed internal format (0x8C00...0x8C03, 0x8A54...0x8A57; ``PixelFormatTable``).
    var glInternalFormat: UInt32
    /// The base format (GL_RGB, GL_RGBA).
    var glBaseInternalFormat: UInt32
    /// Width of level 0.
    var pixelWidth: UInt32
    /// Height of level 0 (0 for 1D textures).
    var pixelHeight: UInt32
    /// Depth of level 0 (0 for 2D textures).
    var pixelDepth: UInt32
    /// Array length (0 when not an array).
    var numberOfArrayElements: UInt32
    /// 1, or 6 for cube maps.
    var numberOfFaces: UInt32
    /// Mip levels including level 0 (0 asks the loader to generate them).
    var numberOfMipmapLevels: UInt32
    /// Bytes of key/value data after the header.
    var bytesOfKeyValueData: UInt32

    /// Reads the identifier and the 13 fields.
    /// - Throws: ``TextureFormatError/truncated(file:reason:)`` when fewer than 64 bytes remain,
    ///   ``TextureFormatError/invalidHeader(file:reason:)`` for a wrong identifier.
    init(reading reader: inout ByteReader) throws {
        try reader.require(KTXHeader.size, for: "the 64-byte KTX header")
        guard try reader.bytes(KTXHeader.identifier.count, "identifier") == KTXHeader.identifier else {
            throw TextureFormatError.invalidHeader(file: reader.file, reason: "wrong KTX 1.1 identifier")
        }
        endianness = try reader.uint32("endianness")
        glType = try reader.uint32("glType")
        glTypeSize = try reader.uint32("glTypeSize")
        glFormat = try reader.uint32("glFormat")
        glInternalFormat = try reader.uint32("glInternalFormat")
        glBaseInternalFormat = try reader.uint32("glBaseInternalFormat")
        pixelWidth = try reader.uint32("pixelWidth")
        pixelHeight = try reader.uint32("pixelHeight")
        pixelDepth = try reader.uint32("pixelDepth")
        numberOfArrayElements = try reader.uint32("numberOfArrayElements")
        numberOfFaces = try reader.uint32("numberOfFaces")
        numberOfMipmapLevels = try reader.uint32("numberOfMipmapLevels")
        bytesOfKeyValueData = try reader.uint32("bytesOfKeyValueData")
    }

    /// Creates a header from field values.
    init(
        endianness: UInt32, glType: UInt32, glTypeSize: UInt32, glFormat: UInt32, glInternalFormat: UInt32,
        glBaseInternalFormat: UInt32, pixelWidth: UInt32, pixelHeight: UInt32, pixelDepth: UInt32,
        numberOfArrayElements: UInt32, numberOfFaces: UInt32, numberOfMipmapLevels: UInt32,
        bytesOfKeyValueData: UInt32
    ) {
        self.endianness = endianness
        self.glType = glType
        self.glTypeSize = glTypeSize
        self.glFormat = glFormat
        self.glInternalFormat = glInternalFormat
        self.glBaseInternalFormat = glBaseInternalFormat
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.pixelDepth = pixelDepth
        self.numberOfArrayElements = numberOfArrayElements
        self.numberOfFaces = numberOfFaces
        self.numberOfMipmapLevels = numberOfMipmapLevels
        self.bytesOfKeyValueData = bytesOfKeyValueData
    }

    /// Appends the 64 header bytes.
    func write(to writer: inout ByteWriter) {
        writer.append(KTXHeader.identifier)
        for field in [
            endianness, glType, glTypeSize, glFormat, glInternalFormat, glBaseInternalFormat, pixelWidth,
            pixelHeight, pixelDepth, numberOfArrayElements, numberOfFaces, numberOfMipmapLevels, bytesOfKeyValueData,
        ] {
            writer.uint32(field)
        }
    }
}
