import Imaging
import PVRTC

/// The header readers behind ``TextureFileDescription/parse(_:file:pixelLimit:)``, one per container.
/// Each reads its header and metadata from a ``ContainerSource``, works out every size with
/// ``HeaderArithmetic``, and records where the levels lie without reading them.
extension TextureFileDescription {
    /// The checks every container shares: sizes, level and face counts, the pixel limit.
    struct Shape {
        /// Names the file in errors.
        let file: String
        /// The limit applied to the declared size (`nil`: describe only, nothing per pixel is read).
        let pixelLimit: PixelLimit?

        /// Checks the sizes and returns the byte count of one face image per level (`nil` when the
        /// format's size is unknown).
        func check(
            width: UInt32, height: UInt32, depth: UInt32, levels: UInt64, faces: UInt32, arrays: UInt64,
            format: TexturePixelFormat?, rowAlignment: Int
        ) throws -> [Int]? {
            let limit = UInt32(PVRTCImage.maximumDimension)
            for (name, value) in [("width", width), ("height", height), ("depth", depth)] {
                guard value >= 1, value <= limit else {
                    throw TextureFormatError.invalidDimensions(
                        file: file, reason: "\(name) \(value) is outside 1...\(limit)")
                }
            }
            let full = PVRTCTexture.fullChainLength(width: Int(max(width, depth)), height: Int(height))
            guard levels >= 1, levels <= UInt64(full) else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "\(levels) mip levels, but a \(width)x\(height) chain has 1...\(full)")
            }
            guard faces == 1 || faces == 6 else {
                throw TextureFormatError.invalidHeader(file: file, reason: "\(faces) faces (1, or 6 for a cube map)")
            }
            if let pixelLimit {
                do throws(PixelLimitError) {
                    try pixelLimit.check(width: Int(width), height: Int(height), what: "texture")
                    // Faces, array surfaces and depth slices together: at most a cube map of the limit.
                    let surfaces = Int(faces) * Int(clamping: arrays) * Int(depth)
                    guard surfaces <= 6 || Int(width) * Int(height) <= pixelLimit.maximumPixels / surfaces * 6 else {
                        let (rows, overflow) = Int(height).multipliedReportingOverflow(by: surfaces)
                        throw PixelLimitError(
                            width: Int(width), height: overflow ? Int.max : rows,
                            limit: PixelLimit(
                                maximumPixels: pixelLimit.maximumPixels.multipliedReportingOverflow(by: 6).partialValue),
                            what: "\(surfaces) faces, array surfaces and depth slices together")
                    }
                } catch {
                    throw TextureFormatError.exceedsPixelLimit(file: file, error)
                }
            }
            guard let format else { return nil }
            var counts: [Int] = []
            for level in 0..<Int(levels) {
                guard
                    let count = format.byteCount(
                        width: max(Int(width) >> level, 1), height: max(Int(height) >> level, 1),
                        depth: max(Int(depth) >> level, 1), rowAlignment: rowAlignment)
                else {
                    throw TextureFormatError.invalidDimensions(file: file, reason: "level \(level) is too large")
                }
                counts.append(count)
            }
            return counts
        }

        /// Throws unless `size` is at most ``TextureFileDescription/maximumMetadataBytes``.
        func checkMetadata(_ size: Int, _ what: String) throws {
            guard size <= TextureFileDescription.maximumMetadataBytes else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "\(what) of \(size) bytes, over the \(TextureFileDescription.maximumMetadataBytes)-byte limit")
            }
        }
    }

    // MARK: PVR v2

    static func describePVRv2(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let bytes = try source.bytes(0..<min(source.size, PVRv2Header.size), what: "the PVR v2 header")
        var reader = ByteReader(bytes, file: file)
        try PVRv2Header.refuseVersion1(reader)
        let header = try PVRv2Header(reading: &reader)
        guard header.headerSize == PVRv2Header.headerSizeV2, header.pvrTag == PVRv2Header.tag else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "PVR v2 needs headerSize 52 and the 'PVR!' tag at offset 44")
        }
        let flags = header.pixelFormatFlags
        let known = PixelFormatTables.pvr2(pixelType: flags & 0xFF, bitCount: header.bitCount)
        let isCube = flags & PVRv2Header.flagCubemap != 0
        let faces: UInt32 = isCube ? 6 : 1
        let surfaces = max(header.surfaceCount, 1)
        let arrays = isCube ? max(surfaces / 6, 1) : surfaces
        let levels = UInt64(header.mipMapCount) + 1
        let counts = try shape.check(
            width: header.width, height: header.height, depth: 1, levels: levels, faces: faces,
            arrays: UInt64(arrays), format: known, rowAlignment: 1)
        var offsets: [[Int]]?
        var dataEnd = PVRv2Header.size
        if let counts {
            // Surface-major: each surface (face) holds all its levels in turn.
            let surfaceBytes = try HeaderArithmetic.sum(counts, file: file, what: "a surface")
            let data = try HeaderArithmetic.product(
                Int(faces), Int(arrays), surfaceBytes, file: file, what: "\(faces * arrays) surface(s)")
            dataEnd = try HeaderArithmetic.sum([PVRv2Header.size, data], file: file, what: "the levels")
            try source.require(dataEnd, what: "\(faces)x\(arrays) surface(s) of \(surfaceBytes) bytes")
            offsets = counts.indices.map { level in
                (0..<Int(faces)).map { face in
                    PVRv2Header.size + face * surfaceBytes + counts[..<level].reduce(0, +)
                }
            }
        }
        let twiddled = flags & 0x200 != 0 && known?.isCompressed == false
        let format = known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0)
        return TextureFileDescription(
            container: .pvr2, pixelFormat: format, width: Int(header.width), height: Int(header.height), depth: 1,
            levelCount: Int(levels), faceCount: Int(faces), arrayCount: Int(arrays),
            orientation: TextureOrientation(yUp: flags & PVRv2Header.flagVerticalFlip != 0),
            hasAlpha: format.isCompressed
                ? flags & PVRv2Header.flagAlpha != 0 || header.alphaMask != 0 : format.hasAlphaChannel,
            colorSpace: .linear, isPremultiplied: false, levelByteCounts: counts, containerByteCount: source.size,
            storedByteCount: source.storedSize, file: file, faceOffsets: offsets, zstdLevels: nil, rowAlignment: 1,
            unpackProblem: twiddled ? "twiddled pixels" : nil, header: .pvr2(header), metadataRange: 0..<0,
            headerEnd: PVRv2Header.size, dataEnd: dataEnd)
    }

    // MARK: PVR v3

    static func describePVRv3(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        var reader = ByteReader(
            try source.bytes(0..<min(source.size, PVRv3Header.size), what: "the PVR v3 header"), file: file)
        let header = try PVRv3Header(reading: &reader)
        guard header.version == PVRv3Header.version else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "big-endian PVR v3 file (version reads 0x50565203)")
        }
        let known = PixelFormatTables.pvr3(pixelFormat: header.pixelFormat)
        let surfaces = max(header.surfaceCount, 1)
        let counts = try shape.check(
            width: header.width, height: header.height, depth: header.depth, levels: UInt64(header.mipMapCount),
            faces: header.faceCount, arrays: UInt64(surfaces), format: known, rowAlignment: 1)
        let metaSize = Int(header.metaDataSize)
        try shape.checkMetadata(metaSize, "metaDataSize")
        let metaEnd = PVRv3Header.size + metaSize
        var metadataReader = ByteReader(
            try source.bytes(0..<metaEnd, what: "\(metaSize) bytes of metadata"), file: file, offset: PVRv3Header.size)
        var orientation = TextureOrientation.topDown
        try PVRv3Header.walkMetadata(&metadataReader, end: metaEnd) { fourCC, key, data in
            if fourCC == PVRv3Header.version, key == PVRv3Header.metadataKeyOrientation, data.count >= 2 {
                orientation = TextureOrientation(xLeft: data[data.startIndex] != 0, yUp: data[data.startIndex + 1] != 0)
            }
        }
        var offsets: [[Int]]?
        var dataEnd = metaEnd
        if let counts {
            // Mip-major: for each level, each surface, each face.
            let perSurface = Int(header.faceCount)
            var levelOffsets: [[Int]] = []
            for count in counts {
                let start = dataEnd
                levelOffsets.append((0..<perSurface).map { start + $0 * count })
                let level = try HeaderArithmetic.product(
                    count, perSurface, Int(surfaces), file: file, what: "a level of \(surfaces) surface(s)")
                dataEnd = try HeaderArithmetic.sum([dataEnd, level], file: file, what: "the levels")
            }
            try source.require(
                dataEnd, what: "\(counts.count) level(s) of \(perSurface) face(s) and \(surfaces) surface(s)")
            offsets = levelOffsets
        }
        let unsigned: Set<UInt32> = [0, 2, 4, 6]
        let channelType =
            header.channelType < PixelFormatTables.pvr3ChannelTypes.count
            ? PixelFormatTables.pvr3ChannelTypes[Int(header.channelType)] : "unknown"
        let format = known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0)
        return TextureFileDescription(
            container: .pvr3, pixelFormat: format, width: Int(header.width), height: Int(header.height),
            depth: Int(header.depth), levelCount: Int(header.mipMapCount), faceCount: Int(header.faceCount),
            arrayCount: Int(surfaces), orientation: orientation,
            hasAlpha: format.isCompressed ? [1, 3].contains(header.pixelFormat) : format.hasAlphaChannel,
            colorSpace: header.colourSpace == PVRv3Header.colourSpaceSRGB ? .srgb : .linear,
            isPremultiplied: header.flags & PVRv3Header.flagPremultiplied != 0, levelByteCounts: counts,
            containerByteCount: source.size, storedByteCount: source.storedSize, file: file, faceOffsets: offsets,
            zstdLevels: nil, rowAlignment: 1,
            unpackProblem: unsigned.contains(header.channelType) ? nil : "channel type \(channelType)",
            header: .pvr3(header), metadataRange: PVRv3Header.size..<metaEnd, headerEnd: metaEnd, dataEnd: dataEnd)
    }

    // MARK: KTX 1.1

    static func describeKTX(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let head = try source.bytes(0..<min(source.size, KTXHeader.size), what: "the KTX header")
        if head.starts(with: KTXHeader.ktx2Prefix) {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "KTX 2 (pvrc reads KTX 1.1)")
        }
        var reader = ByteReader(head, file: file)
        let header = try KTXHeader(reading: &reader)
        guard header.endianness == KTXHeader.endianness else {
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason: "endianness \(hex(header.endianness, digits: 8)) (pvrc reads little-endian KTX)")
        }
        let known = PixelFormatTables.ktx(
            glInternalFormat: header.glInternalFormat, glFormat: header.glFormat, glType: header.glType)
        let levels = max(header.numberOfMipmapLevels, 1)
        let arrays = max(header.numberOfArrayElements, 1)
        let faces = header.numberOfFaces
        let alignment = known?.isCompressed == false ? 4 : 1
        let counts = try shape.check(
            width: header.pixelWidth, height: max(header.pixelHeight, 1), depth: max(header.pixelDepth, 1),
            levels: UInt64(levels), faces: faces, arrays: UInt64(arrays), format: known, rowAlignment: alignment)
        guard header.bytesOfKeyValueData % 4 == 0 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "bytesOfKeyValueData \(header.bytesOfKeyValueData) is not a multiple of 4")
        }
        let kvdSize = Int(header.bytesOfKeyValueData)
        try shape.checkMetadata(kvdSize, "bytesOfKeyValueData")
        let kvdEnd = KTXHeader.size + kvdSize
        var kvdReader = ByteReader(
            try source.bytes(0..<kvdEnd, what: "\(kvdSize) bytes of key/value data"), file: file,
            offset: KTXHeader.size)
        let (orientation, premultiplied) = try KTXKeyValueData.parse(from: &kvdReader, byteCount: kvdSize)
        // Each level: imageSize, then the level (a non-array cube map: six faces, each padded to 4 bytes).
        var offsets: [[Int]] = []
        var start = kvdEnd
        for level in 0..<Int(counts == nil ? 0 : levels) {
            var sizeReader = ByteReader(
                try source.bytes(start..<(start + 4), what: "imageSize of level \(level)"), file: file)
            let imageSize = Int(try sizeReader.uint32("imageSize"))
            let count = counts?[level] ?? 0
            let faceStride: Int
            let levelBytes: Int
            if faces == 6 && header.numberOfArrayElements == 0 {
                faceStride = (imageSize + 3) / 4 * 4
                levelBytes = faceStride * 6
            } else {
                faceStride = count
                levelBytes = imageSize
            }
            let expected = try HeaderArithmetic.product(
                count, Int(arrays), file: file, what: "level \(level) of \(arrays) array element(s)")
            if count > faceStride || (faces == 1 && expected != imageSize) {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "imageSize of level \(level) is \(imageSize), expected \(expected)")
            }
            guard faceStride * Int(faces) <= levelBytes else {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "imageSize of level \(level) is \(imageSize), too small for \(faces) faces")
            }
            try source.require(start + 4 + levelBytes, what: "level \(level)")
            offsets.append((0..<Int(faces)).map { start + 4 + $0 * faceStride })
            start += 4 + (levelBytes + 3) / 4 * 4
        }
        let format = known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0)
        let codes = PixelFormatTable.codes(ktxInternalFormat: header.glInternalFormat)
        return TextureFileDescription(
            container: .ktx, pixelFormat: format, width: Int(header.pixelWidth),
            height: Int(max(header.pixelHeight, 1)), depth: Int(max(header.pixelDepth, 1)), levelCount: Int(levels),
            faceCount: Int(faces), arrayCount: Int(arrays), orientation: orientation,
            hasAlpha: codes?.hasAlpha ?? format.hasAlphaChannel, colorSpace: codes?.colorSpace ?? .linear,
            isPremultiplied: premultiplied, levelByteCounts: counts, containerByteCount: source.size,
            storedByteCount: source.storedSize, file: file, faceOffsets: counts == nil ? nil : offsets,
            zstdLevels: nil, rowAlignment: alignment, unpackProblem: nil, header: .ktx(header),
            metadataRange: KTXHeader.size..<kvdEnd, headerEnd: kvdEnd, dataEnd: min(start, source.size))
    }

    // MARK: KTX 2

    /// Any KTX 2 file's header; for PVRTC1 files (4bpp and 2bpp) also where the faces of every level lie,
    /// so cube maps decode face by face. Levels must follow the header, DFD and key/value data without
    /// overlapping them or leaving gaps wider than their alignment.
    static func describeKTX2(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let headerEnd0 = KTX2Layout.levelIndexOffset
        var reader = ByteReader(
            try source.bytes(0..<min(source.size, headerEnd0), what: "the KTX 2 header"), file: file,
            offset: KTX2Layout.identifier.count)
        let header = try KTX2Header(reading: &reader)
        let vkFormat = header.vkFormat
        let (width, height, depth) = (header.pixelWidth, header.pixelHeight, header.pixelDepth)
        let (layers, faces, levels) = (header.layerCount, header.faceCount, max(header.levelCount, 1))
        let scheme = header.supercompressionScheme
        let pvrtc = PixelFormatTable.format(ktx2VkFormat: vkFormat)
        let format =
            pvrtc.map { format, colorSpace in
                TexturePixelFormat.compressed(
                    "\(format.displayName) " + (colorSpace == .srgb ? "sRGB" : "UNORM"),
                    block: TexturePixelFormat.Block(
                        width: format.blockWidth, height: format.blockHeight, bytes: format.bytesPerBlock,
                        minimumBlocks: PVRTCFormat.minimumBlocksPerSide))
            }
            ?? TexturePixelFormat(
                name: KTX2Layout.pvrtcFormatNames[vkFormat] ?? "vkFormat \(vkFormat)", channels: [], bitsPerPixel: 0)
        let counts = try shape.check(
            width: width, height: max(height, 1), depth: max(depth, 1), levels: UInt64(levels), faces: faces,
            arrays: UInt64(max(layers, 1)), format: pvrtc == nil ? nil : format, rowAlignment: 1)
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
            orientation = try KTX2Reader.readOrientation(from: &kvd, byteCount: header.kvdByteLength)
        }
        var premultiplied = false
        let dfdEnd = header.dfdByteOffset + header.dfdByteLength
        if header.dfdByteLength >= 16, dfdEnd <= source.size {
            // dfdTotalSize, vendorId/descriptorType, versionNumber/descriptorBlockSize, then colorModel,
            // colorPrimaries, transferFunction and flags, one byte each.
            let flags = try source.bytes((header.dfdByteOffset + 15)..<(header.dfdByteOffset + 16), what: "the DFD")
            premultiplied = UInt32(flags[0]) & KTX2Layout.flagPremultiplied != 0
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
                _ = try index.uint64("uncompressedByteLength")
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
            orientation: orientation, hasAlpha: true, colorSpace: pvrtc?.colorSpace ?? .linear,
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

    static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: digits)
    }
}

extension TexturePixelFormat {
    /// Whether an uncompressed format stores alpha (an `a` or intensity channel).
    var hasAlphaChannel: Bool { channels.contains { $0.name == "a" || $0.name == "i" } }
}
