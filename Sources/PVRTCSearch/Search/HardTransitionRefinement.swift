import PVRTC

/// Endpoints of the blocks PVRTC2's hard regions use, re-solved by weighted least squares with the flags and
/// every pixel's modulation fixed (``HardTransitionSearch``'s refinement; ``EndpointRefinement`` is the
/// bilinear one).
///
/// With the flags and modulation fixed every decoded pixel is linear in the endpoints: in a bilinear region
/// `(1 − w)·Σ βⱼ·Aⱼ + w·Σ βⱼ·Bⱼ` over the region's four words, in a hard one `(1 − w)·A + w·B` of its own word
/// or, in the local palette, one colour (or P's A and B blended) of one of the four words. Each block solves
/// its normal equations over the pixels it reaches (``HardTransitionWindow``'s) with its neighbours held,
/// in the phases of the 2×2 colouring; punch-through pixels, transparent black whatever the endpoints, add
/// nothing.
enum HardTransitionRefinement {
    /// Starts the continuous endpoints from the quantised ones, then runs one Gauss–Seidel sweep over every
    /// block a hard region uses.
    static func refine<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, threads: Int) {
        resetContinuous(ws, threads: threads)
        ws.forEachColoured(
            threads: threads, scratch: {}, release: { _ in },
            body: { _, bx, by in
                guard HardTransitionSearch.usesHardRegion(ws, bx: bx, by: by) else { return }
                solveBlock(term, ws, bx: bx, by: by)
            })
    }

    /// Sets every block's continuous endpoints (8-bit units) to its quantised ones.
    static func resetContinuous(_ ws: EncoderWorkspace, threads: Int) {
        let scale = SIMD8<Float>(
            EndpointQuantization.rgbScale, EndpointQuantization.rgbScale, EndpointQuantization.rgbScale,
            EndpointQuantization.alphaScale, EndpointQuantization.rgbScale, EndpointQuantization.rgbScale,
            EndpointQuantization.rgbScale, EndpointQuantization.alphaScale)
        Parallel.forEach(ws.blocksWide * ws.blocksHigh, threads: threads) { blocks in
            for k in blocks { ws.continuous[k] = SIMD8<Float>(ws.expanded[k]) * scale }
        }
    }

    /// Block (bx, by)'s least-squares update over its ``HardTransitionWindow`` pixels, each 4bpp pixel's
    /// modulation value the best for the current endpoints (``HardTransitionSearch/pixel(_:_:x:y:hard:punch:)``).
    static func solveBlock<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, bx: Int, by: Int) {
        let k = by * ws.blocksWide + bx
        let left = ws.blockWidth * bx - ws.blockWidth / 2
        let top = ws.blockHeight * by - ws.blockHeight / 2
        var equations = EndpointNormalEquations()
        for j in 0..<2 * ws.blockHeight {
            let y = wrapped(top + j, ws.height)
            for i in 0..<2 * ws.blockWidth {
                let x = wrapped(left + i, ws.width)
                guard let linear = linearTerm(term, ws, x: x, y: y, block: k) else { continue }
                let p = y * ws.width + x
                let source = SIMD4<Float>(ws.source[p])
                let residual = source + EndpointRefinement.truncationBias - linear.prediction
                let colourWeight: Float = ws.hasAlpha ? (source[3] + 0.5) / 255.5 : 1
                equations.add(
                    residual: residual, u: linear.u, v: linear.v, colourWeight: colourWeight,
                    alphaWeight: ws.hasAlpha ? 1 : 0)
            }
        }
        let x = ws.continuous[k] + equations.delta()
        ws.continuous[k] = x.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
    }

    /// Virtual pixel (x, y)'s decode under the continuous endpoints (`prediction`) and the shares `u` of
    /// block `k`'s colour A and `v` of its B in it; `nil` where the pixel does not depend on block `k` or on
    /// any endpoint (a punch-through pixel's transparent black).
    @inline(__always)
    static func linearTerm<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int, block k: Int)
        -> (prediction: SIMD4<Float>, u: Float, v: Float)?
    {
        let p = y * ws.width + x
        let owner = ws.blockIndex(x: x, y: y)
        let punch = ws.isPunchThrough(owner)
        let hard = HardTransitionSearch.isHard(ws, x: x, y: y)
        let w: Float
        if ws.format.modulation == .fourLevel {
            let bits = Int(HardTransitionSearch.pixel(term, ws, x: x, y: y, hard: hard, punch: punch).bits)
            if punch && !hard && bits == 2 { return nil }
            if hard && punch { return paletteTerm(ws, x: x, y: y, bits: bits, block: k) }
            w = Float(PVRTCDecoder.weight(bits, punchThrough: punch && !hard)) * 0.125
        } else {
            w = Float(ws.weight[p]) * 0.125
        }
        if hard {
            guard owner == k else { return nil }
            let c = ws.continuous[k]
            return (c.lowHalf * (1 - w) + c.highHalf * w, 1 - w, w)
        }
        let beta = bilinearWeight(ws, x: x, y: y, block: k)
        guard beta > 0 else { return nil }
        let e = EndpointRefinement.interpolated(ws, x: x, y: y)
        return (e.lowHalf * (1 - w) + e.highHalf * w, beta * (1 - w), beta * w)
    }

    /// A local palette pixel's term (H = 1, M = 1 at 4bpp): its ``HardTransitionTable`` entry's colours.
    @inline(__always)
    static func paletteTerm(_ ws: EncoderWorkspace, x: Int, y: Int, bits: Int, block k: Int)
        -> (prediction: SIMD4<Float>, u: Float, v: Float)?
    {
        let entry = HardTransitionTable.entries[
            HardTransitionTable.index(xr: (x - 2) & 3, yr: (y - 2) & 3, bits: bits)]
        let share = Float(entry.weight) * 0.125
        var u: Float = 0
        var v: Float = 0
        var prediction = SIMD4<Float>.zero
        @inline(__always) func add(_ index: UInt8, _ weight: Float) {
            guard weight > 0 else { return }
            let word = HardTransitionSearch.regionWord(ws, x: x, y: y, index >> 1)
            let c = ws.continuous[word]
            prediction += (index & 1 == 0 ? c.lowHalf : c.highHalf) * weight
            guard word == k else { return }
            if index & 1 == 0 { u += weight } else { v += weight }
        }
        add(entry.first, 1 - share)
        add(entry.second, share)
        guard u > 0 || v > 0 else { return nil }
        return (prediction, u, v)
    }

    /// Block `k`'s bilinear weight (of 1) at virtual pixel (x, y): the sum over the four words around the
    /// pixel that are `k` (more than one on grids one block wide or high).
    @inline(__always)
    static func bilinearWeight(_ ws: EncoderWorkspace, x: Int, y: Int, block k: Int) -> Float {
        let dx = x - (ws.blockWidth >> 1)
        let dy = y - (ws.blockHeight >> 1)
        let xr = dx & (ws.blockWidth - 1)
        let yr = dy & (ws.blockHeight - 1)
        let left = ws.wrapBlockX(dx >> ws.blockWidthShift)
        let right = ws.wrapBlockX((dx >> ws.blockWidthShift) + 1)
        let top = ws.wrapBlockY(dy >> ws.blockHeightShift) * ws.blocksWide
        let bottom = ws.wrapBlockY((dy >> ws.blockHeightShift) + 1) * ws.blocksWide
        var weight = 0
        if top + left == k { weight += (ws.blockWidth - xr) * (ws.blockHeight - yr) }
        if top + right == k { weight += xr * (ws.blockHeight - yr) }
        if bottom + left == k { weight += (ws.blockWidth - xr) * yr }
        if bottom + right == k { weight += xr * yr }
        return Float(weight) * ws.inverseBlockArea
    }
}
