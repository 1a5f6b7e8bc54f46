import PVRTC

/// The PVRTC textures a described file holds, built from the header fields and level bytes the
/// description already read: what ``TextureFile``, ``PVRTCCubeMap`` and the loader take, with no second
/// parse of the file.
///
/// A file is read as PVRTC when its pixel format is a PVRTC variant pvrc decodes and its header is as
/// strict as a PVRTC file must be: power-of-two sides, 1...full-chain levels (no "generate mips"
/// request), one face or a cube map of six, no arrays or volumes, the levels sized exactly as the
/// format's blocks and ending the file (PVR and KTX 1.1), a known colour space (PVR v3), `GL_RGB(A)`
/// or `GL_SRGB(_ALPHA)` as the base format (KTX 1.1), and for KTX 2 no supercompression but
/// Zstandard, levels aligned to 8 bytes, uncompressed lengths that match, and a basic Data Format
/// Descriptor with colour model PVRTC and the format's texel block.
extension TextureFileDescription {
    /// The file's PVRTC 2D texture.
    /// - Throws: ``TextureFormatError`` naming the file: `unsupportedPixelFormat` for a format other
    ///   than PVRTC1, `unsupportedFeature` for a cube map, array or volume, and the checks above.
    package func pvrtcTexture() throws -> PVRTCTexture {
        let faces = try pvrtcFaces()
        guard faces.count == 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "a cube map of \(faces.count) faces where a 2D texture was expected")
        }
        return faces[0]
    }

    /// ``pvrtcTexture()`` with its container (the wrapper, when there is one).
    package func pvrtcFile() throws -> TextureFile {
        TextureFile(container: wrapper ?? container, texture: try pvrtcTexture())
    }

    /// Every face of the file's PVRTC texture — one, or the six of a cube map (+X, −X, +Y, −Y, +Z, −Z)
    /// — each with all its levels, the description's alpha, orientation, colour space and
    /// premultiplied flag.
    /// - Throws: ``TextureFormatError`` naming the file, as ``pvrtcTexture()``.
    package func pvrtcFaces() throws -> [PVRTCTexture] {
        let format = try checkedPVRTCFormat()
        let metadata = TextureMetadata(
            orientation: orientation, isPremultiplied: isPremultiplied, colorSpace: colorSpace)
        var faceLevels = [[PVRTCImage]](repeating: [], count: faceCount)
        do {
            for level in 0..<levelCount {
                let storage = try levelStorage(level)
                for face in 0..<faceCount {
                    faceLevels[face].append(
                        try PVRTCImage(
                            width: max(width >> level, 1), height: max(height >> level, 1),
                            data: Array(try faceBytes(level: level, face: face, in: storage)), format: format))
                }
            }
            return try faceLevels.map { try PVRTCTexture(levels: $0, hasAlpha: hasAlpha, metadata: metadata) }
        } catch let error as PVRTCError {
            throw TextureFormatError.invalidDimensions(file: file, reason: error.description)
        }
    }

    /// The PVRTC variant, once the file has passed every check of a PVRTC file (see the extension's
    /// overview); throws before any level is copied.
    private func checkedPVRTCFormat() throws -> PVRTCFormat {
        guard let format = pvrtcFormat else {
            throw TextureFormatError.unsupportedPixelFormat(file: file, format: formatCodeAndName)
        }
        guard depth == 1, arrayCount == 1 else {
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason: "\(arrayCount) array surface(s) of depth \(depth); pvrc reads PVRTC 2D textures and cube maps")
        }
        guard faceOffsets != nil, levelByteCounts != nil else {
            throw TextureFormatError.unsupportedFeature(file: file, reason: "levels whose layout pvrc cannot place")
        }
        guard trailingByteCount == 0 else {
            if let wrapper {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "the \(wrapper == .pvrGzip ? "gzip" : "CCZ") header declares \(containerByteCount) inflated bytes, \(trailingByteCount) more than the texture holds"
                )
            }
            throw TextureFormatError.trailingData(file: file, byteCount: trailingByteCount)
        }
        return format
    }

    /// The checks of a PVRTC file that its container's header fields alone can fail, made as soon as
    /// the header names a PVRTC format and before the sizes of its levels are checked: a header that
    /// is no PVRTC file is refused for what it is, not for the level bytes it then lacks.
    /// - Throws: ``TextureFormatError`` naming `file`.
    static func checkPVRTCHeader(_ header: HeaderFields, format: PVRTCFormat, file: String) throws {
        switch header {
        case .pvr2(let header):
            let flags = header.pixelFormatFlags
            if flags & PVRv2Header.flagVolume != 0 {
                throw TextureFormatError.unsupportedFeature(file: file, reason: "volume textures (pfFlags 0x4000)")
            }
            let levels = Int(clamping: header.mipMapCount) + 1
            let full = PVRTCTexture.fullChainLength(width: Int(header.width), height: Int(header.height))
            let limit = UInt32(PVRTCImage.maximumDimension)
            let sides = [header.width, header.height]
            // Sizes that are no PVRTC level at all are refused by the shared size checks.
            guard sides.allSatisfy({ $0 <= limit && $0.nonzeroBitCount == 1 }), levels <= full else { return }
            let levelBytes = (0..<levels).reduce(0) { sum, level in
                sum
                    + format.byteCount(
                        width: max(Int(header.width) >> level, 1), height: max(Int(header.height) >> level, 1))
            }
            guard Int(header.dataSize) == levelBytes else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "dataSize is \(header.dataSize) but \(levels) level(s) of \(header.width)x\(header.height) \(format.displayName) take \(levelBytes) bytes"
                )
            }
        case .pvr3(let header):
            guard header.colourSpace <= PVRv3Header.colourSpaceSRGB else {
                throw TextureFormatError.invalidHeader(file: file, reason: "unknown colour space \(header.colourSpace)")
            }
        case .ktx(let header):
            let baseFormats = [KTXHeader.glRGB, KTXHeader.glRGBA, KTXHeader.glSRGB, KTXHeader.glSRGBAlpha]
            guard baseFormats.contains(header.glBaseInternalFormat) else {
                throw TextureFormatError.invalidHeader(
                    file: file,
                    reason:
                        "glBaseInternalFormat \(hex(header.glBaseInternalFormat, digits: 4)) is neither GL_RGB nor GL_RGBA"
                )
            }
            guard header.pixelHeight > 0 else {
                throw TextureFormatError.invalidDimensions(file: file, reason: "height is 0")
            }
            guard header.numberOfMipmapLevels > 0 else {
                throw TextureFormatError.invalidDimensions(
                    file: file, reason: "numberOfMipmapLevels 0 asks for generated mips, impossible for compressed data"
                )
            }
            guard header.pixelDepth <= 1 else {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "3D texture (pixelDepth \(header.pixelDepth))")
            }
            guard header.numberOfArrayElements == 0 else {
                throw TextureFormatError.unsupportedFeature(
                    file: file, reason: "texture array (\(header.numberOfArrayElements) elements)")
            }
        case .ktx2(let header):
            try checkPVRTCKTX2(header, format: format, file: file)
        }
    }

    /// The KTX 2 checks of ``checkPVRTCHeader(_:format:file:)``, the DFD's included.
    private static func checkPVRTCKTX2(_ header: KTX2Header, format: PVRTCFormat, file: String) throws {
        let scheme = header.supercompressionScheme
        guard scheme == KTX2Layout.supercompressionNone || scheme == KTX2Layout.supercompressionZstd else {
            let names: [UInt32: String] = [1: "BasisLZ", 3: "ZLIB"]
            throw TextureFormatError.unsupportedFeature(
                file: file,
                reason:
                    "supercompression scheme \(scheme)\(names[scheme].map { " (\($0))" } ?? "") (pvrc reads none and Zstandard)"
            )
        }
        guard header.sgdByteLength == 0 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "supercompression global data of \(header.sgdByteLength) bytes without BasisLZ")
        }
        for (name, value) in [("pixelDepth", header.pixelDepth), ("layerCount", header.layerCount)] where value != 0 {
            throw TextureFormatError.unsupportedFeature(
                file: file, reason: "\(name) is \(value) (PVRTC textures are 2D: value 0)")
        }
        guard header.levelCount > 0 else {
            throw TextureFormatError.invalidDimensions(
                file: file, reason: "levelCount 0 asks for generated mips, impossible for compressed data")
        }
        guard let descriptor = header.dataFormat, descriptor.totalSize == UInt32(header.dfdByteLength),
            descriptor.vendorAndType == 0, descriptor.colorModel == KTX2Layout.colorModel(format)
        else {
            let model = format.isPVRTC2 ? "PVRTC2" : "PVRTC"
            throw TextureFormatError.invalidHeader(
                file: file,
                reason:
                    "the DFD is not a basic descriptor block with colour model \(model) (\(KTX2Layout.colorModel(format)))"
            )
        }
        guard descriptor.blockDimensions == KTX2Layout.blockDimensions(format) else {
            let dimensions = descriptor.blockDimensions
            throw TextureFormatError.invalidHeader(
                file: file,
                reason:
                    "the DFD's texel block is \(Int(dimensions[0]) + 1)x\(Int(dimensions[1]) + 1), but \(format.displayName) has \(format.blockWidth)x\(format.blockHeight) blocks"
            )
        }
    }

    /// The KTX 2 checks of a PVRTC level index entry: its inflated length is the level's, and unless
    /// supercompressed it starts on an 8-byte boundary.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` naming `file`.
    static func checkPVRTCLevel(_ entry: KTX2LevelEntry, level: Int, bytes: Int, zstd: Bool, file: String) throws {
        guard entry.uncompressedByteLength == UInt64(bytes) else {
            throw TextureFormatError.invalidHeader(
                file: file,
                reason: "uncompressedByteLength of level \(level) is \(entry.uncompressedByteLength), expected \(bytes)"
            )
        }
        guard zstd || entry.byteOffset % UInt64(KTX2Layout.levelAlignment) == 0 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "level \(level) starts at \(entry.byteOffset), not a multiple of 8")
        }
    }
}

extension TextureFileDescription {
    /// The header's format code and, when known, the format's name, for a refusal: `0x36 (ETC1)`,
    /// `0x0000000000000006 (ETC1)`, `0x8D64 (ETC1)` or `vkFormat 1000054002 (PVRTC2 2bpp UNORM)`.
    fileprivate var formatCodeAndName: String {
        let code = formatCodeValue
        let name = pixelFormat.name
        return name == "unknown" || name == code ? code : "\(code) (\(name))"
    }
}
