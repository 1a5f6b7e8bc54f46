import Imaging
import PVRTC

/// The KTX 2 reader of ``TextureFileDescription``: the header, level index, Data Format Descriptor and
/// key/value data, levels none- or Zstandard-supercompressed.
extension TextureFileDescription {
    /// Any KTX 2 file's header; for PVRTC1 files (4bpp and 2bpp) also where the faces of every level lie,
    /// so cube maps decode face by face. Levels must follow the header, DFD and key/value data without
    /// overlapping them or leaving gaps wider than their alignment.
    static func describeKTX2(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let headerEnd0 = KTX2Layout.levelIndexOffset
        var reader = ByteReader(
            try source.bytes(0..<min(source.size, headerEnd0), what: "the KTX 2 header"), file: file,
            offset: KTX2Layout.identifier.count)
        var header = try KTX2Header(reading: &reader)
        let vkFormat = header.vkFormat
        let (width, height, depth) = (header.pixelWidth, header.pixelHeight, header.pixelDepth)
        let (layers, faces, levels) = (header.layerCount, header.faceCount, max(header.levelCount, 1))
        let scheme = header.supercompressionScheme
        let format = PixelFormatTable.ktx2(vkFormat: vkFormat)
        let counts = try shape.check(
            width: width, height: max(height, 1), depth: max(depth, 1), levels: UInt64(levels), faces: faces,
            arrays: UInt64(max(layers, 1)), format: format.pvrtcFormat == nil ? nil : format, rowAlignment: 1)
        let indexEnd = headerEnd0 + Int(levels) * KTX2Layout.levelIndexEntrySize
        try shape.checkMetadata(header.dfdByteLength, "dfdByteLength")
        try shape.checkMetadata(header.kvdByteLength, "kvdByteLength")
        // The DFD and key/value data lie between the level index and the levels.
        var regionEnd = indexEnd
        for (offset, length) in [
            (header.dfdByteOffset, header.dfdByteLength), (header.kvdByteOffset, header.kvdByteLength),
        ]
        where length > 0 {
            regionEnd = max(regionEnd, offset + length)
        }
        // The specification places them right after the index, so they are never read from far away
        // (which, inside a wrapper, would mean inflating everything before them).
        let compactEnd = indexEnd + header.dfdByteLength + header.kvdByteLength + 2 * maximumLevelGap
        guard regionEnd <= compactEnd else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason:
                    "the DFD and key/value data end at byte \(regionEnd), not right after the level index (\(indexEnd))"
            )
        }
        var orientation = TextureOrientation.topDown
        let kvdEnd = header.kvdByteOffset + header.kvdByteLength
        if header.kvdByteLength > 0, kvdEnd <= source.size {
            var kvd = ByteReader(
                try source.bytes(header.kvdByteOffset..<kvdEnd, what: "the key/value data"), file: file)
            orientation = try KTXKeyValueData.ktx2Orientation(from: &kvd, byteCount: header.kvdByteLength)
        }
        let dfdEnd = header.dfdByteOffset + header.dfdByteLength
        if header.dfdByteLength >= KTX2BasicDescriptor.minimumByteCount, dfdEnd <= source.size {
            var dfd = ByteReader(
                try source.bytes(
                    header.dfdByteOffset..<(header.dfdByteOffset + KTX2BasicDescriptor.minimumByteCount),
                    what: "the DFD"),
                file: file)
            header.dataFormat = try KTX2BasicDescriptor(reading: &dfd)
        }
        let premultiplied = (header.dataFormat?.flags ?? 0) & KTX2Layout.flagPremultiplied != 0
        if let pvrtc = format.pvrtcFormat {
            try checkPVRTCHeader(.ktx2(header), format: pvrtc, file: file)
        }
        let index = try source.bytes(0..<min(indexEnd, source.size), what: "the level index")
        var offsets: [[Int]]?
        var zstdLevels: [Range<Int>]?
        var dataEnd = index.count
        if let counts, layers == 0, depth == 0,
            scheme == KTX2Layout.supercompressionNone || scheme == KTX2Layout.supercompressionZstd
        {
            try source.require(indexEnd, what: "the level index")
            var index = ByteReader(index, file: file, offset: headerEnd0)
            var ranges: [Range<Int>] = []
            for level in 0..<Int(levels) {
                let offset = try index.uint64("byteOffset")
                let length = try index.uint64("byteLength")
                let entry = KTX2LevelEntry(
                    byteOffset: offset, byteLength: length,
                    uncompressedByteLength: try index.uint64("uncompressedByteLength"))
                header.levelIndex.append(entry)
                guard offset <= UInt64(source.size), length <= UInt64(source.size) - offset else {
                    throw TextureFormatError.truncated(
                        file: file,
                        reason:
                            "level \(level) (\(length) bytes at offset \(offset)) lies outside the file's \(source.size) bytes"
                    )
                }
                guard Int(offset) >= regionEnd else {
                    throw TextureFormatError.invalidHeader(
                        file: file,
                        reason:
                            "level \(level) starts at \(offset), inside the header, index and metadata (\(regionEnd) bytes)"
                    )
                }
                let levelBytes = try HeaderArithmetic.product(
                    counts[level], Int(faces), file: file, what: "level \(level)")
                if format.pvrtcFormat != nil {
                    try checkPVRTCLevel(
                        entry, level: level, bytes: levelBytes, zstd: scheme == KTX2Layout.supercompressionZstd,
                        file: file)
                }
                if scheme == KTX2Layout.supercompressionNone, length != UInt64(levelBytes) {
                    throw TextureFormatError.invalidHeader(
                        file: file, reason: "byteLength of level \(level) is \(length), expected \(levelBytes)")
                }
                ranges.append(Int(offset)..<Int(offset + length))
            }
            dataEnd = try checkPacking(
                ranges, after: indexEnd, metadata: header.dfdByteLength + header.kvdByteLength, file: file)
            if scheme == KTX2Layout.supercompressionZstd {
                zstdLevels = ranges
                offsets = counts.map { count in (0..<Int(faces)).map { $0 * count } }
            } else {
                offsets = zip(ranges, counts).map { range, count in
                    (0..<Int(faces)).map { range.lowerBound + $0 * count }
                }
            }
        }
        return TextureFileDescription(
            container: scheme == KTX2Layout.supercompressionZstd ? .ktx2Zstd : .ktx2, pixelFormat: format,
            width: Int(width), height: Int(max(height, 1)),
            depth: Int(max(depth, 1)), levelCount: Int(levels), faceCount: Int(faces), arrayCount: Int(max(layers, 1)),
            orientation: orientation, hasAlpha: true,
            colorSpace: PixelFormatTable.ktx2ColorSpace(vkFormat: vkFormat),
            isPremultiplied: premultiplied, levelByteCounts: offsets == nil ? nil : counts,
            containerByteCount: source.size,
            storedByteCount: source.storedSize, file: file, faceOffsets: offsets, zstdLevels: zstdLevels,
            rowAlignment: 1, unpackProblem: nil, header: .ktx2(header), metadataRange: 0..<0,
            headerEnd: index.count, dataEnd: dataEnd)
    }

    /// The most bytes of padding allowed between KTX 2 levels (and before the first): the alignment
    /// the specification asks for is at most 16, so anything wider is data the file has no use for.
    static let maximumLevelGap = 64

    /// Checks that the levels' byte ranges neither overlap each other nor leave gaps wider than
    /// ``maximumLevelGap`` (before the first: besides the `metadata` bytes of DFD and key/value data
    /// after the level index ending at `start`); returns where the last one ends.
    private static func checkPacking(_ ranges: [Range<Int>], after start: Int, metadata: Int, file: String) throws
        -> Int
    {
        var end = start
        var allowance = metadata + maximumLevelGap
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard range.lowerBound >= end else {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "levels overlap at bytes \(range.lowerBound)..<\(end)")
            }
            defer { allowance = maximumLevelGap }
            guard range.lowerBound - end <= allowance else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason: "\(range.lowerBound - end) unused bytes before the level at offset \(range.lowerBound)")
            }
            end = range.upperBound
        }
        return end
    }
}
