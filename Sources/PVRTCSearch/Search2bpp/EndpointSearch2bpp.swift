import PVRTC

/// The 2bpp endpoint stages: consistent starting endpoints, least-squares refinement with the modulation
/// weights fixed, and the search over stored codes judged with the exact decoder over the block's 15×7 window.
/// The 4bpp stages' quantisation helpers (``EndpointQuantization``) are shared; the window geometry, the
/// bilinear weights (of 32) and the 8-bit conversion are the 2bpp ones.
enum EndpointSearch2bpp {
    /// Half-distance between the starting endpoints, in standard deviations along the principal axis.
    /// Measured at `best` on six Kodak crops (mean Y against 0.7): 0.5 +0.04 dB, 0.3 +0.05 dB, 1.0 −0.15 dB;
    /// but 0.3 leaves a two-colour pattern of one block blended (22 dB instead of over 30), which the
    /// extremes-fallback of the 4bpp start would catch and this start does not have, so 0.7 stays.
    static let spread: Float = 0.7

    /// Starting endpoints of every block from the principal axis of its window (weighted by the bilinear
    /// weights), `mean ∓ spread·σ` limited to the extreme projections, the darker end (Rec.709 luma) as A so
    /// that neighbouring blocks agree; rounded to the nearest codes.
    static func initialize(_ ws: Workspace2bpp, threads: Int) {
        let bw = ws.blocksWide
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    let k = by * bw + bx
                    let x = principalEnds(ws, bx: bx, by: by)
                    ws.continuous[k] = x
                    ws.setEndpoints(
                        k, EndpointQuantization.nearestEndpoint(x.lowHalf, slotB: false, hasAlpha: ws.hasAlpha),
                        EndpointQuantization.nearestEndpoint(x.highHalf, slotB: true, hasAlpha: ws.hasAlpha))
                }
            }
        }
    }

    /// The starting pair of block (bx, by) in 8-bit units (A low, B high).
    static func principalEnds(_ ws: Workspace2bpp, bx: Int, by: Int) -> SIMD8<Float> {
        let wm = ws.width - 1
        let hm = ws.height - 1
        @inline(__always) func pixel(_ n: Int) -> SIMD4<Float> {
            SIMD4<Float>(ws.source[((4 * by - 1 + n / 15) & hm) * ws.width + ((8 * bx - 3 + n % 15) & wm)])
        }
        var sum = SIMD4<Float>.zero
        var total: Float = 0
        var alphaLow: Float = 255
        var alphaHigh: Float = 0
        for n in 0..<Window2bpp.count {
            let s = pixel(n)
            let w = Float(Window2bpp.blockWeights[n]) * (s[3] + 1) / 256
            sum += s * w
            total += w
            alphaLow = min(alphaLow, s[3])
            alphaHigh = max(alphaHigh, s[3])
        }
        let mean = sum / total
        var c00: Float = 0
        var c01: Float = 0
        var c02: Float = 0
        var c11: Float = 0
        var c12: Float = 0
        var c22: Float = 0
        for n in 0..<Window2bpp.count {
            let s = pixel(n)
            let w = Float(Window2bpp.blockWeights[n]) * (s[3] + 1) / 256
            let d = s - mean
            c00 += w * d[0] * d[0]
            c01 += w * d[0] * d[1]
            c02 += w * d[0] * d[2]
            c11 += w * d[1] * d[1]
            c12 += w * d[1] * d[2]
            c22 += w * d[2] * d[2]
        }
        let luma = SIMD3<Float>(0.2126, 0.7152, 0.0722)
        @inline(__always) func times(_ v: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(
                c00 * v[0] + c01 * v[1] + c02 * v[2], c01 * v[0] + c11 * v[1] + c12 * v[2],
                c02 * v[0] + c12 * v[1] + c22 * v[2])
        }
        var axis = luma
        for _ in 0..<8 {
            let next = times(axis)
            let length = (next * next).sum().squareRoot()
            if length < 1e-6 { break }
            axis = next / length
        }
        if (axis * luma).sum() < 0 { axis = -axis }
        let centre = SIMD3(mean[0], mean[1], mean[2])
        var low: Float = 0
        var high: Float = 0
        for n in 0..<Window2bpp.count {
            let s = pixel(n)
            if s[3] == 0 { continue }
            let t = ((SIMD3(s[0], s[1], s[2]) - centre) * axis).sum()
            low = min(low, t)
            high = max(high, t)
        }
        let sigma = ((times(axis) * axis).sum() / total).squareRoot()
        let a = SIMD4(centre + axis * max(low, -spread * sigma), alphaLow)
        let b = SIMD4(centre + axis * min(high, spread * sigma), alphaHigh)
        return SIMD8(lowHalf: a, highHalf: b).clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
    }

    /// Resets the continuous endpoints to the quantised ones (in 8-bit units), then runs `sweeps`
    /// Gauss–Seidel sweeps of per-block weighted least squares with the modulation weights fixed.
    static func refine(_ ws: Workspace2bpp, sweeps: Int, threads: Int) {
        let scale = SIMD8<Float>(8.25, 8.25, 8.25, 17, 8.25, 8.25, 8.25, 17)
        Parallel.forEach(ws.blocksWide * ws.blocksHigh, threads: threads) { blocks in
            for k in blocks { ws.continuous[k] = SIMD8<Float>(ws.expanded[k]) * scale }
        }
        for _ in 0..<sweeps {
            ws.forEachColoured(threads: threads) { bx, by in solveBlock(ws, bx: bx, by: by) }
        }
    }

    /// The continuous bilinear interpolation (weights of 1) of the continuous endpoints at virtual (x, y).
    @inline(__always)
    static func interpolated(_ ws: Workspace2bpp, x: Int, y: Int) -> SIMD8<Float> {
        let xl = (x - 4) >> 3
        let yl = (y - 2) >> 2
        let xr = Float((x - 4) & 7)
        let yr = Float((y - 2) & 3)
        let x0 = ws.wrapBlockX(xl)
        let x1 = ws.wrapBlockX(xl + 1)
        let y0 = ws.wrapBlockY(yl) * ws.blocksWide
        let y1 = ws.wrapBlockY(yl + 1) * ws.blocksWide
        let c = ws.continuous
        let left = c[y0 + x0] * (4 - yr) + c[y1 + x0] * yr
        let right = c[y0 + x1] * (4 - yr) + c[y1 + x1] * yr
        return (left * (8 - xr) + right * xr) * (1.0 / 32)
    }

    /// One block's least-squares update over its window (ridge-regularised towards the current values).
    static func solveBlock(_ ws: Workspace2bpp, bx: Int, by: Int) {
        let k = by * ws.blocksWide + bx
        let wm = ws.width - 1
        let hm = ws.height - 1
        var equations = EndpointNormalEquations()
        for n in 0..<Window2bpp.count {
            let y = (4 * by - 1 + n / 15) & hm
            let x = (8 * bx - 3 + n % 15) & wm
            let p = y * ws.width + x
            let beta = Float(Window2bpp.blockWeights[n]) * (1.0 / 32)
            let w = Float(ws.weight[p]) * 0.125
            let e = interpolated(ws, x: x, y: y)
            let prediction = e.lowHalf * (1 - w) + e.highHalf * w
            let source = SIMD4<Float>(ws.source[p])
            let residual = source + EndpointRefinement.truncationBias - prediction
            let colourWeight = ws.hasAlpha ? (source[3] + 0.5) / 255.5 : 1
            let alphaWeight: Float = ws.hasAlpha ? 1 : 0
            let u = beta * (1 - w)
            let v = beta * w
            equations.add(residual: residual, u: u, v: v, colourWeight: colourWeight, alphaWeight: alphaWeight)
        }
        let x = ws.continuous[k] + equations.delta()
        ws.continuous[k] = x.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
    }

    /// Searches stored codes for every block (2×2 colouring): per opaque/translucent combination the best
    /// floor/ceil pair per channel, then `descentPasses` passes of ±1 coordinate descent; a trial replaces
    /// the incumbent only if it lowers the window's error under the current modulation weights.
    static func quantize(_ ws: Workspace2bpp, descentPasses: Int, threads: Int) {
        for phase in 0..<4 {
            let cx = phase & 1
            let cy = phase >> 1
            Parallel.forEach(ws.blocksHigh / 2, threads: threads) { rows in
                let window = Window2bpp()
                for row in rows {
                    let by = 2 * row + cy
                    for bx in stride(from: cx, to: ws.blocksWide, by: 2) {
                        quantizeBlock(ws, window: window, bx: bx, by: by, descentPasses: descentPasses)
                    }
                }
                window.deallocate()
            }
        }
    }

    /// The code search of one block.
    static func quantizeBlock(_ ws: Workspace2bpp, window: Window2bpp, bx: Int, by: Int, descentPasses: Int) {
        let k = by * ws.blocksWide + bx
        window.load(ws, bx: bx, by: by)
        let x = ws.continuous[k]
        let incumbent = PVRTCBlock(modulation: 0, color: ws.colorWords[k])
        var bestA = incumbent.colorA
        var bestB = incumbent.colorB
        var bestError = window.error(ws, trial: ws.expanded[k]) ?? .max
        let modesA = EndpointQuantization.modes(alpha: x[3], hasAlpha: ws.hasAlpha)
        let modesB = EndpointQuantization.modes(alpha: x[7], hasAlpha: ws.hasAlpha)
        for modeA in 0..<2 where modeA == 0 ? modesA.opaque : modesA.translucent {
            for modeB in 0..<2 where modeB == 0 ? modesB.opaque : modesB.translucent {
                let (a, b) = bestRounding(ws, window: window, continuous: x, opaqueA: modeA == 0, opaqueB: modeB == 0)
                if let error = window.error(ws, trial: EncoderWorkspace.widen(a, b), below: bestError) {
                    (bestError, bestA, bestB) = (error, a, b)
                }
            }
        }
        // The descent's trials change one channel of the best pair (but for the grey step), which the primed
        // window judges from its per-pixel state.
        if descentPasses > 0 { bestError = window.prime(ws, trial: EncoderWorkspace.widen(bestA, bestB)) }
        for _ in 0..<descentPasses {
            var improved = false
            for group in ws.hasAlpha ? EndpointQuantization.channelGroups : EndpointQuantization.opaqueChannelGroups {
                for (stepA, stepB) in EndpointQuantization.moves {
                    guard let ta = EndpointQuantization.stepped(bestA, group, by: stepA, slotB: false),
                        let tb = EndpointQuantization.stepped(bestB, group, by: stepB, slotB: true)
                    else { continue }
                    let trial = EncoderWorkspace.widen(ta, tb)
                    if window.error(ws, trial: trial, below: bestError) != nil {
                        (bestA, bestB) = (ta, tb)
                        bestError = window.prime(ws, trial: trial)
                        improved = true
                        break
                    }
                }
            }
            if !improved { break }
        }
        ws.setEndpoints(k, bestA, bestB)
    }

    /// Per channel, the best of the four floor/ceil combinations of A and B under the window's modulation
    /// weights (channels are independent with the weights fixed, so all four are judged at once).
    static func bestRounding(
        _ ws: Workspace2bpp, window: Window2bpp, continuous x: SIMD8<Float>, opaqueA: Bool, opaqueB: Bool
    ) -> (PVRTCEndpoint, PVRTCEndpoint) {
        let r = RoundingBrackets(x, opaqueA: opaqueA, opaqueB: opaqueB)
        let (floorA, ceilA, floorB, ceilB) = (r.floorA, r.ceilA, r.floorB, r.ceilB)
        let (codeFloorA, codeCeilA, codeFloorB, codeCeilB) = (r.codeFloorA, r.codeCeilA, r.codeFloorB, r.codeCeilB)
        var e00 = SIMD4<Int64>.zero
        var e01 = SIMD4<Int64>.zero
        var e10 = SIMD4<Int64>.zero
        var e11 = SIMD4<Int64>.zero
        let high = SIMD4<Int32>(7, 7, 7, 5)
        let low = SIMD4<Int32>(2, 2, 2, 1)
        @inline(__always) func eight(_ c: SIMD4<Int32>) -> SIMD4<Int32> { (c &>> high) &+ (c &>> low) }
        for n in 0..<Window2bpp.count {
            let w = window.own[n]
            let partial = window.partial[n]
            let m = window.modulation[n]
            let target = window.target[n]
            let weights = window.errorWeights[n]
            let af = eight(partial.lowHalf &+ floorA &* w) &* (8 &- m)
            let ac = eight(partial.lowHalf &+ ceilA &* w) &* (8 &- m)
            let bf = eight(partial.highHalf &+ floorB &* w) &* m
            let bc = eight(partial.highHalf &+ ceilB &* w) &* m
            let d00 = ((af &+ bf) &>> 3) &- target
            let d01 = ((af &+ bc) &>> 3) &- target
            let d10 = ((ac &+ bf) &>> 3) &- target
            let d11 = ((ac &+ bc) &>> 3) &- target
            e00 &+= SIMD4<Int64>(truncatingIfNeeded: d00 &* d00 &* weights)
            e01 &+= SIMD4<Int64>(truncatingIfNeeded: d01 &* d01 &* weights)
            e10 &+= SIMD4<Int64>(truncatingIfNeeded: d10 &* d10 &* weights)
            e11 &+= SIMD4<Int64>(truncatingIfNeeded: d11 &* d11 &* weights)
        }
        var codesA = codeFloorA
        var codesB = codeFloorB
        for c in 0..<4 {
            var best = e00[c]
            if e01[c] < best { (best, codesA[c], codesB[c]) = (e01[c], codeFloorA[c], codeCeilB[c]) }
            if e10[c] < best { (best, codesA[c], codesB[c]) = (e10[c], codeCeilA[c], codeFloorB[c]) }
            if e11[c] < best { (codesA[c], codesB[c]) = (codeCeilA[c], codeCeilB[c]) }
        }
        return (
            EndpointQuantization.endpoint(codesA, opaque: opaqueA),
            EndpointQuantization.endpoint(codesB, opaque: opaqueB)
        )
    }
}
