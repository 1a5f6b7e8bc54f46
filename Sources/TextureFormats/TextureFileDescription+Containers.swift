import PVRTC

/// The header readers behind ``TextureFileDescription/parse(_:file:)``, one per container.
extension TextureFileDescription {
    /// Checks the sizes every container shares and returns the byte count of one face image per
    /// level (`nil` when the format's size is unknown).
    private static func checkShape(
        width: UInt32, height: UInt32, depth: UInt32, levels: UInt32, faces: UInt32, format: TexturePixelFormat?,
        rowAlignment: Int, file: String
    ) throws -> [Int]? {
        let limit = UInt32(PVRTCImage.maximumDimension)
        for (name, value) in [("width", width), ("height", height), ("depth", depth)] {
            guard value >= 1, value <= limit else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "\(name) \(value) is outside 1...\(limit)")
            }
        }
        let full = PVRTCTexture.fullChainLength(width: Int(max(width, depth)), height: Int(height))
        guard levels >= 1, levels <= UInt32(full) else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "\(levels) mip levels, but a \(width)x\(height) chain has 1...\(full)")
        }
        guard faces == 1 || faces == 6 else {
            throw TextureFormatError.invalidHeader(file: file, reason: "\(faces) faces (1, or 6 for a cube map)")
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

    /// Throws unless `bytes` holds `end` bytes.
    private static func requireBytes(_ end: Int, in bytes: [UInt8], file: String, what: String) throws {
        guard end <= bytes.count else {
            throw TextureFormatError.truncated(
                file: file, reason: "\(what) need \(end) bytes but the file has \(bytes.count)")
        }
    }

    private static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: digits)
    }

    // MARK: PVR v2

    static func describePVRv2(_ bytes: [UInt8], file: String) throws -> TextureFileDescription {
        var reader = ByteReader(bytes, file: file)
        try PVRv2Header.refuseVersion1(reader)
        let header = try PVRv2Header(reading: &reader)
        guard header.headerSize == PVRv2Header.headerSizeV2, header.pvrTag == PVRv2Header.tag else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "PVR v2 needs headerSize 52 and the 'PVR!' tag at offset 44")
        }
        let flags = header.pixelFormatFlags
        let pixelType = flags & 0xFF
        let known = PixelFormatTables.pvr2(pixelType: pixelType, bitCount: header.bitCount)
        let isCube = flags & PVRv2Header.flagCubemap != 0
        let faces: UInt32 = isCube ? 6 : 1
        let surfaces = max(header.surfaceCount, 1)
        let arrays = isCube ? max(surfaces / 6, 1) : surfaces
        let levels = header.mipMapCount + 1
        let counts = try checkShape(
            width: header.width, height: header.height, depth: 1, levels: levels, faces: faces, format: known,
            rowAlignment: 1, file: file)
        var offsets: [[Int]]?
        if let counts {
            // Surface-major: each surface (face) holds all its levels in turn.
            let surfaceBytes = counts.reduce(0, +)
            try requireBytes(
                PVRv2Header.size + Int(faces * arrays) * surfaceBytes, in: bytes, file: file,
                what: "\(faces * arrays) surface(s) of \(surfaceBytes) bytes")
            offsets = counts.indices.map { level in
                (0..<Int(faces)).map { face in
                    PVRv2Header.size + face * surfaceBytes + counts[..<level].reduce(0, +)
                }
            }
        }
        var details = [
            "flags: \(hex(flags & ~0xFF, digits: 8))",
            "alpha: " + (flags & PVRv2Header.flagAlpha != 0 ? "flag 0x8000 set" : "flag not set")
                + ", alpha mask \(hex(header.alphaMask, digits: 8))",
            "bit count: \(header.bitCount)",
            "data size: \(header.dataSize) bytes per surface",
        ]
        let twiddled = flags & 0x200 != 0 && known?.isCompressed == false
        if twiddled { details.append("twiddled: pixels are stored in Morton order (flag 0x200)") }
        return TextureFileDescription(
            container: .pvr2, wrapper: nil,
            pixelFormat: known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0),
            formatCode: "pixel type \(hex(pixelType, digits: 2))", width: Int(header.width),
            height: Int(header.height), depth: 1, levelCount: Int(levels), faceCount: Int(faces),
            arrayCount: Int(arrays),
            orientation: TextureOrientation(yUp: flags & PVRv2Header.flagVerticalFlip != 0), details: details,
            metadata: [], levelByteCounts: counts, file: file, contents: bytes, faceOffsets: offsets,
            rowAlignment: 1, unpackProblem: twiddled ? "twiddled pixels" : nil)
    }

    // MARK: PVR v3

    static func describePVRv3(_ bytes: [UInt8], file: String) throws -> TextureFileDescription {
        var reader = ByteReader(bytes, file: file)
        let header = try PVRv3Header(reading: &reader)
        guard header.version == PVRv3Header.version else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "big-endian PVR v3 file (version reads 0x50565203)")
        }
        let known = PixelFormatTables.pvr3(pixelFormat: header.pixelFormat)
        let counts = try checkShape(
            width: header.width, height: header.height, depth: header.depth, levels: header.mipMapCount,
            faces: header.faceCount, format: known, rowAlignment: 1, file: file)
        let surfaces = max(header.surfaceCount, 1)
        try reader.require(Int(header.metaDataSize), for: "\(header.metaDataSize) bytes of metadata")
        let metaEnd = reader.offset + Int(header.metaDataSize)
        var metadata: [String] = []
        var orientation = TextureOrientation.topDown
        let keyNames = ["texture atlas", "normal map", "cube map order", "orientation", "border", "padding"]
        while reader.offset < metaEnd {
            guard metaEnd - reader.offset >= 12 else {
                throw TextureFormatError.invalidHeader(file: file, reason: "a metadata block overruns metaDataSize")
            }
            let fourCC = try reader.uint32("metadata FourCC")
            let key = try reader.uint32("metadata key")
            let size = try reader.uint32("metadata size")
            guard UInt64(size) <= UInt64(metaEnd - reader.offset) else {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "metadata block (key \(key)) of \(size) bytes overruns metaDataSize")
            }
            let data = try reader.bytes(Int(size), "metadata key \(key)")
            let ours = fourCC == PVRv3Header.version
            var line = ours ? "PVR3 key \(key)" : "FourCC \(hex(fourCC, digits: 8)) key \(key)"
            if ours, key < keyNames.count { line += " (\(keyNames[Int(key)]))" }
            line += ", \(size) bytes: " + data.prefix(16).map { String($0) }.joined(separator: " ")
            if data.count > 16 { line += " ..." }
            metadata.append(line)
            if ours, key == PVRv3Header.metadataKeyOrientation, data.count >= 2 {
                orientation = TextureOrientation(xLeft: data[0] != 0, yUp: data[1] != 0)
            }
        }
        var offsets: [[Int]]?
        if let counts {
            // Mip-major: for each level, each surface, each face.
            let perSurface = Int(header.faceCount)
            var start = metaEnd
            var levelOffsets: [[Int]] = []
            for count in counts {
                levelOffsets.append((0..<perSurface).map { start + $0 * count })
                start += count * perSurface * Int(surfaces)
            }
            try requireBytes(start, in: bytes, file: file, what: "\(counts.count) level(s)")
            offsets = levelOffsets
        }
        let channelTypes = PixelFormatTables.pvr3ChannelTypes
        let channelType =
            header.channelType < channelTypes.count ? channelTypes[Int(header.channelType)] : "unknown"
        let colourSpace = ["linear", "sRGB"]
        var details = [
            "colour space: "
                + (header.colourSpace < 2 ? colourSpace[Int(header.colourSpace)] : "unknown")
                + " (field \(header.colourSpace))",
            "channel type: \(channelType) (\(header.channelType))",
            "alpha: " + (header.flags & PVRv3Header.flagPremultiplied != 0 ? "premultiplied (flag 0x02)" : "straight"),
        ]
        if header.flags & ~PVRv3Header.flagPremultiplied != 0 {
            details.append("flags: \(hex(header.flags, digits: 8))")
        }
        let unsigned: Set<UInt32> = [0, 2, 4, 6]
        let problem = unsigned.contains(header.channelType) ? nil : "channel type \(channelType)"
        return TextureFileDescription(
            container: .pvr3, wrapper: nil,
            pixelFormat: known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0),
            formatCode: "pixelFormat \(hex(header.pixelFormat, digits: 16))", width: Int(header.width),
            height: Int(header.height), depth: Int(header.depth), levelCount: Int(header.mipMapCount),
            faceCount: Int(header.faceCount), arrayCount: Int(surfaces), orientation: orientation,
            details: details, metadata: metadata, levelByteCounts: counts, file: file, contents: bytes,
            faceOffsets: offsets, rowAlignment: 1, unpackProblem: problem)
    }

    // MARK: KTX 1.1

    static func describeKTX(_ bytes: [UInt8], file: String) throws -> TextureFileDescription {
        if bytes.starts(with: KTXHeader.ktx2Prefix) {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "KTX 2 (pvrc reads KTX 1.1)")
        }
        var reader = ByteReader(bytes, file: file)
        let header = try KTXHeader(reading: &reader)
        guard header.endianness == KTXHeader.endianness else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "endianness \(hex(header.endianness, digits: 8)) (pvrc reads little-endian KTX)")
        }
        let known = PixelFormatTables.ktx(
            glInternalFormat: header.glInternalFormat, glFormat: header.glFormat, glType: header.glType)
        let levels = max(header.numberOfMipmapLevels, 1)
        let arrays = max(header.numberOfArrayElements, 1)
        let faces = header.numberOfFaces
        let alignment = known?.isCompressed == false ? 4 : 1
        let counts = try checkShape(
            width: header.pixelWidth, height: max(header.pixelHeight, 1), depth: max(header.pixelDepth, 1),
            levels: levels, faces: faces, format: known, rowAlignment: alignment, file: file)
        guard header.bytesOfKeyValueData % 4 == 0 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "bytesOfKeyValueData \(header.bytesOfKeyValueData) is not a multiple of 4")
        }
        try reader.require(
            Int(header.bytesOfKeyValueData), for: "\(header.bytesOfKeyValueData) bytes of key/value data")
        var pairs = reader
        let (orientation, premultiplied) = try KTXKeyValueData.parse(
            from: &reader, byteCount: Int(header.bytesOfKeyValueData))
        var metadata: [String] = []
        while pairs.offset < reader.offset {
            let size = Int(try pairs.uint32("keyAndValueByteSize"))
            let pair = try pairs.bytes(size, "key/value pair")
            try pairs.skip((4 - size % 4) % 4, "key/value padding")
            let keyEnd = pair.firstIndex(of: 0) ?? pair.count
            let value = keyEnd < pair.count ? pair[(keyEnd + 1)...].prefix { $0 != 0 } : []
            metadata.append(
                String(decoding: pair[..<keyEnd], as: UTF8.self) + " = " + String(decoding: value, as: UTF8.self))
        }
        // Each level: imageSize, then the level (a non-array cube map: six faces, each padded to 4 bytes).
        var offsets: [[Int]] = []
        var start = reader.offset
        for level in 0..<Int(levels) {
            try requireBytes(start + 4, in: bytes, file: file, what: "imageSize of level \(level)")
            var sizeReader = ByteReader(bytes, file: file, offset: start)
            let imageSize = Int(try sizeReader.uint32("imageSize"))
            let faceStride: Int
            let levelBytes: Int
            if faces == 6 && header.numberOfArrayElements == 0 {
                faceStride = (imageSize + 3) / 4 * 4
                levelBytes = faceStride * 6
            } else {
                faceStride = counts?[level] ?? 0
                levelBytes = imageSize
            }
            if let counts, counts[level] > faceStride || (faces == 1 && counts[level] * Int(arrays) != imageSize) {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason: "imageSize of level \(level) is \(imageSize), expected \(counts[level] * Int(arrays))")
            }
            guard faceStride * Int(faces) <= levelBytes else {
                throw TextureFormatError.invalidHeader(
                    file: file, reason: "imageSize of level \(level) is \(imageSize), too small for \(faces) faces")
            }
            try requireBytes(start + 4 + levelBytes, in: bytes, file: file, what: "level \(level)")
            offsets.append((0..<Int(faces)).map { start + 4 + $0 * faceStride })
            start += 4 + (levelBytes + 3) / 4 * 4
        }
        let details = [
            "glInternalFormat: \(hex(header.glInternalFormat, digits: 4)), glFormat: \(hex(header.glFormat, digits: 4)), glType: \(hex(header.glType, digits: 4))",
            "glBaseInternalFormat: \(hex(header.glBaseInternalFormat, digits: 4))",
            "alpha: " + (premultiplied ? "premultiplied (pvrc.premultipliedAlpha)" : "straight"),
        ]
        return TextureFileDescription(
            container: .ktx, wrapper: nil,
            pixelFormat: known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0),
            formatCode: "glInternalFormat \(hex(header.glInternalFormat, digits: 4))", width: Int(header.pixelWidth),
            height: Int(max(header.pixelHeight, 1)), depth: Int(max(header.pixelDepth, 1)), levelCount: Int(levels),
            faceCount: Int(faces), arrayCount: Int(arrays), orientation: orientation, details: details,
            metadata: metadata, levelByteCounts: counts, file: file, contents: bytes,
            faceOffsets: counts == nil ? nil : offsets, rowAlignment: alignment, unpackProblem: nil)
    }

    // MARK: KTX 2

    /// Any KTX 2 file's header; for PVRTC1 files (4bpp and 2bpp) also the faces of every level (Zstandard
    /// levels are inflated), so cube maps decode face by face.
    static func describeKTX2(_ bytes: [UInt8], file: String) throws -> TextureFileDescription {
        var reader = ByteReader(bytes, file: file, offset: KTX2Layout.identifier.count)
        let header = try KTX2Header(reading: &reader)
        let vkFormat = header.vkFormat
        let (width, height, depth) = (header.pixelWidth, header.pixelHeight, header.pixelDepth)
        let (layers, faces, levels) = (header.layerCount, header.faceCount, max(header.levelCount, 1))
        let scheme = header.supercompressionScheme
        let (kvdOffset, kvdLength) = (header.kvdByteOffset, header.kvdByteLength)
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
        let counts = try checkShape(
            width: width, height: max(height, 1), depth: max(depth, 1), levels: levels, faces: faces,
            format: pvrtc == nil ? nil : format, rowAlignment: 1, file: file)
        var orientation = TextureOrientation.topDown
        if kvdOffset <= bytes.count, kvdLength <= bytes.count - kvdOffset {
            var kvd = ByteReader(bytes, file: file, offset: kvdOffset)
            orientation = try KTX2Reader.readOrientation(from: &kvd, byteCount: kvdLength)
        }
        var contents = bytes
        var offsets: [[Int]]?
        if let counts, layers == 0, depth == 0,
            scheme == KTX2Layout.supercompressionNone || scheme == KTX2Layout.supercompressionZstd
        {
            try reader.require(Int(levels) * KTX2Layout.levelIndexEntrySize, for: "the level index")
            var levelOffsets: [[Int]] = []
            var inflated: [UInt8] = []
            for level in 0..<Int(levels) {
                let offset = try reader.uint64("byteOffset")
                let length = try reader.uint64("byteLength")
                _ = try reader.uint64("uncompressedByteLength")
                let levelBytes = counts[level] * Int(faces)
                guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else {
                    throw TextureFormatError.truncated(
                        file: file, reason: "level \(level) lies outside the file's \(bytes.count) bytes")
                }
                var start = Int(offset)
                if scheme == KTX2Layout.supercompressionZstd {
                    let data = try Zstd.decompress(
                        bytes[start..<(start + Int(length))], expectedSize: levelBytes, file: file,
                        what: "level \(level)")
                    start = inflated.count
                    inflated += data
                } else {
                    guard length == UInt64(levelBytes) else {
                        throw TextureFormatError.invalidHeader(
                            file: file, reason: "byteLength of level \(level) is \(length), expected \(levelBytes)")
                    }
                }
                levelOffsets.append((0..<Int(faces)).map { start + $0 * counts[level] })
            }
            if scheme == KTX2Layout.supercompressionZstd { contents = inflated }
            offsets = levelOffsets
        }
        let schemes = ["none", "BasisLZ", "Zstandard", "ZLIB"]
        return TextureFileDescription(
            container: .ktx2, wrapper: nil, pixelFormat: format, formatCode: "vkFormat \(vkFormat)", width: Int(width),
            height: Int(max(height, 1)), depth: Int(max(depth, 1)), levelCount: Int(levels), faceCount: Int(faces),
            arrayCount: Int(max(layers, 1)), orientation: orientation,
            details: ["supercompression: " + (scheme < 4 ? schemes[Int(scheme)] : "scheme \(scheme)")], metadata: [],
            levelByteCounts: offsets == nil ? nil : counts, file: file, contents: contents, faceOffsets: offsets,
            rowAlignment: 1, unpackProblem: nil)
    }
}
