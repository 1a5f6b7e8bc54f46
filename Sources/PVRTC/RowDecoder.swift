/// Decodes single rows of one level from its expanded blocks; shared read-only by the worker threads.
struct RowDecoder: PaddedRowDecoding, @unchecked Sendable {
    // @unchecked: the pointers refer to buffers that outlive every call and are only read.
    let endpoints: UnsafePointer<SIMD8<Int16>>
    let words: UnsafePointer<UInt64>
    let table: UnsafePointer<ModulationTable.Entry>
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
        let top = endpoints + (low < 0 ? bh - 1 : low) * bw
        let bottom = endpoints + (low + 1 == bh ? 0 : low + 1) * bw
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
        var left = first
        var leftRight = modulationIndices(0).right
        // Pixels 0 and 1: between the last block column (wrapped) and the first.
        writePair(left: last, right: first, second: true, entry: table + modulationIndices(0).left, to: out)
        var x = 0
        while x < bw - 1 {
            let right = vertical(x + 1)
            let indices = modulationIndices(x + 1)
            let pixels = out + (16 * x + 8)
            writePair(left: left, right: right, second: false, entry: table + leftRight, to: pixels)
            writePair(left: left, right: right, second: true, entry: table + indices.left, to: pixels + 8)
            left = right
            leftRight = indices.right
            x += 1
        }
        // The last two pixels: between the last block column and the first (wrapped).
        writePair(left: last, right: first, second: false, entry: table + leftRight, to: out + (16 * bw - 8))
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
        // To 8 bits: RGB C/2 + C/64; alpha lanes hold 2C, so (2C)/2 + (4C)/64 = C + C/16.
        let scale = SIMD8<Int16>(1, 1, 1, 2, 1, 1, 1, 2)
        let a8 = (a &>> 1) &+ ((a &* scale) &>> 6)
        let b8 = (b &>> 1) &+ ((b &* scale) &>> 6)
        // (A·(8−w) + B·w) / 8 = A + (B − A)·w / 8, with floor division.
        let blended = (a8 &+ (((b8 &- a8) &* entry.pointee.weight) &>> 3)) & entry.pointee.mask
        out.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blended), as: SIMD8<UInt8>.self)
    }
}
