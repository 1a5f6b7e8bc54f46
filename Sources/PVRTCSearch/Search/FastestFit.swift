import PVRTC

/// Stage 2 of ``FastestEncoder``: a modulation weight for every pixel from the continuous endpoints,
/// then the closed-form least-squares refinement of the two low-resolution images with those weights
/// fixed.
///
/// With weight `w` per pixel the decoded value is linear in the endpoints (`(1 − w)·ΣβA + w·ΣβB` over
/// the four blocks around it), so each block's best A and B, its neighbours held, solve a 2×2 system
/// per channel over its window. Blocks are solved in the four phases of the 2×2 colouring (windows of
/// one phase are disjoint: parallel and deterministic), and the residual of every pixel (source minus
/// continuous prediction) is kept up to date by taking away each block's change over its window, so a
/// block costs one gather and one scatter of its window instead of a re-interpolation.
///
/// A pixel's weight is not stored: it follows from its modulation bits and its block's mode
/// (``weight(_:punchThrough:)``). The buffer lives as long as the value; ``deallocate()`` frees it.
struct FastestFit: @unchecked Sendable {
    /// Each virtual pixel's source (R, G, B, A) plus ``EndpointRefinement/truncationBias`` minus its
    /// continuous prediction from the continuous endpoints and its modulation weight.
    let residual: UnsafeMutableBufferPointer<SIMD4<Float>>

    /// Allocates the buffer for `ws`.
    init(_ ws: EncoderWorkspace) {
        residual = .allocate(capacity: ws.width * ws.height)
    }

    /// Frees the buffer.
    func deallocate() {
        residual.deallocate()
    }

    /// The modulation weight (0...1) towards B of modulation value `bits`: standard 0, 3/8, 5/8, 1;
    /// punch-through 0, ½, ½, 1.
    @inline(__always)
    static func weight(_ bits: UInt8, punchThrough: Bool) -> Float {
        let standard = SIMD4<Float>(0, 0.375, 0.625, 1)
        let punch = SIMD4<Float>(0, 0.5, 0.5, 1)
        return punchThrough ? punch[Int(bits & 3)] : standard[Int(bits & 3)]
    }

    /// Chooses every pixel's modulation (stored in the workspace) by projecting it on the segment between
    /// its interpolated continuous endpoints, and fills ``residual``. Pixels are visited
    /// by the rectangles between four block centres, so each rectangle loads its four corners once.
    func selectWeights(_ ws: EncoderWorkspace, geometry: FastestGeometry, threads: Int) {
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                if ws.hasAlpha {
                    selectWeights(ws, geometry: geometry, by: by, hasAlpha: true)
                } else {
                    selectWeights(ws, geometry: geometry, by: by, hasAlpha: false)
                }
            }
        }
    }

    /// ``selectWeights(_:geometry:threads:)`` for the rectangles below block row `by`'s centres.
    @inline(__always)
    func selectWeights(_ ws: EncoderWorkspace, geometry: FastestGeometry, by: Int, hasAlpha: Bool) {
        let gw = geometry.blockWidth
        let gh = geometry.blockHeight
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let gridWidth = ws.width
        let gridHeight = ws.height
        let width = ws.width
        let total = Float(geometry.weightTotal)
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let continuous = ws.continuous
        let source = ws.source
        let modulation = ws.modulation
        let cutOut = ws.cutOut
        let r0 = by * bw
        let r1 = wrapped(by + 1, bh) * bw
        for bx in 0..<bw {
            let x1 = wrapped(bx + 1, bw)
            let c00 = continuous[r0 + bx]
            let c10 = continuous[r0 + x1]
            let c01 = continuous[r1 + bx]
            let c11 = continuous[r1 + x1]
            for j in 0..<gh {
                let y = wrapped(gh * by + gh / 2 + j, gridHeight)
                let fy = Float(j)
                let left = c00 * (Float(gh) - fy) + c01 * fy
                let right = c10 * (Float(gh) - fy) + c11 * fy
                for i in 0..<gw {
                    let x = wrapped(gw * bx + gw / 2 + i, gridWidth)
                    let fx = Float(i)
                    let e = (left * (Float(gw) - fx) + right * fx) * (1 / total)
                    let p = y &* width &+ x
                    let punch = hasAlpha && cutOut[geometry.blockIndex(x: x, y: y, blocksWide: bw)]
                    modulation[p] = choose(source[p], p: p, endpoints: e, punchThrough: punch)
                }
            }
        }
    }

    /// One pixel's modulation (returned) and residual (stored).
    @inline(__always)
    func choose(_ pixel: SIMD4<Int32>, p: Int, endpoints e: SIMD8<Float>, punchThrough: Bool) -> UInt8 {
        let s = SIMD4<Float>(pixel)
        let a = e.lowHalf
        let d = e.highHalf - a
        let dd = (d * d).sum()
        let t = dd > 0 ? ((s - a) * d).sum() / dd : 0
        var bits: UInt8
        var w: Float
        if punchThrough {
            // Punch-through weights 0, ½, (½ with alpha 0), 1.
            let high: UInt8 = t < 0.75 ? 1 : 3
            bits = s[3] == 0 ? 2 : (t < 0.25 ? 0 : high)
            w = bits == 0 ? 0 : (bits == 3 ? 1 : 0.5)
        } else {
            // Standard weights 0, 3/8, 5/8, 1; thresholds halfway between them.
            let step = (t >= 0.1875 ? 1 : 0) + (t >= 0.5 ? 1 : 0) + (t >= 0.8125 ? 1 : 0)
            bits = UInt8(step)
            w = Float(step) * 0.3125 + Float(step & 1) * 0.0625
        }
        residual[p] = s + EndpointRefinement.truncationBias - (a + d * w)
        return bits
    }

    /// One Gauss–Seidel sweep of the least-squares refinement over every block.
    func refine(_ ws: EncoderWorkspace, geometry: FastestGeometry, threads: Int) {
        let tables = ws.hasAlpha ? nil : OpaqueWindowTables(geometry)
        defer { tables?.deallocate() }
        let columnClasses = BlockColouring.classes(ws.blocksWide)
        for rows in BlockColouring.classes(ws.blocksHigh) {
            for columns in columnClasses {
                Parallel.forEach(rows.count, threads: threads) { chunk in
                    for row in chunk {
                        let by = rows[row]
                        for bx in columns {
                            if let tables {
                                solveOpaque(ws, geometry: geometry, bx: bx, by: by, tables: tables)
                            } else {
                                solve(ws, geometry: geometry, bx: bx, by: by)
                            }
                        }
                    }
                }
            }
        }
    }

    /// For opaque images, per window pixel and modulation value: the products a block's normal
    /// equations sum, `(u², u·v, v², 0)`, and the pixel's weights on the block's A and B, `(u, u, u, 0,
    /// v, v, v, 0)` (alpha lanes 0: opaque endpoints keep alpha 255), where `u = β·(1 − w)`, `v = β·w`,
    /// β the block's bilinear weight at the pixel and w the value's modulation weight.
    struct OpaqueWindowTables: @unchecked Sendable {
        /// `(u², u·v, v², 0)` at index `4·(window pixel) + value`.
        let products: UnsafeMutableBufferPointer<SIMD4<Float>>
        /// `(u, u, u, 0, v, v, v, 0)` at the same index.
        let weights: UnsafeMutableBufferPointer<SIMD8<Float>>

        /// The tables of `geometry`'s window.
        init(_ geometry: FastestGeometry) {
            let ww = geometry.windowWidth
            let count = 4 * ww * geometry.windowHeight
            products = .allocate(capacity: count)
            weights = .allocate(capacity: count)
            let scale = 1 / Float(geometry.weightTotal)
            for j in 0..<geometry.windowHeight {
                let betaY = Float(geometry.weightY(j)) * scale
                for i in 0..<ww {
                    let beta = Float(geometry.weightX(i)) * betaY
                    for value in 0..<4 {
                        let w = FastestFit.weight(UInt8(value), punchThrough: false)
                        let u = beta * (1 - w)
                        let v = beta * w
                        let index = 4 * (j * ww + i) + value
                        products[index] = SIMD4(u * u, u * v, v * v, 0)
                        weights[index] = SIMD8(u, u, u, 0, v, v, v, 0)
                    }
                }
            }
        }

        /// Frees the tables.
        func deallocate() {
            products.deallocate()
            weights.deallocate()
        }
    }

    /// ``solve(_:geometry:bx:by:)`` for an opaque image: the same sums (even and odd window rows
    /// summed apart, then added), each pixel's terms read from `tables` by its modulation value.
    @inline(__always)
    func solveOpaque(_ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int, tables: OpaqueWindowTables) {
        let gridWidth = ws.width
        let gridHeight = ws.height
        let ww = geometry.windowWidth
        let wh = geometry.windowHeight
        let x0 = geometry.windowX(bx)
        let y0 = geometry.windowY(by)
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let residual = self.residual.baseAddress!
        let modulation = ws.modulation.baseAddress!
        let products = tables.products.baseAddress!
        let weights = tables.weights.baseAddress!
        let width = ws.width
        // Two sets of sums (even and odd window rows): one set would wait on every addition.
        var sums = (SIMD4<Float>.zero, SIMD4<Float>.zero)
        var ra = (SIMD4<Float>.zero, SIMD4<Float>.zero)
        var rb = (SIMD4<Float>.zero, SIMD4<Float>.zero)
        @inline(__always) func gather(
            _ j: Int, _ sums: inout SIMD4<Float>, _ ra: inout SIMD4<Float>, _ rb: inout SIMD4<Float>
        ) {
            let row = wrapped(y0 &+ j, gridHeight) &* width
            for i in 0..<ww {
                let p = row &+ wrapped(x0 &+ i, gridWidth)
                let index = 4 &* (j &* ww &+ i) &+ Int(modulation[p])
                sums += products[index]
                let uv = weights[index]
                let r = residual[p]
                ra += r * uv.lowHalf
                rb += r * uv.highHalf
            }
        }
        var j = 0
        while j &+ 1 < wh {
            gather(j, &sums.0, &ra.0, &rb.0)
            gather(j &+ 1, &sums.1, &ra.1, &rb.1)
            j &+= 2
        }
        if j < wh { gather(j, &sums.0, &ra.0, &rb.0) }
        let (deltaA, deltaB) = EndpointNormalEquations.solve(
            sums.0[0] + sums.1[0], sums.0[1] + sums.1[1], sums.0[2] + sums.1[2], ra.0 + ra.1, rb.0 + rb.1)
        let (changeA, changeB) = update(
            ws, block: by &* ws.blocksWide &+ bx, delta: SIMD8(lowHalf: deltaA, highHalf: deltaB))
        for j in 0..<wh {
            let row = wrapped(y0 &+ j, gridHeight) &* width
            for i in 0..<ww {
                let p = row &+ wrapped(x0 &+ i, gridWidth)
                let uv = weights[4 &* (j &* ww &+ i) &+ Int(modulation[p])]
                residual[p] -= changeA * uv.lowHalf + changeB * uv.highHalf
            }
        }
    }

    /// Solves block (bx, by)'s endpoints against the current residual and takes the change away from
    /// the residual over its window, for an image with alpha (colour weighted by the pixel's alpha, alpha
    /// solved apart; ``solveOpaque(_:geometry:bx:by:tables:)`` for opaque images).
    @inline(__always)
    func solve(_ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int) {
        let ww = geometry.windowWidth
        let wh = geometry.windowHeight
        withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: ww * wh) { weights in
            solve(ws, geometry: geometry, bx: bx, by: by, weights: weights)
        }
    }

    /// ``solve(_:geometry:bx:by:)`` with room for the window's (u, v) weights, kept from the
    /// gather for the scatter.
    @inline(__always)
    func solve(
        _ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int,
        weights: UnsafeMutableBufferPointer<SIMD2<Float>>
    ) {
        let gridWidth = ws.width
        let gridHeight = ws.height
        let ww = geometry.windowWidth
        let x0 = geometry.windowX(bx)
        let y0 = geometry.windowY(by)
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let residual = self.residual
        let modulation = ws.modulation
        let width = ws.width
        let scale = 1 / Float(geometry.weightTotal)
        var equations = EndpointNormalEquations()
        for j in 0..<geometry.windowHeight {
            let y = wrapped(y0 + j, gridHeight)
            let betaY = Float(geometry.weightY(j)) * scale
            for i in 0..<ww {
                let x = wrapped(x0 + i, gridWidth)
                let p = y * width + x
                let beta = Float(geometry.weightX(i)) * betaY
                var r = residual[p]
                let cutOut = ws.cutOut[geometry.blockIndex(x: x, y: y, blocksWide: ws.blocksWide)]
                let w = FastestFit.weight(modulation[p], punchThrough: cutOut)
                let u = beta * (1 - w)
                let v = beta * w
                weights[j * ww + i] = SIMD2(u, v)
                let colourWeight = (Float(ws.source[p][3]) + 0.5) / 255.5
                var alphaWeight: Float = 1
                if modulation[p] == 2 && cutOut {
                    alphaWeight = 0
                    r[3] = 0
                }
                equations.add(residual: r, u: u, v: v, colourWeight: colourWeight, alphaWeight: alphaWeight)
            }
        }
        let (changeA, changeB) = update(ws, block: by * ws.blocksWide + bx, delta: equations.delta())
        for j in 0..<geometry.windowHeight {
            let y = wrapped(y0 + j, gridHeight)
            for i in 0..<ww {
                let x = wrapped(x0 + i, gridWidth)
                let uv = weights[j * ww + i]
                residual[y * width + x] -= changeA * uv[0] + changeB * uv[1]
            }
        }
    }

    /// Moves block `k`'s continuous endpoints by `delta` (clamped to 0...255) and returns the change of A
    /// and B that the residual of its window loses.
    @inline(__always)
    func update(_ ws: EncoderWorkspace, block k: Int, delta: SIMD8<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
        let old = ws.continuous[k]
        let new = FastestEstimate.clampToByte(old + delta)
        ws.continuous[k] = new
        let change = new - old
        return (change.lowHalf, change.highHalf)
    }
}
