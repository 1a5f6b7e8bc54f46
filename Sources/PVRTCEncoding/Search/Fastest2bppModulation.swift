import PVRTC

/// Stage 4 of ``Fastest2bppEncoder``: every pixel's direct-mode modulation against the exact 2bpp
/// decoder arithmetic (reference A.9): the nearer, by the workspace's error measure, of its exactly
/// decoded colour A and colour B (value 0 or 3; ties go to A).
///
/// The layout is ``FastestRowModulation``'s: row by row, lane `l` of every vector the pixel at the same
/// offset past the centre of block column `c + l`. Between two block rows the decoder's vertical sums
/// change by the same step on every pixel row, and along a row the horizontal sums by the same step on
/// every pixel, so the bilinear upscale (weights of 32) is integer additions only, and the 8-bit
/// endpoints (RGB `v/128 + v/4`, alpha `v/32 + v/2`) are shifts and additions. Only the error is
/// `Float`. The pixel rows between two block centres are written by one worker, so the output does not
/// depend on the thread count.
enum Fastest2bppModulation {
    /// Chooses the modulation of every pixel of a 2bpp workspace (every block in the direct mode).
    static func selectAll(_ ws: EncoderWorkspace, threads: Int) {
        precondition(ws.blockWidth == 8 && ws.blockHeight == 4)
        let bw = ws.blocksWide
        // Four columns per vector; one more column for the right-hand neighbour of the last lane.
        let padded = (bw + 3) & ~3
        let stride = padded + 4
        Parallel.forEach(ws.blocksHigh, threads: threads) { bands in
            // Per-channel rows of vertical sums (`v`) and their step per pixel row (`step`).
            let v = UnsafeMutablePointer<Int32>.allocate(capacity: 16 * stride)
            defer { v.deallocate() }
            let step = v + 8 * stride
            for t in bands {
                if ws.hasAlpha {
                    band(ws, t: t, v: v, step: step, stride: stride, padded: padded, hasAlpha: true)
                } else {
                    band(ws, t: t, v: v, step: step, stride: stride, padded: padded, hasAlpha: false)
                }
            }
        }
    }

    /// The four pixel rows between block rows `t` and `t + 1` (wrapped). Opaque images count the six
    /// RGB lanes with the metric's fixed weights and luma term; images with alpha count all eight with
    /// each pixel's own weights.
    @inline(__always)
    static func band(
        _ ws: EncoderWorkspace, t: Int, v: UnsafeMutablePointer<Int32>, step: UnsafeMutablePointer<Int32>,
        stride: Int, padded: Int, hasAlpha: Bool
    ) {
        let bw = ws.blocksWide
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let expanded = ws.expanded
        let source = ws.source
        let errorWeights = ws.errorWeights
        let modulation = ws.modulation
        let width = ws.width
        let wm = width - 1
        let top = t * bw
        let bottom = ws.wrapBlockY(t + 1) * bw
        for c in 0...padded {
            let k = c & (bw - 1)
            let e0 = expanded[top + k]
            let e1 = expanded[bottom + k]
            let start = e0 &<< 2
            let change = e1 &- e0
            for n in 0..<8 {
                v[n * stride + c] = start[n]
                step[n * stride + c] = change[n]
            }
        }
        let fixedWeights = SIMD4<Float>(ws.channelWeights)
        let luma = SIMD4<Float>(ws.lumaWeights)
        for fy in 0..<4 {
            if fy > 0 {
                for n in 0..<8 * stride { v[n] &+= step[n] }
            }
            let row = ((4 * t + 2 + fy) & (ws.height - 1)) * width
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
                    let x = 8 * c0 + 4 + xr
                    let x0 = x & wm
                    let x1 = (x + 8) & wm
                    let x2 = (x + 16) & wm
                    let x3 = (x + 24) & wm
                    let p0 = source[row + x0]
                    let p1 = source[row + x1]
                    let p2 = source[row + x2]
                    let p3 = source[row + x3]
                    let target = (
                        SIMD4(p0[0], p1[0], p2[0], p3[0]), SIMD4(p0[1], p1[1], p2[1], p3[1]),
                        SIMD4(p0[2], p1[2], p2[2], p3[2]), SIMD4(p0[3], p1[3], p2[3], p3[3])
                    )
                    let toB: SIMD4<Int32>
                    if hasAlpha {
                        let w0 = SIMD4<Float>(errorWeights[row + x0])
                        let w1 = SIMD4<Float>(errorWeights[row + x1])
                        let w2 = SIMD4<Float>(errorWeights[row + x2])
                        let w3 = SIMD4<Float>(errorWeights[row + x3])
                        let weights = (
                            SIMD4(w0[0], w1[0], w2[0], w3[0]), SIMD4(w0[1], w1[1], w2[1], w3[1]),
                            SIMD4(w0[2], w1[2], w2[2], w3[2]), SIMD4(w0[3], w1[3], w2[3], w3[3])
                        )
                        @inline(__always) func cost(
                            _ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>, _ a: SIMD4<Int32>
                        ) -> SIMD4<Float> {
                            let dr = SIMD4<Float>(r &- target.0)
                            let dg = SIMD4<Float>(g &- target.1)
                            let db = SIMD4<Float>(b &- target.2)
                            let da = SIMD4<Float>(a &- target.3)
                            let rg = dr * dr * weights.0 + dg * dg * weights.1
                            return rg + db * db * weights.2 + da * da * weights.3
                        }
                        let costA = cost(eightBit(h.0), eightBit(h.1), eightBit(h.2), eightBitAlpha(h.3))
                        let costB = cost(eightBit(h.4), eightBit(h.5), eightBit(h.6), eightBitAlpha(h.7))
                        toB = SIMD4<Int32>.zero.replacing(with: 3, where: costB .< costA)
                    } else {
                        @inline(__always) func cost(_ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>)
                            -> SIMD4<Float>
                        {
                            let dr = SIMD4<Float>(r &- target.0)
                            let dg = SIMD4<Float>(g &- target.1)
                            let db = SIMD4<Float>(b &- target.2)
                            let y = dr * luma[0] + dg * luma[1] + db * luma[2]
                            let rg = dr * dr * fixedWeights[0] + dg * dg * fixedWeights[1]
                            return rg + db * db * fixedWeights[2] + y * y
                        }
                        let costA = cost(eightBit(h.0), eightBit(h.1), eightBit(h.2))
                        let costB = cost(eightBit(h.4), eightBit(h.5), eightBit(h.6))
                        toB = SIMD4<Int32>.zero.replacing(with: 3, where: costB .< costA)
                    }
                    modulation[row + x0] = UInt8(truncatingIfNeeded: toB[0])
                    modulation[row + x1] = UInt8(truncatingIfNeeded: toB[1])
                    if c0 + 2 < bw {
                        modulation[row + x2] = UInt8(truncatingIfNeeded: toB[2])
                        modulation[row + x3] = UInt8(truncatingIfNeeded: toB[3])
                    }
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
