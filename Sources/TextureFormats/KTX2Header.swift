/// The header and index of a KTX 2 file, the fields between the identifier and the level index
/// (``KTX2Layout``), as stored; what they may hold is checked by the readers.
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
