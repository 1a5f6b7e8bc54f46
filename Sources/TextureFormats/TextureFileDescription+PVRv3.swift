import Imaging
import PVRTC

/// The PVR v3 reader of ``TextureFileDescription``: the 52-byte header, its metadata blocks (the
/// orientation block read), mip-major levels.
extension TextureFileDescription {
    static func describePVRv3(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        var reader = ByteReader(
            try source.bytes(0..<min(source.size, PVRv3Header.size), what: "the PVR v3 header"), file: file)
        let header = try PVRv3Header(reading: &reader)
        guard header.version == PVRv3Header.version else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "big-endian PVR v3 file (version reads 0x50565203)")
        }
        let known = PixelFormatTable.pvr3(pixelFormat: header.pixelFormat)
        if let pvrtc = known?.pvrtcFormat {
            try checkPVRTCHeader(.pvr3(header), format: pvrtc, file: file)
        }
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
            if fourCC == PVRv3Header.version, key == PVRv3Header.metadataKeyOrientation {
                guard data.count >= 2 else {
                    throw TextureFormatError.invalidHeader(
                        file: file, reason: "orientation metadata has \(data.count) bytes, expected 3")
                }
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
            header.channelType < PixelFormatTable.pvr3ChannelTypes.count
            ? PixelFormatTable.pvr3ChannelTypes[Int(header.channelType)] : "unknown"
        let format = known ?? TexturePixelFormat(name: "unknown", channels: [], bitsPerPixel: 0)
        return TextureFileDescription(
            container: .pvr3, pixelFormat: format, width: Int(header.width), height: Int(header.height),
            depth: Int(header.depth), levelCount: Int(header.mipMapCount), faceCount: Int(header.faceCount),
            arrayCount: Int(surfaces), orientation: orientation,
            hasAlpha: format.isCompressed
                ? PixelFormatTable.entries.contains { $0.pvrV3PixelFormat == header.pixelFormat && $0.hasAlpha }
                : format.hasAlphaChannel,
            colorSpace: header.colourSpace == PVRv3Header.colourSpaceSRGB ? .srgb : .linear,
            isPremultiplied: header.flags & PVRv3Header.flagPremultiplied != 0, levelByteCounts: counts,
            containerByteCount: source.size, storedByteCount: source.storedSize, file: file, faceOffsets: offsets,
            zstdLevels: nil, rowAlignment: 1,
            unpackProblem: unsigned.contains(header.channelType) ? nil : "channel type \(channelType)",
            header: .pvr3(header), metadataRange: PVRv3Header.size..<metaEnd, headerEnd: metaEnd, dataEnd: dataEnd)
    }
}
