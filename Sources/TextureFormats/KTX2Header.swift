/// The header and index of a KTX 2 file, the fields between the identifier and the level index
/// (``KTX2Layout``), as stored, with the level index and the basic Data Format Descriptor block that
/// follow them once ``TextureFileDescription`` has read those.
struct KTX2Header {
    let vkFormat: UInt32
    let pixelWidth: UInt32
    let pixelHeight: UInt32
    let pixelDepth: UInt32
    let layerCount: UInt32
    let faceCount: UInt32
    let levelCount: UInt32
    let supercompressionScheme: UInt32
    let dfdByteOffset: Int
    let dfdByteLength: Int
    let kvdByteOffset: Int
    let kvdByteLength: Int
    let sgdByteLength: UInt64
    /// The level index, level 0 first (empty until read).
    var levelIndex: [KTX2LevelEntry] = []
    /// The basic descriptor block of the DFD, when the DFD holds one.
    var dataFormat: KTX2BasicDescriptor?

    /// Reads the fields from a reader placed just after the identifier; it ends at the level index.
    init(reading reader: inout ByteReader) throws {
        try reader.require(KTX2Layout.levelIndexOffset - KTX2Layout.identifier.count, for: "the KTX 2 header")
        vkFormat = try reader.uint32("vkFormat")
        _ = try reader.uint32("typeSize")
        pixelWidth = try reader.uint32("pixelWidth")
        pixelHeight = try reader.uint32("pixelHeight")
        pixelDepth = try reader.uint32("pixelDepth")
        layerCount = try reader.uint32("layerCount")
        faceCount = try reader.uint32("faceCount")
        levelCount = try reader.uint32("levelCount")
        supercompressionScheme = try reader.uint32("supercompressionScheme")
        dfdByteOffset = Int(try reader.uint32("dfdByteOffset"))
        dfdByteLength = Int(try reader.uint32("dfdByteLength"))
        kvdByteOffset = Int(try reader.uint32("kvdByteOffset"))
        kvdByteLength = Int(try reader.uint32("kvdByteLength"))
        _ = try reader.uint64("sgdByteOffset")
        sgdByteLength = try reader.uint64("sgdByteLength")
    }
}

/// One entry of a KTX 2 level index, as stored.
struct KTX2LevelEntry: Sendable {
    /// Where the level's data starts in the file.
    let byteOffset: UInt64
    /// Bytes of the level's data as stored (supercompressed or not).
    let byteLength: UInt64
    /// Bytes of the level's data once inflated.
    let uncompressedByteLength: UInt64
}

/// The fields of a KTX 2 Data Format Descriptor's basic block that pvrc reads: its total size, the
/// vendor and descriptor type, the colour model, the flags and the texel block dimensions.
struct KTX2BasicDescriptor: Sendable {
    /// Bytes of the smallest DFD holding a basic block: `dfdTotalSize` and the block's 24-byte header.
    static let minimumByteCount = 28

    /// `dfdTotalSize`.
    let totalSize: UInt32
    /// `vendorId` (low 17 bits) and `descriptorType` (high 15 bits); 0 for a Khronos basic block.
    let vendorAndType: UInt32
    /// `colorModel` (164 for PVRTC).
    let colorModel: UInt32
    /// `flags` (bit 0: premultiplied alpha).
    let flags: UInt32
    /// `texelBlockDimension0...3`, each stored minus one.
    let blockDimensions: [UInt8]

    /// Reads the fields from the start of a DFD (its first 20 bytes).
    init(reading reader: inout ByteReader) throws {
        totalSize = try reader.uint32("dfdTotalSize")
        vendorAndType = try reader.uint32("vendorId/descriptorType")
        _ = try reader.uint32("versionNumber/descriptorBlockSize")
        let model = try reader.uint32("colorModel/primaries/transfer/flags")
        colorModel = model & 0xFF
        flags = model >> 24
        blockDimensions = try reader.bytes(4, "texelBlockDimension0...3")
    }
}
