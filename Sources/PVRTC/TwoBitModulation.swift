/// The modulation weights of a 2bpp level, one byte per pixel, computed a pixel row at a time. PVRTC1 and
/// PVRTC2 share them: PVRTC2's hard-transition flag changes the colours, never the modulation.
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
/// A row's weights need only the stored weights of that row and of the rows above and below it (an average
/// reads stored pixels only), so the row decoder keeps three rows of stored weights
/// (``RowTables/storedRow(_:words:blocksWide:into:)``) and, a block at a time just before it reads that block's
/// weights, writes the next row's stored weights and fills in the averaged pixels of the current one
/// (``RowStep``), then moves down a row: no weight plane of the whole level, nothing shared between worker
/// threads, and the weights are still in registers or the cache when they are read.
package enum TwoBitModulation {
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
        let bit20 = (0 &- (word & 1)) & (1 << 20)
        let bits = (word & ~bit20) | ((word >> 1) & bit20)
        return (bits & ~1) | ((bits >> 1) & 1)
    }

    /// Eight pixel weights as bytes for each byte of a block's row, indexed by `mode << 9 | parity << 8 | byte`:
    /// direct blocks (mode 0; bit i is pixel i, weight 0 or 8; both parities alike), then interpolated blocks
    /// at even and odd rows (four two-bit stored values; the pixels between stored ones are left 0). One table
    /// for both modes lets a row be looked up without branching on its block's mode, which changes from block
    /// to block in mixed data.
    static let rowWeights: [UInt64] = (0..<1024).map { index in
        let byte = index & 0xFF
        var row: UInt64 = 0
        if index >> 9 == 0 {
            for i in 0..<8 where (byte >> i) & 1 != 0 { row |= 8 << (8 * UInt64(i)) }
        } else {
            let parity = (index >> 8) & 1
            for k in 0..<4 {
                row |= UInt64(storedWeight(byte >> (2 * k))) << (8 * UInt64(2 * k + parity))
            }
        }
        return row
    }

    /// 1 in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The low seven bits of every byte.
    static let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    /// The low six bits of every byte.
    static let lowSixBits: UInt64 = 0x3F3F_3F3F_3F3F_3F3F

    /// ``rowWeights`` as a pointer, valid while `body` runs.
    static func withRowTables<Result>(_ body: (RowTables) -> Result) -> Result {
        rowWeights.withUnsafeBufferPointer { table in body(RowTables(combined: table.baseAddress!)) }
    }

    /// A pointer to the row table (``withRowTables(_:)``) and the row steps that read it.
    struct RowTables {
        /// ``rowWeights``.
        let combined: UnsafePointer<UInt64>

        /// The stored weights of one block's row (direct blocks: all eight; interpolated blocks: the
        /// checkerboard pixels, the others 0), eight bytes, from its word (`shift`: 8 × the row within the
        /// block; `parity`: the pixel row's parity times 256).
        @inline(__always)
        func stored(_ word: UInt64, shift: UInt32, parity: Int) -> UInt64 {
            let raw = UInt32(truncatingIfNeeded: word)
            let mode = UInt32(truncatingIfNeeded: word >> 32) & 1
            let bits = raw ^ ((raw ^ effectiveStoredBits(raw)) & (0 &- mode))
            return combined[Int(mode) << 9 | parity | Int((bits >> shift) & 0xFF)]
        }

        /// The stored weights of pixel row `y`, eight bytes per block, into `row`.
        @inline(__always)
        func storedRow(
            _ y: Int, words: UnsafePointer<UInt64>, blocksWide bw: Int, into row: UnsafeMutablePointer<UInt64>
        ) {
            let blockRow = words + (y >> 2) * bw
            let shift = 8 * UInt32(y & 3)
            let parity = (y & 1) << 8
            for bx in 0..<bw { row[bx] = stored(blockRow[bx], shift: shift, parity: parity) }
        }

        /// The step from pixel row `y` to the next (``RowStep``): its blocks are taken one at a time, so a row
        /// decoder can fill in a block's weights just before it reads them.
        @inline(__always)
        func step(
            row y: Int, next: Int, words: UnsafePointer<UInt64>, blocksWide bw: Int, above: UnsafePointer<UInt64>,
            here: UnsafeMutablePointer<UInt64>, below: UnsafeMutablePointer<UInt64>
        ) -> RowStep {
            RowStep(
                tables: self, blockRow: words + (y >> 2) * bw, nextRow: words + (next >> 2) * bw,
                nextShift: 8 * UInt32(next & 3), nextParity: (next & 1) << 8,
                averaged: y & 1 == 0 ? 0xFF00_FF00_FF00_FF00 : 0x00FF_00FF_00FF_00FF, lastBlock: bw - 1,
                above: above, here: here, below: below)
        }
    }

    /// One block at a time, writes the stored weights of pixel row `next` (the row below `y`, wrapped) into
    /// `below`, and replaces the stored weights of row `y` in `here` by its weights: the averaged pixels of
    /// interpolated blocks from the stored weights around them (`above` holds row `y − 1`, whose averaged pixels
    /// may already be filled in, as no average reads them).
    struct RowStep {
        /// The row table the stored weights are looked up in.
        let tables: RowTables
        /// The words of row `y`'s blocks.
        let blockRow: UnsafePointer<UInt64>
        /// The words of row `next`'s blocks.
        let nextRow: UnsafePointer<UInt64>
        /// 8 × row `next`'s row within its block.
        let nextShift: UInt32
        /// Row `next`'s parity times 256.
        let nextParity: Int
        /// 0xFF in the bytes of row `y`'s averaged pixels (the same in every block).
        let averaged: UInt64
        /// The last block's index (the left neighbour of block 0 and the right neighbour of this one).
        let lastBlock: Int
        /// Row `y − 1`'s weights.
        let above: UnsafePointer<UInt64>
        /// Row `y`'s stored weights, replaced by its weights.
        let here: UnsafeMutablePointer<UInt64>
        /// Row `next`'s stored weights, written.
        let below: UnsafeMutablePointer<UInt64>

        /// Steps block `bx`. The averages take eight pixels at a time in one 64-bit word (weights are at most 8,
        /// sums at most 34, so no byte carries into the next). A neighbour's pixel next to an averaged one is a
        /// stored pixel, which a step never rewrites, so blocks may be stepped in any order; `below[bx]` is
        /// written just before block `bx` reads it.
        @inline(__always)
        func block(_ bx: Int) {
            below[bx] = tables.stored(nextRow[bx], shift: nextShift, parity: nextParity)
            let word = blockRow[bx]
            guard word & 1 << 32 != 0 else { return }
            let row = here[bx]
            let value: UInt64
            if word & (1 | 1 << 20) == 1 | 1 << 20 {
                value = ((above[bx] &+ below[bx] &+ ones) >> 1) & lowSevenBits
            } else {
                let left = row << 8 | here[bx == 0 ? lastBlock : bx - 1] >> 56
                let right = row >> 8 | here[bx == lastBlock ? 0 : bx + 1] << 56
                if word & 1 != 0 {
                    value = ((left &+ right &+ ones) >> 1) & lowSevenBits
                } else {
                    value = ((left &+ right &+ above[bx] &+ below[bx] &+ ones &* 2) >> 2) & lowSixBits
                }
            }
            here[bx] = (row & ~averaged) | (value & averaged)
        }
    }
}
