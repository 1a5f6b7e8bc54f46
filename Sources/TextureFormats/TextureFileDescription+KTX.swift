import Imaging
import PVRTC

/// The KTX 1.1 reader of ``TextureFileDescription``: the header, its key/value data (orientation and
/// premultiplied alpha read), each level with its `imageSize`.
extension TextureFileDescription {
    static func describeKTX(_ source: ContainerSource, _ shape: Shape) throws -> TextureFileDescription {
        let file = source.file
        let head = try source.bytes(0..<min(source.size, KTXHeader.size), what: "the KTX header")
        if head.starts(with: KTXHeader.ktx2Prefix) {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "KTX 2 (pvrc reads KTX 1.1)")
        }
        var reader = ByteReader(head, file: file)
        let header = try KTXHeader(reading: &reader)
        if header.endianness == KTXHeader.swappedEndianness {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "big-endian KTX file")
        }
        guard header.endianness == KTXHeader.endianness else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "endianness is \(hex(header.endianness, digits: 8)), expected 0x04030201")
        }
        let known = PixelFormatTable.ktx(
            glInternalFormat: header.glInternalFormat, glFormat: header.glFormat, glType: header.glType)
        if let pvrtc = known?.pvrtcFormat {
            try checkPVRTCHeader(.ktx(header), format: pvrtc, file: file)
        }
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
}
