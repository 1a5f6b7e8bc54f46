/// Hand-built PNG files for the decompression-bomb and size-lie tests: a valid header declaring any
/// size and colour type, with image data that really decodes to that many all-zero rows (a fixed-
/// Huffman deflate stream of back-references, so a declared gigabyte costs a few megabytes of file).
package enum BombPNG {
    /// A complete PNG of `width` x `height` all-zero pixels.
    /// - Parameters:
    ///   - width: the declared width.
    ///   - height: the declared height.
    ///   - bitDepth: 1, 2, 4, 8 or 16.
    ///   - colorType: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    ///   - truncateImageDataTo: when set, the IDAT data is cut to this many bytes (a stream that lies
    ///     about its size).
    package static func make(
        width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, truncateImageDataTo: Int? = nil
    ) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 4
        let rowBytes = 1 + (width * channels * Int(bitDepth) + 7) / 8
        var data = zeroStream(count: rowBytes * height, stoppingAfter: truncateImageDataTo)
        if let truncateImageDataTo { data = Array(data.prefix(truncateImageDataTo)) }
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", ihdr)
        if colorType == 3 { file += chunk("PLTE", [0, 0, 0]) }
        file += chunk("IDAT", data)
        file += chunk("IEND", [])
        return file
    }

    /// A PNG chunk: length, type, data, CRC.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// CRC-32 as PNG defines it (polynomial 0xEDB88320).
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    /// `value` as four big-endian bytes.
    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream inflating to `count` zero bytes: one literal 0, then (length 258, distance 1)
    /// copies, then literal zeros for the rest, in one fixed-Huffman block; with `stoppingAfter`, the
    /// stream is cut once it has that many bytes (the caller truncates it anyway).
    static func zeroStream(count: Int, stoppingAfter limit: Int? = nil) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        var remaining = count
        if remaining > 0 {
            bits.writeCode(0x30, length: 8)  // literal 0
            remaining -= 1
        }
        while remaining >= 258 {
            if let limit, bits.byteCount > limit + 2 { return [0x78, 0x01] + bits.bytes() }
            bits.writeCode(0xC5, length: 8)  // length code 285 = 258
            bits.writeCode(0, length: 5)  // distance code 0 = 1
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + bits.bytes() + bigEndian(adler)
    }

    /// Deflate's bit order: values least-significant bit first, Huffman codes most-significant first.
    struct BitWriter {
        private var output: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push((value >> UInt32(bit)) & 1) }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { push((code >> UInt32(bit)) & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(used)
            used += 1
            if used == 8 {
                output.append(UInt8(current))
                current = 0
                used = 0
            }
        }

        var byteCount: Int { output.count }

        func bytes() -> [UInt8] { used > 0 ? output + [UInt8(current)] : output }
    }
}
