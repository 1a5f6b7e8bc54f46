/// The modulation weights of a PVRTC1 2bpp level, one byte per pixel of the padded level.
///
/// A 2bpp block (8x4 pixels) stores its modulation in one of two modes, chosen by bit 0 of its colour word:
/// - **direct** (flag 0): one bit per pixel in raster order, weight 0 or 8;
/// - **interpolated** (flag 1): two bits for each pixel of the checkerboard `(x ^ y) & 1 == 0`, weights
///   {0, 3, 5, 8}; the other pixels take the rounded average of their stored neighbours, which may lie in
///   the adjacent blocks (wrapping at the level's edges): both directions `(l + r + u + d + 2) / 4` when
///   modulation bit 0 is clear, otherwise horizontal `(l + r + 1) / 2` when bit 20 is clear or vertical
///   `(u + d + 1) / 2` when it is set. Bit 0 (and, in the one-direction rules, bit 20) is then replaced by
///   the bit above it.
///
/// The plane is built in two passes over the blocks: the first writes every stored (checkerboard) weight and
/// every pixel of direct blocks, the second averages the remaining pixels of interpolated blocks. The second
/// pass reads only checkerboard pixels, which the first pass wrote, so both passes run in parallel.
package enum PVRTC2bppModulation {
    /// The weight in eighths of a stored two-bit modulation value in the interpolated mode.
    @inlinable
    package static func storedWeight(_ bits: Int) -> Int { (0x0805_0300 >> (8 * (bits & 3))) & 0xFF }

    /// The averaging rule of an interpolated block, read from its modulation word.
    package enum Averaging: Int, Sendable, CaseIterable {
        /// `(left + right + up + down + 2) / 4` (modulation bit 0 clear).
        case both = 1
        /// `(left + right + 1) / 2` (bit 0 set, bit 20 clear).
        case horizontal = 2
        /// `(up + down + 1) / 2` (bits 0 and 20 set).
        case vertical = 3

        /// The rule that modulation word `word` selects.
        @inlinable
        package init(word: UInt32) {
            if word & 1 == 0 {
                self = .both
            } else {
                self = word & (1 << 20) == 0 ? .horizontal : .vertical
            }
        }
    }

    /// The modulation word of an interpolated block with its flag bits replaced the way the decoder reads the
    /// stored values: bit 0 takes bit 1, and in the one-direction rules bit 20 takes bit 21.
    @inlinable
    package static func effectiveStoredBits(_ word: UInt32) -> UInt32 {
        var bits = word
        if word & 1 != 0 {
            bits = (bits & ~(1 << 20)) | ((bits >> 1) & (1 << 20))
        }
        return (bits & ~1) | ((bits >> 1) & 1)
    }

    /// Eight pixel weights as bytes for each byte of a direct block's row (bit i is pixel i).
    static let directRows: [UInt64] = (0..<256).map { bits in
        var row: UInt64 = 0
        for i in 0..<8 where (bits >> i) & 1 != 0 { row |= 8 << (8 * UInt64(i)) }
        return row
    }

    /// Eight pixel weights as bytes for each byte of an interpolated block's row (four two-bit stored values)
    /// at even (index 0–255) and odd (256–511) rows; the pixels between stored ones are left 0.
    static let interpolatedRows: [UInt64] = (0..<512).map { index in
        let parity = index >> 8
        var row: UInt64 = 0
        for k in 0..<4 {
            let weight = UInt64(storedWeight(index >> (2 * k)))
            row |= weight << (8 * UInt64(2 * k + parity))
        }
        return row
    }

    /// 1 in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The low seven bits of every byte.
    static let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    /// The low six bits of every byte.
    static let lowSixBits: UInt64 = 0x3F3F_3F3F_3F3F_3F3F

    /// The eight weights above and below pixels x ..< x + 8 of row y (wrapping at the level's edges).
    @inline(__always)
    static func verticalNeighbours(_ plane: UnsafeMutableRawPointer, x: Int, y: Int, width: Int, height: Int)
        -> (UInt64, UInt64)
    {
        let up = (y == 0 ? height - 1 : y - 1) * width + x
        let down = (y + 1 == height ? 0 : y + 1) * width + x
        return (
            plane.loadUnaligned(fromByteOffset: up, as: UInt64.self),
            plane.loadUnaligned(fromByteOffset: down, as: UInt64.self)
        )
    }

    /// `(up + down + 1) / 2` for the eight pixels x ..< x + 8 of row y, byte by byte.
    @inline(__always)
    static func verticalAverage(_ plane: UnsafeMutableRawPointer, x: Int, y: Int, width: Int, height: Int) -> UInt64 {
        let (up, down) = verticalNeighbours(plane, x: x, y: y, width: width, height: height)
        return ((up &+ down &+ ones) >> 1) & lowSevenBits
    }

    /// The block rows of pass 2 in phases whose rows are never neighbours (rows wrap at the level's
    /// edges): the even rows, then the odd ones, and the last row alone when the count is odd.
    static func averagingPhases(blocksHigh bh: Int) -> [[Int]] {
        guard bh > 1 else { return [[0]] }
        let even = Array(stride(from: 0, to: bh & 1 == 0 ? bh : bh - 1, by: 2))
        let odd = Array(stride(from: 1, to: bh, by: 2))
        return bh & 1 == 0 ? [even, odd] : [even, odd, [bh - 1]]
    }

    /// Builds the weight plane of a level, `8 * blocksWide` x `4 * blocksHigh` bytes, rows top-down.
    /// - Parameter words: per block in linear order, the modulation word in the low 32 bits and the mode
    ///   flag (colour-word bit 0) at bit 32.
    static func plane(words: UnsafePointer<UInt64>, blocksWide bw: Int, blocksHigh bh: Int, threads: Int) -> [UInt8] {
        let width = 8 * bw
        let count = width * 4 * bh
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let target = UnsafeSendablePointer(buffer.baseAddress!)
            let source = UnsafeSendablePointer(UnsafeMutablePointer(mutating: words))
            directRows.withUnsafeBufferPointer { direct in
                interpolatedRows.withUnsafeBufferPointer { interpolated in
                    let tables = UnsafeSendablePointer(UnsafeMutablePointer(mutating: direct.baseAddress!))
                    let odd = UnsafeSendablePointer(UnsafeMutablePointer(mutating: interpolated.baseAddress!))
                    // Pass 1: every block row writes its four pixel rows in full (the averaged pixels as 0).
                    Parallel.forEach(bh, threads: threads) { rows in
                        let raw = UnsafeMutableRawPointer(target.pointer)
                        for by in rows {
                            for bx in 0..<bw {
                                let word = source.pointer[by * bw + bx]
                                let interpolatedMode = word >> 32 != 0
                                let bits =
                                    interpolatedMode
                                    ? effectiveStoredBits(UInt32(truncatingIfNeeded: word))
                                    : UInt32(truncatingIfNeeded: word)
                                for r in 0..<4 {
                                    let byte = Int((bits >> (8 * UInt32(r))) & 0xFF)
                                    let row = interpolatedMode ? odd.pointer[(r & 1) << 8 | byte] : tables.pointer[byte]
                                    raw.storeBytes(
                                        of: row, toByteOffset: (4 * by + r) * width + 8 * bx, as: UInt64.self)
                                }
                            }
                        }
                    }
                    // Pass 2: the averaged pixels of interpolated blocks, from the stored pixels around them,
                    // eight pixels at a time in one 64-bit word (weights are at most 8, sums at most 34, so no
                    // byte carries into the next). A block row reads the pixel rows next to it, which the block
                    // rows above and below rewrite, so no two neighbouring block rows run at once (the phases).
                    for phase in averagingPhases(blocksHigh: bh) {
                        Parallel.forEach(phase.count, threads: threads) { indices in
                            let plane = UnsafeMutableRawPointer(target.pointer)
                            let height = 4 * bh
                            for by in phase[indices] {
                                for bx in 0..<bw {
                                    let word = source.pointer[by * bw + bx]
                                    guard word >> 32 != 0 else { continue }
                                    let rule = Averaging(word: UInt32(truncatingIfNeeded: word))
                                    let x = 8 * bx
                                    let leftX = x == 0 ? width - 1 : x - 1
                                    let rightX = x + 8 == width ? 0 : x + 8
                                    for r in 0..<4 {
                                        let y = 4 * by + r
                                        let here = y * width
                                        let row = plane.loadUnaligned(fromByteOffset: here + x, as: UInt64.self)
                                        let value: UInt64
                                        switch rule {
                                        case .vertical:
                                            value = verticalAverage(plane, x: x, y: y, width: width, height: height)
                                        case .horizontal, .both:
                                            let leftByte = UInt64(
                                                plane.load(fromByteOffset: here + leftX, as: UInt8.self))
                                            let rightByte = UInt64(
                                                plane.load(fromByteOffset: here + rightX, as: UInt8.self))
                                            let left = row << 8 | leftByte
                                            let right = row >> 8 | rightByte << 56
                                            if rule == .horizontal {
                                                value = ((left &+ right &+ ones) >> 1) & lowSevenBits
                                            } else {
                                                let (up, down) = verticalNeighbours(
                                                    plane, x: x, y: y, width: width, height: height)
                                                value = ((left &+ right &+ up &+ down &+ ones &* 2) >> 2) & lowSixBits
                                            }
                                        }
                                        let averaged: UInt64 =
                                            r & 1 == 0 ? 0xFF00_FF00_FF00_FF00 : 0x00FF_00FF_00FF_00FF
                                        plane.storeBytes(
                                            of: (row & ~averaged) | (value & averaged), toByteOffset: here + x,
                                            as: UInt64.self)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initializedCount = count
        }
    }
}
