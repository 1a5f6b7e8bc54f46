/// Decodes single rows of one 4bpp level, PVRTC1 or PVRTC2, from its expanded blocks; shared read-only by
/// the worker threads.
///
/// The two generations share every step: a 4x4 region between four block centres is bilinearly upscaled
/// and blended, with ``table`` deciding what punch-through does. A PVRTC2 region whose top-left word has
/// the hard-transition flag (bit 33 of ``words``, never set for PVRTC1) is decoded by
/// ``HardRegion`` instead, from ``colours``.
struct RowDecoder: PaddedRowDecoding, @unchecked Sendable {
    // @unchecked: the pointers refer to buffers that outlive every call and are only read.
    let endpoints: UnsafePointer<SIMD8<Int16>>
    let words: UnsafePointer<UInt64>
    let table: UnsafePointer<ModulationTable.Entry>
    /// ``ExpandedBlocks/colours``: nil for PVRTC1, which has no hard-transition regions.
    let colours: UnsafePointer<SIMD8<UInt8>>?
    /// ``HardTransitionTable/pairs``.
    let hardPairs: UnsafePointer<HardTransitionTable.Pair>
    let blocksWide: Int
    let blocksHigh: Int

    /// Decodes rows `rows`, one at a time.
    func decodeRows(_ rows: Range<Int>, to output: PaddedRowOutput) {
        for y in rows {
            decode(row: y, into: output.destination(y))
            output.commit(y)
        }
    }

    /// Writes pixel row `y` of the padded level (`4 * blocksWide` RGBA pixels) to `out`.
    @inline(__always)
    func decode(row y: Int, into out: UnsafeMutableRawPointer) {
        let bw = blocksWide
        let bh = blocksHigh
        // Vertical position between block centres: rows 4Y+2 ... 4Y+5 lie between block rows Y and Y+1.
        let low = (y - 2) >> 2
        let yr = Int16(truncatingIfNeeded: (y - 2) & 3)
        let topRow = (low < 0 ? bh - 1 : low) * bw
        let bottomRow = (low + 1 == bh ? 0 : low + 1) * bw
        let top = endpoints + topRow
        let bottom = endpoints + bottomRow
        // The hard-transition flag of the region between block rows Y and Y+1 is in row Y's words.
        let hard = words + topRow
        let weightTop = SIMD8<Int16>(repeating: 4 &- yr)
        let weightBottom = SIMD8<Int16>(repeating: yr)
        // The modulation comes from the block that contains the pixel.
        let modulation = words + (y >> 2) * bw
        let shift = UInt64(8 * (y & 3))

        @inline(__always) func vertical(_ x: Int) -> SIMD8<Int16> {
            top[x] &* weightTop &+ bottom[x] &* weightBottom
        }
        /// Table indices for the left (x mod 4 = 0, 1) and right (2, 3) pixel pairs of block x in this row.
        @inline(__always) func modulationIndices(_ x: Int) -> (left: Int, right: Int) {
            let word = modulation[x]
            let bits = Int(truncatingIfNeeded: word >> shift) & 0xFF
            let mode = Int(truncatingIfNeeded: word >> 28) & 16
            return (mode | (bits & 15), mode | (bits >> 4))
        }

        let first = vertical(0)
        let last = vertical(bw - 1)
        let wrapIsHard = hard[bw - 1] & ExpandedBlocks.hardTransitionFlag != 0
        var left = first
        var leftRight = modulationIndices(0).right
        // Pixels 0 and 1: between the last block column (wrapped) and the first.
        if wrapIsHard, let colours {
            let region = HardRegion(
                decoder: self, row: y, columns: (bw - 1, 0), colours: (colours + topRow, colours + bottomRow))
            region.writePair(second: true, modulationIndex: modulationIndices(0).left, to: out)
        } else {
            writePair(left: last, right: first, second: true, entry: table + modulationIndices(0).left, to: out)
        }
        var x = 0
        while x < bw - 1 {
            let right = vertical(x + 1)
            let indices = modulationIndices(x + 1)
            let pixels = out + (16 * x + 8)
            if hard[x] & ExpandedBlocks.hardTransitionFlag != 0, let colours {
                let region = HardRegion(
                    decoder: self, row: y, columns: (x, x + 1), colours: (colours + topRow, colours + bottomRow))
                region.writePair(second: false, modulationIndex: leftRight, to: pixels)
                region.writePair(second: true, modulationIndex: indices.left, to: pixels + 8)
            } else {
                writePair(left: left, right: right, second: false, entry: table + leftRight, to: pixels)
                writePair(left: left, right: right, second: true, entry: table + indices.left, to: pixels + 8)
            }
            left = right
            leftRight = indices.right
            x += 1
        }
        // The last two pixels: between the last block column and the first (wrapped).
        if wrapIsHard, let colours {
            let region = HardRegion(
                decoder: self, row: y, columns: (bw - 1, 0), colours: (colours + topRow, colours + bottomRow))
            region.writePair(second: false, modulationIndex: leftRight, to: out + (16 * bw - 8))
        } else {
            writePair(left: last, right: first, second: false, entry: table + leftRight, to: out + (16 * bw - 8))
        }
    }

    /// One pixel row of a hard-transition region (H = 1): the 4x4 pixels between the centres of words
    /// P = (X, Y), Q = (X+1, Y), R = (X, Y+1), S = (X+1, Y+1). Every pixel blends the 8-bit colours A and B
    /// of one of the four words as ``HardTransitionTable/pairs`` says: the local palette (M = 1) and the
    /// non-interpolated own word's colours (M = 0) alike.
    struct HardRegion {
        /// Block rows Y and Y+1 of ``ExpandedBlocks/colours``.
        let rows: (UnsafeRawPointer, UnsafeRawPointer)
        /// Byte offsets of block columns X and X+1 in a row of ``ExpandedBlocks/colours``.
        let columns: (Int, Int)
        /// ``HardTransitionTable/pairs``.
        let pairs: UnsafePointer<HardTransitionTable.Pair>
        /// The row's offset in the region.
        let yr: Int

        /// The region of pixel row `row` between block columns `columns` (X and X+1, wrapped), whose words'
        /// colours are in the rows of ``ExpandedBlocks/colours`` at `colours` (block rows Y and Y+1).
        @inline(__always)
        init(
            decoder: RowDecoder, row: Int, columns: (Int, Int),
            colours: (UnsafePointer<SIMD8<UInt8>>, UnsafePointer<SIMD8<UInt8>>)
        ) {
            rows = (UnsafeRawPointer(colours.0), UnsafeRawPointer(colours.1))
            let stride = MemoryLayout<SIMD8<UInt8>>.stride
            self.columns = (stride * columns.0, stride * columns.1)
            pairs = decoder.hardPairs
            yr = (row - 2) & 3
        }

        /// Colours A and B of word `word` of the region (P, Q, R, S = 0...3: bit 0 picks the column, bit 1
        /// the row).
        @inline(__always)
        func colours(_ word: UInt8) -> SIMD8<UInt8> {
            let row = word & 2 == 0 ? rows.0 : rows.1
            return row.load(fromByteOffset: word & 1 == 0 ? columns.0 : columns.1, as: SIMD8<UInt8>.self)
        }

        /// Writes the region's pixel pair at xr = 0, 1 (or 2, 3 when `second`), whose index in the modulation
        /// table is `modulationIndex` (`16·M + bits`).
        @inline(__always)
        func writePair(second: Bool, modulationIndex: Int, to out: UnsafeMutableRawPointer) {
            let pair = pairs[HardTransitionTable.pairIndex(second: second, yr: yr, modulationIndex: modulationIndex)]
            let first = colours(pair.words.0)
            let next = colours(pair.words.1)
            let a = SIMD8<Int16>(truncatingIfNeeded: SIMD8(lowHalf: first.lowHalf, highHalf: next.lowHalf))
            let b = SIMD8<Int16>(truncatingIfNeeded: SIMD8(lowHalf: first.highHalf, highHalf: next.highHalf))
            let blended = a &+ (((b &- a) &* pair.weight) &>> 3)
            out.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blended), as: SIMD8<UInt8>.self)
        }
    }

    /// Bilinear sums in 5.4 (RGB) / 4.4·2 (alpha) fixed point converted to 8 bits: RGB `C/2 + C/64`; alpha
    /// lanes hold 2C, so (2C)/2 + (4C)/64 = `C + C/16`.
    @inline(__always)
    static func eightBit(_ sum: SIMD8<Int16>) -> SIMD8<Int16> {
        let scale = SIMD8<Int16>(1, 1, 1, 2, 1, 1, 1, 2)
        return (sum &>> 1) &+ ((sum &* scale) &>> 6)
    }

    /// Writes two RGBA pixels that lie between two block columns whose vertically interpolated endpoints
    /// are `left` and `right`: horizontal offsets 0, 1 from the left centre, or 2, 3 when `second`.
    @inline(__always)
    func writePair(
        left: SIMD8<Int16>, right: SIMD8<Int16>, second: Bool, entry: UnsafePointer<ModulationTable.Entry>,
        to out: UnsafeMutableRawPointer
    ) {
        // C(i) = 4·left + i·(right − left): the bilinear sum in 5.4 (RGB) / 4.4·2 (alpha) fixed point.
        let delta = right &- left
        let offset = second ? SIMD8<Int16>(2, 2, 2, 2, 3, 3, 3, 3) : SIMD8<Int16>(0, 0, 0, 0, 1, 1, 1, 1)
        let base = left &<< 2
        let deltaA = SIMD8(lowHalf: delta.lowHalf, highHalf: delta.lowHalf)
        let deltaB = SIMD8(lowHalf: delta.highHalf, highHalf: delta.highHalf)
        let a = SIMD8(lowHalf: base.lowHalf, highHalf: base.lowHalf) &+ deltaA &* offset
        let b = SIMD8(lowHalf: base.highHalf, highHalf: base.highHalf) &+ deltaB &* offset
        let a8 = Self.eightBit(a)
        let b8 = Self.eightBit(b)
        // (A·(8−w) + B·w) / 8 = A + (B − A)·w / 8, with floor division.
        let blended = (a8 &+ (((b8 &- a8) &* entry.pointee.weight) &>> 3)) & entry.pointee.mask
        out.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blended), as: SIMD8<UInt8>.self)
    }
}
