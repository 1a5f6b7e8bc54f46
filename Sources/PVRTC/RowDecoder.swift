/// Decodes single rows of one 4bpp level, PVRTC1 or PVRTC2, from its expanded blocks; shared read-only by
/// the worker threads.
///
/// The two generations share every step: a 4x4 region between four block centres is bilinearly upscaled
/// and blended, with ``table`` deciding what punch-through does. A PVRTC2 region whose top-left word has
/// the hard-transition flag (bit 33 of ``words``, never set for PVRTC1) is decoded by
/// ``HardTransitionTable`` instead.
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
        let wrapIsHard = hard[bw - 1] & Self.hardFlag != 0
        var left = first
        var leftRight = modulationIndices(0).right
        // Pixels 0 and 1: between the last block column (wrapped) and the first.
        if wrapIsHard {
            hardPixels(row: y, columns: (bw - 1, 0), offsets: 2..<4, top: top, bottom: bottom, to: out)
        } else {
            writePair(left: last, right: first, second: true, entry: table + modulationIndices(0).left, to: out)
        }
        var x = 0
        while x < bw - 1 {
            let right = vertical(x + 1)
            let indices = modulationIndices(x + 1)
            let pixels = out + (16 * x + 8)
            if hard[x] & Self.hardFlag == 0 {
                writePair(left: left, right: right, second: false, entry: table + leftRight, to: pixels)
                writePair(left: left, right: right, second: true, entry: table + indices.left, to: pixels + 8)
            } else {
                hardPixels(row: y, columns: (x, x + 1), offsets: 0..<4, top: top, bottom: bottom, to: pixels)
            }
            left = right
            leftRight = indices.right
            x += 1
        }
        // The last two pixels: between the last block column and the first (wrapped).
        if wrapIsHard {
            hardPixels(row: y, columns: (bw - 1, 0), offsets: 0..<2, top: top, bottom: bottom, to: out + (16 * bw - 8))
        } else {
            writePair(left: last, right: first, second: false, entry: table + leftRight, to: out + (16 * bw - 8))
        }
    }

    /// The hard-transition flag H in ``words``.
    static let hardFlag: UInt64 = 1 << 33

    /// Writes the pixels at horizontal `offsets` (0–3) of row `y` in the hard-transition region between block
    /// columns `columns` (X and X+1, wrapped) and the block rows whose endpoints are `top` and `bottom`: each
    /// pixel blends two of the region's eight colours as ``HardTransitionTable`` says.
    func hardPixels(
        row y: Int, columns: (Int, Int), offsets: Range<Int>, top: UnsafePointer<SIMD8<Int16>>,
        bottom: UnsafePointer<SIMD8<Int16>>, to out: UnsafeMutableRawPointer
    ) {
        // The eight colours in 8 bits: bilinear sums with all weight on one sample (16·C) converted like any
        // other sum, which is bit replication.
        let words = (
            Self.eightBit(top[columns.0] &<< 4), Self.eightBit(top[columns.1] &<< 4),
            Self.eightBit(bottom[columns.0] &<< 4), Self.eightBit(bottom[columns.1] &<< 4)
        )
        @inline(__always) func colour(_ index: UInt8) -> SIMD4<Int16> {
            let word: SIMD8<Int16>
            switch index >> 1 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            default: word = words.3
            }
            return index & 1 == 0 ? word.lowHalf : word.highHalf
        }
        let yr = (y - 2) & 3
        let modulation = self.words + (y >> 2) * blocksWide
        let shift = UInt64(8 * (y & 3))
        var pixel = out
        for xr in offsets {
            let word = modulation[xr < 2 ? columns.0 : columns.1]
            // The pixel's column inside its block: xr = 0, 1 are columns 2, 3 of X; xr = 2, 3 columns 0, 1 of X+1.
            let bits = Int(truncatingIfNeeded: word >> (shift + UInt64(2 * ((xr + 2) & 3)))) & 3
            let m = Int(truncatingIfNeeded: word >> 32) & 1
            let entry = hardTable[HardTransitionTable.index(m: m, xr: xr, yr: yr, bits: bits)]
            let a = colour(entry.first)
            let b = colour(entry.second)
            let blended = a &+ (((b &- a) &* entry.weight) &>> 3)
            pixel.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: blended), as: SIMD4<UInt8>.self)
            pixel += 4
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
