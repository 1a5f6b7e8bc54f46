import Imaging
import PVRTC

/// Stage 3: blocks whose error stays far above the image's median get a wider search from other
/// starting points than the least-squares path offers. Below, the search of four-level modulation (PVRTC1
/// 4bpp); direct or interpolated modulation has its own (``DirectOrInterpolated``). The two clusters of
/// the block's 7×7 window (in both
/// orders), and the endpoints of their eight neighbours (copied whole, or one endpoint paired with the
/// window cluster farther from it, in both slots). Hard-edged, flat-shaded content needs this: the
/// least-squares path blends the two sides of an edge, while a neighbour-matched pair can reproduce
/// both exactly.
///
/// Every candidate is rounded to stored precision and judged with the exact window error (modulation
/// re-chosen) in both block modes — standard, and punch-through for its exact midpoint (never for a
/// cut-out block, which stays punch-through); the best few are polished by coordinate descent and the
/// winner replaces the incumbent only if it lowers the window error, so the total error never rises.
/// Blocks run in the 2×2 colouring, so the result does not depend on the thread count.
enum WorstBlockRecovery {
    /// Search effort: which blocks are revisited and how widely.
    struct Effort: Sendable, Equatable {
        /// A block is revisited when its error exceeds this multiple of the median block error.
        var medianFactor: Int
        /// Coordinate-descent passes on each polished candidate (four-level modulation; the 2bpp recovery
        /// re-chooses the block's modulation for every candidate instead).
        var descentPasses: Int = 0
        /// How many of the best rounded candidates are polished by descent (four-level modulation).
        var polished: Int = 0
        /// Opaque blocks whose pixels are all within this many levels (RMS per colour channel) are
        /// left alone, whatever the median (see ``errorFloor(_:levels:)``; four-level modulation).
        var skipWithinLevels: Int = 0
    }

    /// Re-chooses every block's modulation (``ModulationSelection``), then revisits the blocks whose error is
    /// far above the median by the format's rules: ``recoverFourLevel(_:effort:threads:)``, or for direct or
    /// interpolated modulation ``DirectOrInterpolated/recover(_:medianFactor:passes:threads:)``. Leaves the
    /// workspace's modulation chosen for the new endpoints.
    /// - Parameter modulationPasses: the modulation search's passes (direct or interpolated modulation).
    /// - Returns: the number of blocks whose endpoints changed.
    @discardableResult
    static func recover(_ ws: EncoderWorkspace, effort: Effort, modulationPasses: Int, threads: Int) -> Int {
        switch ws.format.modulation {
        case .fourLevel:
            return recoverFourLevel(ws, effort: effort, threads: threads)
        case .directOrInterpolated:
            DirectOrInterpolatedModulation.selectAll(ws, passes: modulationPasses, threads: threads)
            return DirectOrInterpolated.recover(
                ws, medianFactor: effort.medianFactor, passes: modulationPasses, threads: threads)
        }
    }

    /// Re-chooses every block's mode and modulation (``FourLevelModulation/selectAll(_:threads:blockErrors:)``),
    /// then revisits the blocks whose own 16-pixel error is above `effort.medianFactor` × the median
    /// and above ``errorFloor(_:levels:)``, so blocks that are already close are left alone.
    /// Leaves the workspace's modulation re-chosen for the new endpoints.
    /// - Returns: the number of blocks whose endpoints changed.
    @discardableResult
    static func recoverFourLevel(_ ws: EncoderWorkspace, effort: Effort, threads: Int) -> Int {
        withBlockBuffers(ws) { errors, changed in
            recoverFourLevel(ws, effort: effort, threads: threads, errors, changed)
        }
    }

    /// Runs `body` with two buffers of one entry per block, freed afterwards: the block errors (left for the
    /// caller to fill) and the changed flags (all `false`).
    static func withBlockBuffers<Result>(
        _ ws: EncoderWorkspace,
        _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Bool>) -> Result
    ) -> Result {
        let count = ws.blocksWide * ws.blocksHigh
        let errors = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let changed = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
        defer {
            errors.deallocate()
            changed.deallocate()
        }
        changed.initialize(repeating: false)
        return body(errors, changed)
    }

    /// ``recoverFourLevel(_:effort:threads:)`` with its per-block buffers.
    private static func recoverFourLevel(
        _ ws: EncoderWorkspace, effort: Effort, threads: Int, _ errors: UnsafeMutableBufferPointer<Int>,
        _ changed: UnsafeMutableBufferPointer<Bool>
    ) -> Int {
        FourLevelModulation.selectAll(ws, threads: threads, blockErrors: errors)
        let threshold = max(effort.medianFactor * median(errors), errorFloor(ws, levels: effort.skipWithinLevels))
        let blockErrors = UnsafeSendablePointer(errors.baseAddress!)
        let changes = UnsafeSendablePointer(changed.baseAddress!)
        ws.forEachColoured(threads: threads) { window, bx, by in
            let k = by * ws.blocksWide + bx
            guard blockErrors.pointer[k] > threshold else { return }
            changes.pointer[k] = searchBlock(ws, window: window, bx: bx, by: by, effort: effort)
        }
        return changed.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// The smallest block error worth a wider search, at least 16 weighted units. Opaque images: every
    /// pixel of the block off by `levels` in each colour channel (flat-shaded art has a near-zero median,
    /// and blocks that close gain little for their cost). Images with alpha weigh error by alpha, so a
    /// few levels mean very different errors from pixel to pixel; there the floor is 16.
    static func errorFloor(_ ws: EncoderWorkspace, levels: Int) -> Int {
        if ws.hasAlpha { return 16 }
        let grey = SIMD4<Int32>(Int32(levels), Int32(levels), Int32(levels), 0)
        return max(16 * Int(WithLuma.error(grey, weights: ws.channelWeights, luma: ws.lumaWeights)), 16)
    }

    /// The median of `values` (the upper one for an even count).
    static func median(_ values: UnsafeMutableBufferPointer<Int>) -> Int {
        var sorted = Array(values)
        sorted.sort()
        return sorted[sorted.count / 2]
    }

    /// The wider search for one block; commits the best endpoints and the window's modulation.
    /// - Returns: whether the endpoints changed.
    static func searchBlock(_ ws: EncoderWorkspace, window: BlockWindow, bx: Int, by: Int, effort: Effort) -> Bool {
        let k = by * ws.blocksWide + bx
        window.load(ws, bx: bx, by: by)
        let word = ws.colorWords[k]
        let incumbent = PVRTCBlock(modulation: 0, color: word)
        let incumbentMode = word & 1 != 0
        let incumbentError = window.error(ws, trial: ws.expanded[k])
        let pairs = candidates(ws, window: window, bx: bx, by: by).map { EndpointQuantization.nearestPair(ws, $0) }
        var bestA = incumbent.colorA
        var bestB = incumbent.colorB
        var bestError = incumbentError
        var bestMode = incumbentMode
        let modes = ws.cutOut[k] ? [true] : [incumbentMode, !incumbentMode]
        var ranked: [(error: Int, a: PVRTCEndpoint, b: PVRTCEndpoint)] = []
        ranked.reserveCapacity(effort.polished + 1)
        for mode in modes {
            setOwnMode(window, mode)
            ranked.removeAll(keepingCapacity: true)
            if mode != incumbentMode, let e = window.error(ws, below: bestError, trial: ws.expanded[k]) {
                ranked.append((e, incumbent.colorA, incumbent.colorB))
            }
            for (a, b) in pairs {
                let bound = ranked.count < effort.polished ? bestError : ranked[ranked.count - 1].error
                guard let e = window.error(ws, below: bound, trial: ws.widen(a, b)) else { continue }
                if ranked.count == effort.polished { ranked.removeLast() }
                let at = ranked.firstIndex { $0.error > e } ?? ranked.count
                ranked.insert((e, a, b), at: at)
            }
            for entry in ranked {
                var a = entry.a
                var b = entry.b
                var error = entry.error
                EndpointQuantization.descend(
                    ws, window: window, a: &a, b: &b, error: &error,
                    passes: effort.descentPasses)
                if error < bestError {
                    (bestA, bestB, bestError, bestMode) = (a, b, error, mode)
                }
            }
        }
        guard bestError < incumbentError else {
            setOwnMode(window, incumbentMode)
            return false
        }
        setOwnMode(window, bestMode)
        ws.setEndpoints(k, bestA, bestB, punchThrough: bestMode)
        ws.continuous[k] = eightBit(ws.expanded[k])
        _ = window.error(ws, trial: ws.expanded[k], commit: true)
        return true
    }

    /// Sets the mode of the window's own pixels (for 4bpp window offsets 1...4 in both directions).
    static func setOwnMode(_ window: BlockWindow, _ punchThrough: Bool) {
        for n in 0..<window.count where window.shape.isOwn[window.shape.order[n]] {
            window.punchThrough[n] = punchThrough
        }
    }

    /// A 4555 endpoint pair in 8-bit units (the value at a sample centre, where the block's own weight is the
    /// whole sum: the same for every block size).
    @inline(__always)
    static func eightBit(_ e: SIMD8<Int32>) -> SIMD8<Float> {
        SIMD8<Float>(toEightBit(e &* 16))
    }

    /// Continuous starting pairs (A in the low half, B in the high half, 8-bit units): the window's two
    /// weighted clusters in both orders, each neighbour's pair, and each neighbour endpoint paired with
    /// the window cluster farther from it (in both slots).
    static func candidates(_ ws: EncoderWorkspace, window: BlockWindow, bx: Int, by: Int) -> [SIMD8<Float>] {
        let (low, high) = clusters(window)
        var pairs: [SIMD8<Float>] = [SIMD8(lowHalf: low, highHalf: high), SIMD8(lowHalf: high, highHalf: low)]
        pairs.reserveCapacity(2 + 8 * 5)
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let n = ws.wrapBlockY(by + dy) * ws.blocksWide + ws.wrapBlockX(bx + dx)
                let pair = eightBit(ws.expanded[n])
                pairs.append(pair)
                for colour in [pair.lowHalf, pair.highHalf] {
                    let other = distance(colour, low) > distance(colour, high) ? low : high
                    pairs.append(SIMD8(lowHalf: colour, highHalf: other))
                    pairs.append(SIMD8(lowHalf: other, highHalf: colour))
                }
            }
        }
        return pairs
    }

    /// Squared RGBA distance.
    @inline(__always)
    static func distance(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Float {
        let d = p - q
        return (d * d).sum()
    }

    /// Two-means of the window's source pixels, weighted by the block's bilinear weight and the
    /// pixel's error weight (so transparent pixels hardly count), seeded with the lightest and darkest
    /// pixel by luma; the darker mean first.
    static func clusters<Window: CodeSearchWindow>(_ window: Window) -> (SIMD4<Float>, SIMD4<Float>) {
        clusters(
            count: window.count, target: window.target, blockWeight: window.weight,
            errorWeights: window.errorWeights)
    }

    /// Two-means of `count` source pixels (`target`) weighted by `blockWeight` (the block's bilinear
    /// weight at each position) times the pixel's error weight, seeded with the darkest and lightest
    /// pixel by luma; the darker mean first.
    static func clusters(
        count: Int, target: UnsafePointer<SIMD4<Int32>>, blockWeight: UnsafePointer<Int32>,
        errorWeights: UnsafePointer<SIMD4<Int32>>
    ) -> (SIMD4<Float>, SIMD4<Float>) {
        let luma = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
        var low = SIMD4<Float>(target[0])
        var high = low
        var lowLuma = (low * luma).sum()
        var highLuma = lowLuma
        for n in 1..<count {
            let p = SIMD4<Float>(target[n])
            let l = (p * luma).sum()
            if l < lowLuma { (low, lowLuma) = (p, l) }
            if l > highLuma { (high, highLuma) = (p, l) }
        }
        for _ in 0..<4 {
            var sumLow = SIMD4<Float>.zero
            var sumHigh = SIMD4<Float>.zero
            var weightLow: Float = 0
            var weightHigh: Float = 0
            for n in 0..<count {
                let p = SIMD4<Float>(target[n])
                let w = Float(blockWeight[n]) * Float(errorWeights[n][0] + 1)
                if distance(p, low) <= distance(p, high) {
                    sumLow += p * w
                    weightLow += w
                } else {
                    sumHigh += p * w
                    weightHigh += w
                }
            }
            if weightLow > 0 { low = sumLow / weightLow }
            if weightHigh > 0 { high = sumHigh / weightHigh }
        }
        return (low * luma).sum() <= (high * luma).sum() ? (low, high) : (high, low)
    }
}
