import Imaging
import PVRTC

/// The modulation choice of ``BlockFormat/Modulation/fourLevel`` (PVRTC1 4bpp): the optimal two-bit
/// modulation of every pixel for the current quantised endpoints, judged with the exact integer decode
/// (reference A.3/A.4), and the per-block choice of the punch-through mode.
enum FourLevelModulation {
    /// The best modulation value of one pixel and its weighted squared error.
    /// - Parameters:
    ///   - endpoints: the pixel's exact 8-bit A (low half) and B (high half) colours.
    ///   - target: the source pixel.
    ///   - weights: per-channel error weights of the pixel.
    ///   - luma: the workspace's luma coefficients (``ErrorMetric``), used by `Term`.
    ///   - punchThrough: the mode of the block holding the pixel. In punch-through mode value 2 (alpha
    ///     forced to 0) is only considered when `weights` counts alpha error (images with alpha).
    ///   - punchedBlack: value 2 in punch-through mode is transparent black (PVRTC2,
    ///     ``BlockFormat/punchesToBlack``) rather than the midpoint colour with alpha 0.
    @inline(__always)
    static func best<Term: LumaTerm>(
        _ term: Term.Type, _ endpoints: SIMD8<Int32>, target: SIMD4<Int32>, weights: SIMD4<Int32>, luma: SIMD4<Int32>,
        punchThrough: Bool, punchedBlack: Bool
    ) -> (bits: UInt8, error: Int32) {
        @inline(__always) func cost(_ d: SIMD4<Int32>) -> Int32 {
            Term.error(d, weights: weights, luma: luma)
        }
        let a = endpoints.lowHalf
        let b = endpoints.highHalf
        let d0 = a &- target
        let d3 = b &- target
        let e0 = cost(d0)
        let e3 = cost(d3)
        var bits: UInt8 = 0
        var error = e0
        if e3 < error {
            bits = 3
            error = e3
        }
        if punchThrough {
            let half = (a &+ b) &>> 1
            let d1 = half &- target
            let e1 = cost(d1)
            if e1 < error {
                bits = 1
                error = e1
            }
            // Zero alpha is a choice only where alpha error counts: an opaque image must stay opaque.
            if weights[3] > 0 {
                var d2 = punchedBlack ? 0 &- target : d1
                d2[3] = -target[3]
                let e2 = cost(d2)
                if e2 < error {
                    bits = 2
                    error = e2
                }
            }
        } else {
            let d1 = ((a &* 5 &+ b &* 3) &>> 3) &- target
            let e1 = cost(d1)
            if e1 < error {
                bits = 1
                error = e1
            }
            let d2 = ((a &* 3 &+ b &* 5) &>> 3) &- target
            let e2 = cost(d2)
            if e2 < error {
                bits = 2
                error = e2
            }
        }
        return (bits, error)
    }

    /// Re-chooses the modulation of every pixel and each block's mode: punch-through for cut-out
    /// blocks, otherwise whichever gives the block's 16 pixels less error. In opaque images punch-through
    /// offers the exact midpoint `(A + B)/2` (weights 0, ½, 1), which suits flat colours and anti-aliased
    /// edges between two colours better than the standard 3/8 and 5/8.
    /// - Parameter blockErrors: when given, receives each block's error over its own 16 pixels.
    static func selectAll(
        _ ws: EncoderWorkspace, threads: Int,
        blockErrors: UnsafeMutableBufferPointer<Int>? = nil
    ) {
        let bw = ws.blocksWide
        let errors = blockErrors.map { UnsafeSendablePointer($0.baseAddress!) }
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    let error = selectBlock(ws, bx: bx, by: by)
                    errors?.pointer[by * bw + bx] = error
                }
            }
        }
    }

    /// Chooses mode and modulation for the 16 pixels of block (bx, by); returns their error.
    @inline(__always) @discardableResult
    static func selectBlock(_ ws: EncoderWorkspace, bx: Int, by: Int) -> Int {
        ws.hasLuma ? selectBlock(WithLuma.self, ws, bx: bx, by: by) : selectBlock(WithoutLuma.self, ws, bx: bx, by: by)
    }

    /// ``selectBlock(_:bx:by:)`` with the luma term fixed at compile time.
    @inline(__always)
    static func selectBlock<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, bx: Int, by: Int) -> Int {
        let index = by * ws.blocksWide + bx
        var standard: UInt32 = 0
        var punch: UInt32 = 0
        var standardError = 0
        var punchError = 0
        for j in 0..<4 {
            let y = 4 * by + j
            for i in 0..<4 {
                let x = 4 * bx + i
                let p = y * ws.width + x
                let e = toEightBit(ws.interpolated(x: x, y: y))
                let shift = UInt32(2 * (4 * j + i))
                let s = best(
                    term, e, target: ws.source[p], weights: ws.errorWeights[p], luma: ws.lumaWeights,
                    punchThrough: false, punchedBlack: ws.format.punchesToBlack)
                standard |= UInt32(s.bits) << shift
                standardError += Int(s.error)
                let t = best(
                    term, e, target: ws.source[p], weights: ws.errorWeights[p], luma: ws.lumaWeights,
                    punchThrough: true, punchedBlack: ws.format.punchesToBlack)
                punch |= UInt32(t.bits) << shift
                punchError += Int(t.error)
            }
        }
        let usePunch = ws.cutOut[index] || punchError < standardError
        ws.setPunchThrough(index, usePunch)
        let word = usePunch ? punch : standard
        for j in 0..<4 {
            let row = (4 * by + j) * ws.width + 4 * bx
            for i in 0..<4 {
                ws.modulation[row + i] = UInt8((word >> UInt32(2 * (4 * j + i))) & 3)
            }
        }
        return usePunch ? punchError : standardError
    }
}
