/// Hand-built hostile texture files (headers whose counts overflow, wrappers that lie about their size,
/// Zstandard frames that expand a thousandfold, metadata floods), written field by field from the
/// container specifications so that no pvrc writer is involved. The deflate streams are stored
/// (uncompressed) blocks and the Zstandard frames RLE blocks, both built here from RFC 1950/1951/1952
/// and RFC 8878.
package enum HostileTextures {
    /// `values` as little-endian 32-bit words.
    package static func le32(_ values: UInt32...) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
    }

    /// `value` as a little-endian 64-bit word.
    package static func le64(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A 52-byte PVR v3 header.
    package static func pvr3Header(
        pixelFormat: UInt64, width: UInt32, height: UInt32, depth: UInt32 = 1, surfaces: UInt32 = 1,
        faces: UInt32 = 1, levels: UInt32 = 1, metaDataSize: UInt32 = 0
    ) -> [UInt8] {
        le32(0x0352_5650, 0) + le64(pixelFormat)
            + le32(0, 0, height, width, depth, surfaces, faces, levels, metaDataSize)
    }

    /// PVR v3's generic RGBA8888 pixel format ('r','g','b','a' with 8 bits each).
    package static let pvr3RGBA8888: UInt64 = 0x0808_0808_6162_6772

    /// A 52-byte PVR v2 RGBA8888 cube map whose `mipMapCount` is 0xFFFFFFFF.
    package static func pvr2CubeWithMipCountOverflow() -> [UInt8] {
        // headerSize, height, width, mipMapCount, pfFlags (cube 0x1000 | RGBA8888 0x12), dataSize,
        // bitCount, masks R G B A, 'PVR!', numSurfs.
        le32(52, 64, 64, 0xFFFF_FFFF, 0x1012, 64 * 64 * 4, 32, 0xFF00_0000, 0xFF_0000, 0xFF00, 0xFF, 0x2152_5650, 6)
    }

    /// A 52-byte PVR v3 RGBA8888 cube map with `numSurfaces` 0xFFFFFFFF.
    package static func pvr3CubeWithSurfaceOverflow(side: UInt32 = 16384) -> [UInt8] {
        pvr3Header(pixelFormat: pvr3RGBA8888, width: side, height: side, surfaces: 0xFFFF_FFFF, faces: 6)
    }

    /// A 68-byte KTX 1.1 RGBA32F texture of `side` x `side` with `numberOfArrayElements` 0xFFFFFFFF,
    /// followed by the first `imageSize` field.
    package static func ktxFloatArrayWithOverflow(side: UInt32 = 16384) -> [UInt8] {
        let identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        // endianness, glType FLOAT, glTypeSize, glFormat RGBA, glInternalFormat RGBA32F,
        // glBaseInternalFormat RGBA, width, height, depth, arrays, faces, levels, bytesOfKeyValueData.
        return identifier
            + le32(0x0403_0201, 0x1406, 4, 0x1908, 0x8814, 0x1908, side, side, 0, 0xFFFF_FFFF, 1, 1, 0)
            + le32(0xFFFF_FFFF)
    }

    /// A zlib stream (RFC 1950) holding `payload` in stored deflate blocks.
    package static func storedZlib(_ payload: [UInt8]) -> [UInt8] {
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in payload {
            adlerA = (adlerA + UInt32(byte)) % 65521
            adlerB = (adlerB + adlerA) % 65521
        }
        return [0x78, 0x01] + storedDeflate(payload) + BombPNG.bigEndian(adlerB << 16 | adlerA)
    }

    /// Raw deflate (RFC 1951) stored blocks of at most 65,535 bytes holding `payload`.
    package static func storedDeflate(_ payload: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let count = min(65535, payload.count - start)
            let final: UInt8 = start + count == payload.count ? 1 : 0
            let length = UInt16(count)
            output += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            output += payload[start..<(start + count)]
            start += count
        } while start < payload.count
        return output
    }

    /// A cocos2d `.pvr.ccz`: the 16-byte header declaring `declaredSize` inflated bytes, then
    /// `payload` as a stored zlib stream.
    package static func ccz(_ payload: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        Array("CCZ!".utf8) + [0, 0, 0, 2] + [0, 0, 0, 0] + BombPNG.bigEndian(declaredSize ?? UInt32(payload.count))
            + storedZlib(payload)
    }

    /// One gzip member (RFC 1952) holding `payload` in stored blocks, its `ISIZE` set to `declaredSize`.
    package static func gzip(_ payload: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + storedDeflate(payload) + le32(crc32(payload))
            + le32(declaredSize ?? UInt32(truncatingIfNeeded: payload.count))
    }

    /// CRC-32 of gzip and PNG.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 { BombPNG.crc32(bytes) }

    /// One Zstandard frame (RFC 8878) of `count` zero bytes in RLE blocks of 128 KiB: four bytes per
    /// block, about 32 bytes per MiB inflated.
    package static func zstdZeros(count: Int) -> [UInt8] {
        // Magic, frame header descriptor (8-byte content size, single segment), content size.
        var frame = le32(0xFD2F_B528) + [0xE0] + le64(UInt64(count))
        var remaining = count
        repeat {
            let size = min(remaining, 128 << 10)
            remaining -= size
            let header = UInt32(size) << 3 | 1 << 1 | (remaining == 0 ? 1 : 0)  // RLE block, last flag
            frame += [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF), 0]
        } while remaining > 0
        return frame
    }

    /// A KTX 2 PVRTC1 4bpp cube map of `side` x `side`, one level, Zstandard-supercompressed: each
    /// face of zeros costs 32 bytes per inflated MiB, so a 16384² cube map (768 MiB) takes about 25 KB.
    package static func ktx2ZstdCube(side: UInt32 = 16384) -> [UInt8] {
        let levelBytes = Int(side) * Int(side) / 2 * 6
        let frame = zstdZeros(count: levelBytes)
        let identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        let dfd =
            le32(44, 0, 2 | 40 << 16, 164 | 1 << 8 | 1 << 16, 3 | 3 << 8, 8, 0) + le32(63 << 16, 0, 0, 0xFFFF_FFFF)
        let dfdOffset: UInt32 = 80 + 24
        let levelOffset = UInt64(dfdOffset) + UInt64(dfd.count)
        // vkFormat PVRTC1 4bpp UNORM, typeSize, width, height, depth, layers, faces, levels, Zstandard.
        var file = identifier + le32(1_000_054_001, 1, side, side, 0, 0, 6, 1, 2)
        file += le32(dfdOffset, UInt32(dfd.count), 0, 0) + le64(0) + le64(0)
        file += le64(levelOffset) + le64(UInt64(frame.count)) + le64(UInt64(levelBytes))
        return file + dfd + frame
    }

    /// A PVR v3 RGBA8888 texture of `side` x `side` whose metadata is `blocks` empty blocks (12 bytes
    /// each), followed by its pixels.
    package static func pvr3WithMetadataBlocks(_ blocks: Int, side: UInt32 = 4) -> [UInt8] {
        let block = le32(0x0352_5650, 99, 0)
        var file = pvr3Header(
            pixelFormat: pvr3RGBA8888, width: side, height: side, metaDataSize: UInt32(blocks * block.count))
        file.reserveCapacity(file.count + blocks * 12 + Int(side * side * 4))
        for _ in 0..<blocks { file += block }
        return file + [UInt8](repeating: 0x80, count: Int(side * side * 4))
    }
}
