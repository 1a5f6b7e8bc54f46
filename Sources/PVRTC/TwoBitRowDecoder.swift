import Imaging

/// Decodes single rows of a 2bpp level, PVRTC1 or PVRTC2, from its expanded endpoints and modulation words
/// (each row's weights from ``TwoBitModulation``); shared read-only by the worker threads.
///
/// Both generations upscale, modulate and blend alike. A PVRTC2 region between four block centres whose
/// top-left word has the hard-transition flag (bit 33 of ``words``, never set for PVRTC1) skips the upscale:
/// each pixel blends its own word's colours. The modulation is the same in both generations.
struct TwoBitRowDecoder: PaddedRowDecoding, @unchecked Sendable {
    // @unchecked: the pointers refer to buffers that outlive every call and are only read.
    /// Per block in linear order: (A.r, A.g, A.b, 2·A.a, B.r, B.g, B.b, 2·B.a) in ARGB 4555 precision.
    let endpoints: UnsafePointer<SIMD8<Int16>>
    /// Per block in linear order: the modulation word in the low 32 bits, the mode flag at bit 32, PVRTC2's
    /// hard-transition flag at bit 33.
    let words: UnsafePointer<UInt64>
    /// The weight tables the rows' weights are built from.
    let tables: TwoBitModulation.RowTables
    /// ``TwoBitRowDecoder/pairWeightTable`` (weights of two neighbouring pixels, one per half).
    let pairWeights: UnsafePointer<SIMD8<Int16>>
    let blocksWide: Int
    let blocksHigh: Int

    /// Decodes one 2bpp level (PVRTC1 or PVRTC2) that ``PVRTCImage`` has already checked.
    static func decode(_ image: PVRTCImage, threads: Int) -> RGBAImage {
        let blocks = ExpandedBlocks(image, threads: threads)
        return blocks.endpoints.withUnsafeBufferPointer { endpoints in
            blocks.words.withUnsafeBufferPointer { words in
                TwoBitModulation.withRowTables { tables in
                    pairWeightTable.withUnsafeBufferPointer { pairs in
                        TwoBitRowDecoder(
                            endpoints: endpoints.baseAddress!, words: words.baseAddress!, tables: tables,
                            pairWeights: pairs.baseAddress!, blocksWide: blocks.blocksWide,
                            blocksHigh: blocks.blocksHigh
                        )
                        .image(
                            width: image.width, height: image.height,
                            paddedWidth: image.format.blockWidth * blocks.blocksWide, threads: threads)
                    }
                }
            }
        }
    }

    /// Decodes rows `rows` top to bottom, keeping the stored weights of three consecutive rows (a row's
    /// averaged weights read the rows above and below it) and moving them down one row at a time.
    func decodeRows(_ rows: Range<Int>, to output: PaddedRowOutput) {
        let bw = blocksWide
        let paddedHeight = 4 * blocksHigh
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 3 * bw) { scratch in
            var above = scratch.baseAddress!
            var here = above + bw
            var below = here + bw
            let first = rows.lowerBound
            tables.storedRow(first == 0 ? paddedHeight - 1 : first - 1, words: words, blocksWide: bw, into: above)
            tables.storedRow(first, words: words, blocksWide: bw, into: here)
            for y in rows {
                let step = tables.step(
                    row: y, next: y + 1 == paddedHeight ? 0 : y + 1, words: words, blocksWide: bw, above: above,
                    here: here, below: below)
                decode(
                    row: y, step: step, weights: UnsafeRawPointer(here).assumingMemoryBound(to: UInt8.self),
                    into: output.destination(y))
                output.commit(y)
                (above, here, below) = (here, below, above)
            }
        }
    }

    /// Writes pixel row `y` with its weights `rowWeights` (one byte per pixel) to `out`, stepping each block's
    /// weights with `step` just before the first pixel that reads them: the scalar weight work then overlaps the
    /// vector pixel work (2048², one thread: 6.7 → 6.2 ms against a pass over the whole row's weights first).
    @inline(__always)
    func decode(
        row y: Int, step: TwoBitModulation.RowStep, weights rowWeights: UnsafePointer<UInt8>,
        into out: UnsafeMutableRawPointer
    ) {
        let bw = blocksWide
        let bh = blocksHigh
        // Rows 4Y+2 ... 4Y+5 lie between the block centres of block rows Y and Y+1.
        let low = (y - 2) >> 2
        let yr = Int16(truncatingIfNeeded: (y - 2) & 3)
        let topRow = (low < 0 ? bh - 1 : low) * bw
        let top = endpoints + topRow
        let bottom = endpoints + (low + 1 == bh ? 0 : low + 1) * bw
        let weightTop = SIMD8<Int16>(repeating: 4 &- yr)
        let weightBottom = SIMD8<Int16>(repeating: yr)
        // The hard-transition flag of the region between block rows Y and Y+1 is in row Y's words; a pixel's
        // own word is in row Y when it lies in the region's upper half.
        let hard = words + topRow
        let own = yr < 2 ? top : bottom

        @inline(__always) func vertical(_ x: Int) -> SIMD8<Int16> {
            top[x] &* weightTop &+ bottom[x] &* weightBottom
        }
        /// Pixels that take block column `x`'s own colours: the sum of weights 4 on one sample.
        @inline(__always) func unscaled(_ x: Int) -> SIMD8<Int16> { own[x] &<< 2 }

        let first = vertical(0)
        let last = vertical(bw - 1)
        let wrapIsHard = hard[bw - 1] & ExpandedBlocks.hardTransitionFlag != 0
        // Pixels 0–3: offsets 4–7 from the centre of the last block column (wrapped).
        step.block(0)
        if wrapIsHard {
            let colours = unscaled(0)
            span(left: colours, right: colours, offsets: 4..<8, weights: rowWeights, to: out)
        } else {
            span(left: last, right: first, offsets: 4..<8, weights: rowWeights, to: out)
        }
        var left = first
        var x = 0
        while x < bw - 1 {
            step.block(x + 1)
            let right = vertical(x + 1)
            let pixel = 8 * x + 4
            if hard[x] & ExpandedBlocks.hardTransitionFlag == 0 {
                span(left: left, right: right, offsets: 0..<8, weights: rowWeights + pixel, to: out + 4 * pixel)
            } else {
                let leftColours = unscaled(x)
                let rightColours = unscaled(x + 1)
                span(
                    left: leftColours, right: leftColours, offsets: 0..<4, weights: rowWeights + pixel,
                    to: out + 4 * pixel)
                span(
                    left: rightColours, right: rightColours, offsets: 4..<8, weights: rowWeights + pixel + 4,
                    to: out + 4 * pixel + 16)
            }
            left = right
            x += 1
        }
        // The last four pixels: offsets 0–3 from the last block column's centre towards column 0 (wrapped).
        let pixel = 8 * bw - 4
        if wrapIsHard {
            let colours = unscaled(bw - 1)
            span(left: colours, right: colours, offsets: 0..<4, weights: rowWeights + pixel, to: out + 4 * pixel)
        } else {
            span(left: last, right: first, offsets: 0..<4, weights: rowWeights + pixel, to: out + 4 * pixel)
        }
    }

    /// The lane weights of two neighbouring pixels with weights `w0`, `w1` (0...8), at `w0 | w1 << 8`: the two
    /// weight bytes read as one little-endian 16-bit index, then one load (only 81 of the 2057 entries, in
    /// nine runs of nine, are ever read).
    static let pairWeightTable: [SIMD8<Int16>] = (0...0x0808).map { index in
        let w0 = Int16(index & 0xFF)
        let w1 = Int16(index >> 8)
        return SIMD8(w0, w0, w0, w0, w1, w1, w1, w1)
    }

    /// Writes the pixels at horizontal `offsets` (0–7, an even start and count) from the centre of the block
    /// column whose vertically interpolated endpoints are `left`, towards the next centre `right`.
    @inline(__always)
    func span(
        left: SIMD8<Int16>, right: SIMD8<Int16>, offsets: Range<Int>, weights: UnsafePointer<UInt8>,
        to out: UnsafeMutableRawPointer
    ) {
        // v(i) = 8·left + i·(right − left): the bilinear sum with weights adding up to 32.
        let delta = right &- left
        let base = left &<< 3
        let baseA = SIMD8(lowHalf: base.lowHalf, highHalf: base.lowHalf)
        let baseB = SIMD8(lowHalf: base.highHalf, highHalf: base.highHalf)
        let deltaA = SIMD8(lowHalf: delta.lowHalf, highHalf: delta.lowHalf)
        let deltaB = SIMD8(lowHalf: delta.highHalf, highHalf: delta.highHalf)
        // To 8 bits: RGB v/128 + v/4; alpha lanes hold 2v, so (2·2v)/128 + 2v/4 = v/32 + v/2.
        let scale = SIMD8<Int16>(1, 1, 1, 2, 1, 1, 1, 2)
        let first = Int16(truncatingIfNeeded: offsets.lowerBound)
        let start = SIMD8<Int16>(first, first, first, first, first &+ 1, first &+ 1, first &+ 1, first &+ 1)
        // Two pixels a step: the sums move by two deltas.
        var a = baseA &+ deltaA &* start
        var b = baseB &+ deltaB &* start
        let stepA = deltaA &<< 1
        let stepB = deltaB &<< 1
        var i = offsets.lowerBound
        var pixels = out
        var w = weights
        while i < offsets.upperBound {
            let a8 = (a &>> 2) &+ ((a &* scale) &>> 7)
            let b8 = (b &>> 2) &+ ((b &* scale) &>> 7)
            let weight = pairWeights[Int(UInt16(littleEndian: UnsafeRawPointer(w).loadUnaligned(as: UInt16.self)))]
            // (A·(8−w) + B·w) / 8 = A + (B − A)·w / 8, with floor division.
            let blended = a8 &+ (((b8 &- a8) &* weight) &>> 3)
            pixels.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blended), as: SIMD8<UInt8>.self)
            a &+= stepA
            b &+= stepB
            pixels += 8
            w += 2
            i += 2
        }
    }
}
