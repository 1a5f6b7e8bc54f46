import PVRTC

/// Writes KTX 2.0 files holding PVRTC1 4bpp or 2bpp data (see ``KTX2Layout``).
///
/// vkFormat from ``PixelFormatTable`` for the texture's variant and colour space
/// (`VK_FORMAT_PVRTC1_4BPP_UNORM_BLOCK_IMG` 1000054001 / sRGB 1000054005, `..._2BPP_...` 1000054000 /
/// 1000054004); typeSize 1; pixelDepth 0, layerCount 0, faceCount 1; the DFD of
/// ``KTX2Layout/dataFormatDescriptor(_:)`` (premultiplied alpha is its flag); key/value data
/// `KTXorientation` (`rd`, `ru`, `ld`, `lu`) and `KTXwriter` (`pvrc`), sorted by key. Levels are stored
/// smallest first; without supercompression each starts on an 8-byte boundary, with Zstandard
/// (scheme 2) each is one frame and no alignment applies.
enum KTX2Writer {
    /// The `KTXwriter` value.
    static let writerName = "pvrc"

    /// The key/value data: `KTXorientation` then `KTXwriter`, each NUL-terminated and padded to 4 bytes.
    static func keyValueData(_ metadata: TextureMetadata) -> [UInt8] {
        var writer = ByteWriter()
        for (key, value) in [
            ("KTXorientation", KTX2Layout.orientationValue(metadata.orientation)), ("KTXwriter", writerName),
        ] {
            let pair = Array(key.utf8) + [0] + Array(value.utf8) + [0]
            writer.uint32(UInt32(pair.count))
            writer.append(pair)
            writer.append([UInt8](repeating: 0, count: KTX2Layout.align(pair.count, 4) - pair.count))
        }
        return writer.bytes
    }

    /// The complete file of `faces` (one, or six of a cube map sharing size, levels and metadata), with
    /// every level Zstandard-compressed when `zstd` is true.
    static func serialize(faces: [PVRTCTexture], zstd: Bool) -> [UInt8] {
        let texture = faces[0]
        return serialize(
            levels: texture.levels.indices.map { level in faces.map { $0.levels[level].data } },
            width: texture.width, height: texture.height, format: texture.format, metadata: texture.metadata,
            zstd: zstd)
    }

    /// The complete file for `levels` of `format` (level 0 first; each the block bytes of its faces,
    /// one face or six for a cube map, in +X, −X, +Y, −Y, +Z, −Z order).
    static func serialize(
        levels: [[[UInt8]]], width: Int, height: Int, format: PVRTCFormat, metadata: TextureMetadata, zstd: Bool
    ) -> [UInt8] {
        serialize(
            levels: levels, width: width, height: height,
            vkFormat: PixelFormatTable.codes(format: format, hasAlpha: true, colorSpace: metadata.colorSpace)
                .ktx2VkFormat,
            dfd: KTX2Layout.dataFormatDescriptor(metadata, format: format), alignment: KTX2Layout.levelAlignment,
            metadata: metadata, zstd: zstd)
    }

    /// The complete file for `levels` (level 0 first; each the block bytes of its faces) of Vulkan format
    /// `vkFormat` described by `dfd`, each level aligned to `alignment` bytes unless supercompressed.
    static func serialize(
        levels: [[[UInt8]]], width: Int, height: Int, vkFormat: UInt32, dfd: [UInt8], alignment levelAlignment: Int,
        metadata: TextureMetadata, zstd: Bool
    ) -> [UInt8] {
        let levelCount = levels.count
        let kvd = keyValueData(metadata)
        let dfdOffset = KTX2Layout.levelIndexOffset + KTX2Layout.levelIndexEntrySize * levelCount
        let kvdOffset = dfdOffset + dfd.count
        let raw = levels.map { Array($0.joined()) }
        let payloads = raw.map { zstd ? Zstd.compress($0) : $0 }
        // Levels smallest first, each aligned (1 byte when supercompressed).
        let alignment = zstd ? 1 : levelAlignment
        var offsets = [Int](repeating: 0, count: levelCount)
        var end = kvdOffset + kvd.count
        for index in stride(from: levelCount - 1, through: 0, by: -1) {
            end = KTX2Layout.align(end, alignment)
            offsets[index] = end
            end += payloads[index].count
        }

        var writer = ByteWriter(capacity: end)
        writer.append(KTX2Layout.identifier)
        for field: UInt32 in [
            vkFormat, 1,
            UInt32(width), UInt32(height), 0, 0, UInt32(levels.first?.count ?? 1), UInt32(levelCount),
            zstd ? KTX2Layout.supercompressionZstd : KTX2Layout.supercompressionNone,
            UInt32(dfdOffset), UInt32(dfd.count), UInt32(kvdOffset), UInt32(kvd.count),
        ] {
            writer.uint32(field)
        }
        writer.uint64(0)  // sgdByteOffset
        writer.uint64(0)  // sgdByteLength
        for index in 0..<levelCount {
            writer.uint64(UInt64(offsets[index]))
            writer.uint64(UInt64(payloads[index].count))
            writer.uint64(UInt64(raw[index].count))
        }
        writer.append(dfd)
        writer.append(kvd)
        for index in stride(from: levelCount - 1, through: 0, by: -1) {
            writer.append([UInt8](repeating: 0, count: offsets[index] - writer.bytes.count))
            writer.append(payloads[index])
        }
        return writer.bytes
    }
}
