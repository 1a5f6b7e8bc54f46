import Imaging
import PVRTC

/// The PVR v2 reader of ``TextureFileDescription``: the legacy 52-byte header, surface-major levels.
extension TextureFileDescription {
    static func describePVRv2(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let bytes = try source.bytes(0..<min(source.size, PVRv2Header.size), what: "the PVR v2 header")
        var reader = ByteReader(bytes, file: file)
        try PVRv2Header.refuseVersion1(reader)
        let header = try PVRv2Header(reading: &reader)
        guard header.headerSize == PVRv2Header.headerSizeV2 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "PVR v2 headerSize is \(header.headerSize), expected 52")
        }
        guard header.pvrTag == PVRv2Header.tag else {
            throw TextureFormatError.invalidHeader(file: file, reason: "missing 'PVR!' tag at offset 44")
        }
        let flags = header.pixelFormatFlags
        let known = PixelFormatTable.pvr2(pixelType: flags & 0xFF, bitCount: header.bitCount)
        if let pvrtc = known?.pvrtcFormat {
            try checkPVRTCHeader(.pvr2(header), format: pvrtc, file: file)
        }
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
}
