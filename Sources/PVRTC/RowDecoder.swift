/// Decodes single rows of one 4bpp level, PVRTC1 or PVRTC2, from its expanded blocks; shared read-only by
/// the worker threads.
///
/// The two generations share every step: a 4x4 region between four block centres is bilinearly upscaled
/// and blended, with ``table`` deciding what punch-through does. A PVRTC2 region whose top-left word has
/// the hard-transition flag (bit 33 of ``words``, never set for PVRTC1) is decoded by
/// ``HardRegion`` instead.
struct RowDecoder: PaddedRowDecoding, @unchecked Sendable {
    // @unchecked: the pointers refer to buffers that outlive every call and are only read.
    let endpoints: UnsafePointer<SIMD8<Int16>>
    let words: UnsafePointer<UInt64>
    let table: UnsafePointer<ModulationTable.Entry>
    /// ``HardTransitionTable/entries``.
    let hardTable: UnsafePointer<HardTransitionTable.Entry>
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
        if wrapIsHard {
            let region = HardRegion(decoder: self, row: y, columns: (bw - 1, 0), top: top, bottom: bottom)
            region.writePair(second: true, modulationIndex: modulationIndices(0).left, to: out)
        } else {
            writePair(left: last, right: first, second: true, entry: table + modulationIndices(0).left, to: out)
        }
        var x = 0
        while x < bw - 1 {
            let right = vertical(x + 1)
            let indices = modulationIndices(x + 1)
            let pixels = out + (16 * x + 8)
            if hard[x] & ExpandedBlocks.hardTransitionFlag == 0 {
                writePair(left: left, right: right, second: false, entry: table + leftRight, to: pixels)
                writePair(left: left, right: right, second: true, entry: table + indices.left, to: pixels + 8)
            } else {
                let region = HardRegion(decoder: self, row: y, columns: (x, x + 1), top: top, bottom: bottom)
                region.writePair(second: false, modulationIndex: leftRight, to: pixels)
                region.writePair(second: true, modulationIndex: indices.left, to: pixels + 8)
            }
            left = right
            leftRight = indices.right
            x += 1
        }
        // The last two pixels: between the last block column and the first (wrapped).
        if wrapIsHard {
            let region = HardRegion(decoder: self, row: y, columns: (bw - 1, 0), top: top, bottom: bottom)
            region.writePair(second: false, modulationIndex: leftRight, to: out + (16 * bw - 8))
        } else {
            writePair(left: last, right: first, second: false, entry: table + leftRight, to: out + (16 * bw - 8))
        }
    }

    /// One pixel row of a hard-transition region (H = 1): the 4x4 pixels between the centres of words
    /// P = (X, Y), Q = (X+1, Y), R = (X, Y+1), S = (X+1, Y+1), whose endpoints are `top[X]`, `top[X+1]`,
    /// `bottom[X]`, `bottom[X+1]`.
    struct HardRegion {
        let decoder: RowDecoder
        /// The pixel row.
        let row: Int
        /// Block columns X and X+1 (wrapped).
        let columns: (Int, Int)
        let top: UnsafePointer<SIMD8<Int16>>
        let bottom: UnsafePointer<SIMD8<Int16>>

        init(
            decoder: RowDecoder, row y: Int, columns: (Int, Int), top: UnsafePointer<SIMD8<Int16>>,
            bottom: UnsafePointer<SIMD8<Int16>>
        ) {
            self.decoder = decoder
            self.row = y
            self.columns = columns
            self.top = top
            self.bottom = bottom
        }

        /// Writes the region's pixel pair at xr = 0, 1 (or 2, 3 when `second`), which lies in one word: the
        /// pixels of `top`'s row when `row` is in the region's upper half, else of `bottom`'s, in column X (or
        /// X+1). `modulationIndex` is the pair's index in the modulation table (`16·M + bits`). With M = 0 the
        /// pair is non-interpolated: the word's own colours, blended like any pair (a sum with all weight on
        /// one sample converts to 8 bits by bit replication). With M = 1 it takes the local palette.
        @inline(__always)
        func writePair(second: Bool, modulationIndex: Int, to out: UnsafeMutableRawPointer) {
            let yr = (row - 2) & 3
            let column = second ? columns.1 : columns.0
            if modulationIndex < 16 {
                let own = (yr < 2 ? top : bottom)[column] &<< 2
                decoder.writePair(
                    left: own, right: own, second: false, entry: decoder.table + modulationIndex, to: out)
                return
            }
            // The four words' endpoints, P, Q, R, S in turn (A in the low half, B in the high half); only the
            // four colours the pair picks are converted to 8 bits (bit replication of a one-sample sum).
            let words = (top[columns.0], top[columns.1], bottom[columns.0], bottom[columns.1])
            let xr = second ? 2 : 0
            let first = decoder.hardTable[
                HardTransitionTable.index(xr: xr, yr: yr, bits: modulationIndex & 3)]
            let next = decoder.hardTable[
                HardTransitionTable.index(xr: xr + 1, yr: yr, bits: (modulationIndex >> 2) & 3)]
            let (a, b) = withUnsafeBytes(of: words) { colours in
                // Colour i (2·word + slot) is the 8 bytes at 8·i.
                func colour(_ i: UInt8) -> SIMD4<Int16> {
                    colours.load(fromByteOffset: 8 * Int(i), as: SIMD4<Int16>.self)
                }
                return (
                    RowDecoder.eightBit(SIMD8(lowHalf: colour(first.first), highHalf: colour(next.first)) &<< 4),
                    RowDecoder.eightBit(SIMD8(lowHalf: colour(first.second), highHalf: colour(next.second)) &<< 4)
                )
            }
            let weight = SIMD8(
                lowHalf: SIMD4(repeating: first.weight), highHalf: SIMD4(repeating: next.weight))
            let blended = a &+ (((b &- a) &* weight) &>> 3)
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
