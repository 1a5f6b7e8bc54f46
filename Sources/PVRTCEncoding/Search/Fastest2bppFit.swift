import PVRTC

extension FastestFit {
    /// Stage 2 of ``Fastest2bppEncoder``: every pixel's nearer end (modulation value 0, weight 0, or 3,
    /// weight 1: the two weights of the 2bpp direct mode) by projecting it on the segment between its
    /// interpolated continuous endpoints, and ``residual`` for ``refine(_:geometry:threads:)``. Pixels are
    /// visited by the rectangles between four block centres, so each rectangle loads its four corners
    /// once.
    func selectDirectWeights(_ ws: EncoderWorkspace, geometry: FastestGeometry, threads: Int) {
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                selectDirectWeights(ws, geometry: geometry, by: by)
            }
        }
    }

    /// ``selectDirectWeights(_:geometry:threads:)`` for the rectangles below block row `by`'s centres.
    @inline(__always)
    func selectDirectWeights(_ ws: EncoderWorkspace, geometry: FastestGeometry, by: Int) {
        let gw = geometry.blockWidth
        let gh = geometry.blockHeight
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let wm = ws.width - 1
        let hm = ws.height - 1
        let width = ws.width
        let scale = 1 / Float(gh)
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let continuous = ws.continuous
        let source = ws.source
        let modulation = ws.modulation
        let residual = self.residual
        let r0 = by * bw
        let r1 = ((by + 1) & (bh - 1)) * bw
        for bx in 0..<bw {
            let x1 = (bx + 1) & (bw - 1)
            let c00 = continuous[r0 + bx]
            let c10 = continuous[r0 + x1]
            let c01 = continuous[r1 + bx]
            let c11 = continuous[r1 + x1]
            for j in 0..<gh {
                let y = (gh * by + gh / 2 + j) & hm
                let fy = Float(j)
                let left = (c00 * (Float(gh) - fy) + c01 * fy) * scale
                let right = (c10 * (Float(gh) - fy) + c11 * fy) * scale
                let across = right - left
                let row = y &* width
                for i in 0..<gw {
                    let p = row &+ ((gw * bx + gw / 2 + i) & wm)
                    let e = left + across * (Float(i) / Float(gw))
                    let s = SIMD4<Float>(source[p])
                    let a = e.lowHalf
                    let d = e.highHalf - a
                    // Nearer to B than to A: (s − a)·d > |d|²/2.
                    let toB = ((s - a) * d).sum() * 2 > (d * d).sum()
                    modulation[p] = toB ? 3 : 0
                    residual[p] = s + EndpointRefinement.truncationBias - (toB ? e.highHalf : a)
                }
            }
        }
    }
}
