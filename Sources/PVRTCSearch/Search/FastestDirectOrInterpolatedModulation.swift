import PVRTC

/// Stage 4 of ``FastestEncoder`` for ``BlockFormat/Modulation/directOrInterpolated`` (PVRTC1 2bpp): every
/// block's mode and every pixel's modulation against the exact 2bpp decoder arithmetic (reference A.9), in
/// three passes.
///
/// 1. Every pixel's nearer (by the workspace's error measure) of its exactly decoded colour A and colour
///    B, the direct-mode choice (value 0 or 3, ties to A); every checkerboard pixel also its best of the
///    four interpolated-mode weights {0, 3, 5, 8} (value 0...3, ties to the lower; stored pixel (0, 0),
///    whose low bit is the rule flag, its direct choice). Per block: the direct error, the stored pixels'
///    error, and what pinning stored pixel (4, 2) to its direct choice adds (the one-direction rules).
/// 2. Every other pixel's error at the weight each averaging rule gives it from the stored weights
///    around it: both directions `(l + r + u + d + 2) / 4`, horizontal `(l + r + 1) / 2`, vertical
///    `(u + d + 1) / 2` (read across block edges as if every block were interpolated with free stored
///    weights: one pass, no iteration over the coupled choices of neighbours).
/// 3. Per block, the cheapest of the direct mode and the three rules (ties to the earlier).
///
/// Passes 1 and 2 share ``FastestRowModulation``'s layout: row by row, lane `l` of every vector the
/// pixel at the same offset past the centre of block column `c + l`, so the bilinear upscale (weights of
/// 32) is integer additions and the 8-bit endpoints (RGB `v/128 + v/4`, alpha `v/32 + v/2`) are shifts.
/// Errors are `Float` (float-to-integer vector conversions are not inlined). The pixel rows between two
/// block centres are written by one worker, and each block's upper and lower halves are summed apart
/// by the two bands that hold them, so the output does not depend on the thread count.
///
/// The result is in the workspace: colour word bit 0 is the block's mode flag; a pixel's modulation is
/// its direct value (0 or 3) in a direct block, and in an interpolated block its two-bit stored value
/// with the rule flags in the low bits of stored pixels (0, 0) and (4, 2) (averaged pixels 0).
enum FastestDirectOrInterpolatedModulation {
    /// Per-block sums, per half block (rows 0–1, rows 2–3): the direct error, the stored pixels' error and
    /// the averaged pixels' error in the interpolated mode.
    struct Errors {
        /// The direct mode's error.
        var direct: Float = 0
        /// The stored pixels' error in the interpolated mode.
        var stored: Float = 0
        /// What pinning stored pixel (4, 2) to its direct value (the one-direction rules) adds.
        var pinned: Float = 0
        /// The averaged pixels' error under the both-directions rule.
        var both: Float = 0
        /// The averaged pixels' error under the horizontal rule.
        var horizontal: Float = 0
        /// The averaged pixels' error under the vertical rule.
        var vertical: Float = 0
    }

    /// Chooses the mode of every block and the modulation of every pixel of a 2bpp workspace.
    static func selectAll(_ ws: EncoderWorkspace, threads: Int) {
        precondition(ws.blockWidth == 8 && ws.blockHeight == 4)
        let scratch = Scratch(ws)
        defer { scratch.deallocate() }
        for pass in 1...2 {
            forEachBand(ws, threads: threads) { t, rows in
                if ws.hasAlpha {
                    band(ws, t: t, rows: rows, pass: pass, scratch: scratch, hasAlpha: true)
                } else {
                    band(ws, t: t, rows: rows, pass: pass, scratch: scratch, hasAlpha: false)
                }
            }
        }
        Parallel.forEach(ws.blocksHigh, threads: threads) { blockRows in
            for by in blockRows {
                for bx in 0..<ws.blocksWide {
                    decide(ws, bx: bx, by: by, errors: scratch.errors)
                }
            }
        }
    }

    /// The buffers the passes share. Workers write disjoint entries: a band's own pixels and half blocks.
    struct Scratch: @unchecked Sendable {
        /// Per block, the sums of its upper (index `2k`) and lower (`2k + 1`) half.
        let errors: UnsafeMutableBufferPointer<Errors>
        /// The stored weight (eighths) of every checkerboard pixel, for the averages of pass 2.
        let stored: UnsafeMutableBufferPointer<UInt8>

        /// Zeroed sums and room for the weights of `ws`.
        init(_ ws: EncoderWorkspace) {
            errors = .allocate(capacity: 2 * ws.blocksWide * ws.blocksHigh)
            errors.initialize(repeating: Errors())
            stored = .allocate(capacity: ws.width * ws.height)
        }

        /// Frees the buffers.
        func deallocate() {
            errors.deallocate()
            stored.deallocate()
        }
    }

    /// The per-band scratch: rows of vertical sums per 4555 lane and their step per pixel row.
    struct BandRows {
        /// Vertical sums, lane `n` of block column `c` at `n·stride + c`.
        let v: UnsafeMutablePointer<Int32>
        /// Their change per pixel row, same layout.
        let step: UnsafeMutablePointer<Int32>
        /// Columns per lane row: the block columns rounded up to four, plus four.
        let stride: Int
        /// The block columns rounded up to four.
        let padded: Int
    }

    /// Runs `body(t, rows)` for every band `t` (the pixel rows between block rows `t` and `t + 1`), bands
    /// split among `threads` workers, each with its own scratch rows.
    @inline(__always)
    static func forEachBand(_ ws: EncoderWorkspace, threads: Int, _ body: @Sendable (Int, BandRows) -> Void) {
        let bw = ws.blocksWide
        // Four columns per vector; one more column for the right-hand neighbour of the last lane.
        let padded = (bw + 3) & ~3
        let stride = padded + 4
        Parallel.forEach(ws.blocksHigh, threads: threads) { bands in
            let v = UnsafeMutablePointer<Int32>.allocate(capacity: 16 * stride)
            defer { v.deallocate() }
            let rows = BandRows(v: v, step: v + 8 * stride, stride: stride, padded: padded)
            for t in bands { body(t, rows) }
        }
    }

    /// Pass 1 or 2 over band `t`.
    @inline(__always)
    static func band(
        _ ws: EncoderWorkspace, t: Int, rows: BandRows, pass: Int, scratch: Scratch, hasAlpha: Bool
    ) {
        let errors = scratch.errors
        let stored = scratch.stored
        let bw = ws.blocksWide
        let v = rows.v
        let step = rows.step
        let stride = rows.stride
        let padded = rows.padded
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let expanded = ws.expanded
        let source = ws.source
        let errorWeights = ws.errorWeights
        let modulation = ws.modulation
        let width = ws.width
        let gridWidth = width
        let gridHeight = ws.height
        let top = t * bw
        let bottom = ws.wrapBlockY(t + 1) * bw
        for c in 0...padded {
            let k = wrapped(c, bw)
            let e0 = expanded[top + k]
            let e1 = expanded[bottom + k]
            let start = e0 &<< 2
            let change = e1 &- e0
            for n in 0..<8 {
                v[n * stride + c] = start[n]
                step[n * stride + c] = change[n]
            }
        }
        // The metric's channel weights, one vector per channel (every lane the same pixel weight).
        let channelWeights = SIMD4<Float>(ws.channelWeights)
        let fixedWeights = (
            SIMD4<Float>(repeating: channelWeights[0]), SIMD4<Float>(repeating: channelWeights[1]),
            SIMD4<Float>(repeating: channelWeights[2]), SIMD4<Float>(repeating: channelWeights[3])
        )
        let luma = SIMD4<Float>(ws.lumaWeights)
        for fy in 0..<4 {
            if fy > 0 {
                for n in 0..<8 * stride { v[n] &+= step[n] }
            }
            let y = wrapped(4 * t + 2 + fy, gridHeight)
            let row = y * width
            let above = wrapped(y - 1, gridHeight) * width
            let below = wrapped(y + 1, gridHeight) * width
            // Rows 2–3 of block row t, or rows 0–1 of block row t + 1: the half block's slot.
            let half = fy < 2 ? 2 * top + 1 : 2 * bottom
            for c0 in Swift.stride(from: 0, to: padded, by: 4) {
                @inline(__always) func left(_ n: Int) -> SIMD4<Int32> {
                    UnsafeRawPointer(v + n * stride + c0).loadUnaligned(as: SIMD4<Int32>.self)
                }
                @inline(__always) func right(_ n: Int) -> SIMD4<Int32> {
                    UnsafeRawPointer(v + n * stride + c0 + 1).loadUnaligned(as: SIMD4<Int32>.self)
                }
                // Horizontal sums at offset 0 past the left centre (A.r, A.g, A.b, A.a, B.r, B.g, B.b,
                // B.a), and their step per pixel.
                var h = (
                    left(0) &<< 3, left(1) &<< 3, left(2) &<< 3, left(3) &<< 3, left(4) &<< 3, left(5) &<< 3,
                    left(6) &<< 3, left(7) &<< 3
                )
                let d = (
                    right(0) &- left(0), right(1) &- left(1), right(2) &- left(2), right(3) &- left(3),
                    right(4) &- left(4), right(5) &- left(5), right(6) &- left(6), right(7) &- left(7)
                )
                // Error sums of the lanes' left (offsets 0–3) and right (4–7) block columns.
                // Pass 1: direct, stored, pinned; pass 2: both directions, horizontal, vertical.
                var leftSums = (SIMD4<Float>.zero, SIMD4<Float>.zero, SIMD4<Float>.zero)
                var rightSums = leftSums
                for xr in 0..<8 {
                    if xr > 0 {
                        h.0 &+= d.0
                        h.1 &+= d.1
                        h.2 &+= d.2
                        h.4 &+= d.4
                        h.5 &+= d.5
                        h.6 &+= d.6
                        if hasAlpha {
                            h.3 &+= d.3
                            h.7 &+= d.7
                        }
                    }
                    let isStored = (xr ^ fy) & 1 == 0
                    // Pass 2 only visits the averaged pixels.
                    if pass == 2 && isStored { continue }
                    let x = 8 * c0 + 4 + xr
                    let xs = (
                        wrapped(x, gridWidth), wrapped(x + 8, gridWidth), wrapped(x + 16, gridWidth),
                        wrapped(x + 24, gridWidth)
                    )
                    let p0 = source[row + xs.0]
                    let p1 = source[row + xs.1]
                    let p2 = source[row + xs.2]
                    let p3 = source[row + xs.3]
                    let target = (
                        SIMD4<Float>(SIMD4(p0[0], p1[0], p2[0], p3[0])),
                        SIMD4<Float>(SIMD4(p0[1], p1[1], p2[1], p3[1])),
                        SIMD4<Float>(SIMD4(p0[2], p1[2], p2[2], p3[2])),
                        SIMD4<Float>(SIMD4(p0[3], p1[3], p2[3], p3[3]))
                    )
                    var weights = fixedWeights
                    if hasAlpha {
                        let w0 = SIMD4<Float>(errorWeights[row + xs.0])
                        let w1 = SIMD4<Float>(errorWeights[row + xs.1])
                        let w2 = SIMD4<Float>(errorWeights[row + xs.2])
                        let w3 = SIMD4<Float>(errorWeights[row + xs.3])
                        weights = (
                            SIMD4(w0[0], w1[0], w2[0], w3[0]), SIMD4(w0[1], w1[1], w2[1], w3[1]),
                            SIMD4(w0[2], w1[2], w2[2], w3[2]), SIMD4(w0[3], w1[3], w2[3], w3[3])
                        )
                    }
                    /// The error of four decoded colours (R, G, B, A lanes of the four pixels), whole numbers
                    /// in `Float` lanes.
                    @inline(__always) func cost(
                        _ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ a: SIMD4<Float>
                    ) -> SIMD4<Float> {
                        let dr = r - target.0
                        let dg = g - target.1
                        let db = b - target.2
                        let rgb = dr * dr * weights.0 + dg * dg * weights.1 + db * db * weights.2
                        if hasAlpha {
                            let da = a - target.3
                            return rgb + da * da * weights.3
                        }
                        let lum = dr * luma[0] + dg * luma[1] + db * luma[2]
                        return rgb + lum * lum
                    }
                    /// ``cost`` of colours in `Int32` lanes.
                    @inline(__always) func cost(
                        _ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>, _ a: SIMD4<Int32>
                    ) -> SIMD4<Float> {
                        cost(SIMD4<Float>(r), SIMD4<Float>(g), SIMD4<Float>(b), SIMD4<Float>(a))
                    }
                    let a = (eightBit(h.0), eightBit(h.1), eightBit(h.2), hasAlpha ? eightBitAlpha(h.3) : .zero)
                    let b = (eightBit(h.4), eightBit(h.5), eightBit(h.6), hasAlpha ? eightBitAlpha(h.7) : .zero)
                    let isLeft = xr < 4
                    if pass == 2 {
                        // Each lane's stored neighbours, horizontal and vertical pairs, then the error of
                        // ⌊(A·(8 − w) + B·w) / 8⌋ per channel at each rule's weight w.
                        @inline(__always) func pairs(_ x: Int) -> SIMD2<Int32> {
                            SIMD2(
                                Int32(stored[row + wrapped(x - 1, gridWidth)])
                                    + Int32(stored[row + wrapped(x + 1, gridWidth)]),
                                Int32(stored[above + x]) + Int32(stored[below + x]))
                        }
                        let n0 = pairs(xs.0)
                        let n1 = pairs(xs.1)
                        let n2 = pairs(xs.2)
                        let n3 = pairs(xs.3)
                        let across = SIMD4(n0[0], n1[0], n2[0], n3[0])
                        let upDown = SIMD4(n0[1], n1[1], n2[1], n3[1])
                        let af = (SIMD4<Float>(a.0), SIMD4<Float>(a.1), SIMD4<Float>(a.2), SIMD4<Float>(a.3))
                        let bf = (SIMD4<Float>(b.0), SIMD4<Float>(b.1), SIMD4<Float>(b.2), SIMD4<Float>(b.3))
                        @inline(__always) func error(_ w: SIMD4<Int32>) -> SIMD4<Float> {
                            let wb = SIMD4<Float>(w) * 0.125
                            let wa = 1 - wb
                            @inline(__always) func blend(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
                                // The sum is a multiple of 1/8; less 7/16 it rounds to its floor.
                                FastestModulation.nearestInteger(a * wa + b * wb - 0.4375)
                            }
                            return cost(blend(af.0, bf.0), blend(af.1, bf.1), blend(af.2, bf.2), blend(af.3, bf.3))
                        }
                        let both = error((across &+ upDown &+ 2) &>> 2)
                        let horizontal = error((across &+ 1) &>> 1)
                        let vertical = error((upDown &+ 1) &>> 1)
                        if isLeft {
                            leftSums.0 += both
                            leftSums.1 += horizontal
                            leftSums.2 += vertical
                        } else {
                            rightSums.0 += both
                            rightSums.1 += horizontal
                            rightSums.2 += vertical
                        }
                        continue
                    }
                    let costA = cost(a.0, a.1, a.2, a.3)
                    let costB = cost(b.0, b.1, b.2, b.3)
                    let toB = costB .< costA
                    let directValue = SIMD4<Int32>.zero.replacing(with: 3, where: toB)
                    let directCost = costA.replacing(with: costB, where: toB)
                    var value = directValue
                    var storedCost = directCost
                    if isStored && !(xr == 4 && fy == 2) {
                        let (r1, r2) = FastestRowModulation.middle(a.0, b.0)
                        let (g1, g2) = FastestRowModulation.middle(a.1, b.1)
                        let (b1, b2) = FastestRowModulation.middle(a.2, b.2)
                        let (a1, a2) = FastestRowModulation.middle(a.3, b.3)
                        let cost1 = cost(r1, g1, b1, a1)
                        let cost2 = cost(r2, g2, b2, a2)
                        let lower01 = cost1 .< costA
                        let index01 = SIMD4<Int32>(repeating: 0).replacing(with: 1, where: lower01)
                        let min01 = costA.replacing(with: cost1, where: lower01)
                        let lower23 = costB .< cost2
                        let index23 = SIMD4<Int32>(repeating: 2).replacing(with: 3, where: lower23)
                        let min23 = cost2.replacing(with: costB, where: lower23)
                        let upper = min23 .< min01
                        value = index01.replacing(with: index23, where: upper)
                        storedCost = min01.replacing(with: min23, where: upper)
                    }
                    if isLeft {
                        leftSums.0 += directCost
                    } else {
                        rightSums.0 += directCost
                    }
                    if isStored {
                        if isLeft {
                            leftSums.1 += storedCost
                        } else {
                            rightSums.1 += storedCost
                        }
                    }
                    if xr == 0 && fy == 0 {
                        // Stored pixel (4, 2) of the lanes' left block columns.
                        leftSums.2 += directCost - storedCost
                    }
                    // Bits 0–1: the direct value; bits 2–3: the stored value.
                    let packed = directValue | (value &<< 2)
                    let weight =
                        (SIMD4<Int32>(0x0805_0300, 0x0805_0300, 0x0805_0300, 0x0805_0300) &>> (value &<< 3)) & 0xFF
                    modulation[row + xs.0] = UInt8(truncatingIfNeeded: packed[0])
                    modulation[row + xs.1] = UInt8(truncatingIfNeeded: packed[1])
                    stored[row + xs.0] = UInt8(truncatingIfNeeded: weight[0])
                    stored[row + xs.1] = UInt8(truncatingIfNeeded: weight[1])
                    if c0 + 2 < bw {
                        modulation[row + xs.2] = UInt8(truncatingIfNeeded: packed[2])
                        modulation[row + xs.3] = UInt8(truncatingIfNeeded: packed[3])
                        stored[row + xs.2] = UInt8(truncatingIfNeeded: weight[2])
                        stored[row + xs.3] = UInt8(truncatingIfNeeded: weight[3])
                    }
                }
                // Lane l's left block column is c0 + l, its right one c0 + l + 1 (wrapped); lanes past the
                // last block column repeat the first ones and are not counted.
                for l in 0..<4 where c0 + l < bw {
                    let leftSlot = half + 2 * (c0 + l)
                    let rightSlot = half + 2 * wrapped(c0 + l + 1, bw)
                    if pass == 1 {
                        errors[leftSlot].direct += leftSums.0[l]
                        errors[leftSlot].stored += leftSums.1[l]
                        errors[rightSlot].direct += rightSums.0[l]
                        errors[rightSlot].stored += rightSums.1[l]
                        errors[leftSlot].pinned += leftSums.2[l]
                    } else {
                        errors[leftSlot].both += leftSums.0[l]
                        errors[leftSlot].horizontal += leftSums.1[l]
                        errors[leftSlot].vertical += leftSums.2[l]
                        errors[rightSlot].both += rightSums.0[l]
                        errors[rightSlot].horizontal += rightSums.1[l]
                        errors[rightSlot].vertical += rightSums.2[l]
                    }
                }
            }
        }
    }

    /// Pass 3 for block (bx, by): its mode flag and its pixels' final two-bit values, the rule flags
    /// included (the low bits of stored pixels (0, 0) and (4, 2), whose high bits are the weight).
    @inline(__always)
    static func decide(_ ws: EncoderWorkspace, bx: Int, by: Int, errors: UnsafeMutableBufferPointer<Errors>) {
        let k = by * ws.blocksWide + bx
        let upper = errors[2 * k]
        let lower = errors[2 * k + 1]
        let direct = upper.direct + lower.direct
        let stored = upper.stored + lower.stored
        let pinned = stored + upper.pinned + lower.pinned
        // Rule 0: direct; 1: both directions; 2: horizontal; 3: vertical (the first of equal errors).
        let both = stored + upper.both + lower.both
        let horizontal = pinned + upper.horizontal + lower.horizontal
        let vertical = pinned + upper.vertical + lower.vertical
        var rule = both < direct ? 1 : 0
        var best = min(both, direct)
        if horizontal < best {
            rule = 2
            best = horizontal
        }
        if vertical < best { rule = 3 }
        ws.colorWords[k] = (ws.colorWords[k] & ~1) | (rule == 0 ? 0 : 1)
        let modulation = ws.modulation
        for j in 0..<4 {
            let row = (4 * by + j) * ws.width + 8 * bx
            for i in 0..<8 {
                let packed = modulation[row + i]
                if rule == 0 {
                    modulation[row + i] = packed & 3
                } else if (i ^ j) & 1 != 0 {
                    modulation[row + i] = 0
                } else if i == 0 && j == 0 {
                    modulation[row + i] = (packed & 2) | (rule == 1 ? 0 : 1)
                } else if i == 4 && j == 2 && rule != 1 {
                    modulation[row + i] = (packed & 2) | (rule == 3 ? 1 : 0)
                } else {
                    modulation[row + i] = packed >> 2
                }
            }
        }
    }

    /// The exact 8-bit value of a 2bpp 4555 RGB bilinear sum (weights of 32): `v/128 + v/4`.
    @inline(__always)
    static func eightBit(_ c: SIMD4<Int32>) -> SIMD4<Int32> {
        (c &>> 7) &+ (c &>> 2)
    }

    /// The exact 8-bit value of a 2bpp 4555 alpha bilinear sum (weights of 32): `v/32 + v/2`.
    @inline(__always)
    static func eightBitAlpha(_ c: SIMD4<Int32>) -> SIMD4<Int32> {
        (c &>> 5) &+ (c &>> 1)
    }
}
