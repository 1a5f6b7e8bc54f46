import Imaging
import PVRTC

/// Stage 2c: continuous endpoints (8-bit units) to stored precision — 554/555 opaque, 3443/3444
/// translucent — by searching rounding neighbours, every trial judged with the exact decoder over the
/// block's window (``CodeSearchWindow``).
enum EndpointQuantization {
    /// 8-bit units per step of a widened 5-bit RGB value (`C/2 + C/64` ≈ 33/64 · 16).
    static let rgbScale: Float = 8.25
    /// 8-bit units per step of a widened 4-bit alpha value (`C + C/16` ≈ 17/16 · 16).
    static let alphaScale: Float = 17

    /// Stored bit width of `channel` (0 R, 1 G, 2 B, 3 A) for a slot and mode (0 for opaque alpha).
    @inline(__always)
    static func bits(channel: Int, slotB: Bool, opaque: Bool) -> Int {
        if opaque { return channel == 3 ? 0 : (channel == 2 && !slotB ? 4 : 5) }
        switch channel {
        case 3: return 3
        case 2: return slotB ? 4 : 3
        default: return 4
        }
    }

    /// The widened (4555) value of a stored code of `bits` bits in `channel`; a translucent alpha is padded
    /// with `alphaPad` (``BlockFormat/alphaPadding(slotB:)``).
    @inline(__always)
    static func widen(_ code: Int, bits: Int, channel: Int, alphaPad: Int = 0) -> Int {
        if channel == 3 { return bits == 0 ? 15 : (code << 1) | alphaPad }
        switch bits {
        case 5: return code
        case 4: return (code << 1) | (code >> 3)
        default: return (code << 2) | (code >> 1)
        }
    }

    /// The value in 8-bit units of a stored code.
    @inline(__always)
    static func value(_ code: Int, bits: Int, channel: Int, alphaPad: Int = 0) -> Float {
        Float(widen(code, bits: bits, channel: channel, alphaPad: alphaPad)) * (channel == 3 ? alphaScale : rgbScale)
    }

    /// The largest code whose value does not exceed `x` (0 when none does) and the next code up
    /// (equal to the first at the top of the range).
    @inline(__always)
    static func bracket(_ x: Float, bits: Int, channel: Int, alphaPad: Int = 0) -> (floor: Int, ceil: Int) {
        if bits == 0 { return (0, 0) }
        let top = (1 << bits) - 1
        var lo = 0
        while lo < top && value(lo + 1, bits: bits, channel: channel, alphaPad: alphaPad) <= x { lo += 1 }
        let hi = lo < top && value(lo, bits: bits, channel: channel, alphaPad: alphaPad) < x ? lo + 1 : lo
        return (lo, hi)
    }

    /// The nearest code to `x`.
    @inline(__always)
    static func nearest(_ x: Float, bits: Int, channel: Int, alphaPad: Int = 0) -> Int {
        if bits == 0 { return 0 }
        // The stored values are within half a step of evenly spaced, so the nearest code is the rounded
        // even-spacing guess or one of its neighbours; ties go to the lower code.
        let top = (1 << bits) - 1
        let guess = Int((x * Float(top) / 255).rounded())
        var best = 0
        var distance = Float.infinity
        for code in max(guess - 1, 0)...min(max(guess + 1, 0), top) {
            let d = abs(x - value(code, bits: bits, channel: channel, alphaPad: alphaPad))
            if d < distance {
                best = code
                distance = d
            }
        }
        return best
    }

    /// An endpoint from four codes.
    @inline(__always)
    static func endpoint(_ codes: SIMD4<Int32>, opaque: Bool) -> PVRTCEndpoint {
        PVRTCEndpoint(
            isOpaque: opaque, red: Int(codes[0]), green: Int(codes[1]), blue: Int(codes[2]),
            alpha: Int(codes[3]))
    }

    /// Whether an endpoint with continuous alpha `alpha` should be tried opaque / translucent.
    @inline(__always)
    static func modes(alpha: Float, hasAlpha: Bool) -> (opaque: Bool, translucent: Bool) {
        hasAlpha ? (alpha > 230, alpha < 250) : (true, false)
    }

    /// Rounds every block's continuous endpoints (`source`, by default the workspace's) to the nearest
    /// codes (no search; ``nearestPair(_:_:)``).
    static func quantizeNearest(
        _ ws: EncoderWorkspace, threads: Int,
        from source: UnsafeMutableBufferPointer<SIMD8<Float>>? = nil
    ) {
        let values = UnsafeSendablePointer((source ?? ws.continuous).baseAddress!)
        Parallel.forEach(ws.blocksWide * ws.blocksHigh, threads: threads) { blocks in
            for k in blocks {
                let x = values.pointer[k]
                let (a, b) = nearestPair(ws, x)
                ws.setEndpoints(k, a, b, punchThrough: ws.isPunchThrough(k))
            }
        }
    }

    /// The nearest endpoints to a continuous pair (8-bit units, A low, B high). Each is opaque unless the
    /// image has alpha and its alpha is closer to 238, the largest translucent alpha of colour A, than to 255;
    /// where the format has one opacity flag for both (``BlockFormat/hasOpacityFlag``), both are translucent
    /// when either would be.
    @inline(__always)
    static func nearestPair(_ ws: EncoderWorkspace, _ x: SIMD8<Float>) -> (PVRTCEndpoint, PVRTCEndpoint) {
        var opaqueA = !ws.hasAlpha || x[3] > 246
        var opaqueB = !ws.hasAlpha || x[7] > 246
        if ws.format.hasOpacityFlag { (opaqueA, opaqueB) = (opaqueA && opaqueB, opaqueA && opaqueB) }
        return (
            nearestEndpoint(x.lowHalf, slotB: false, opaque: opaqueA, alphaPad: 0),
            nearestEndpoint(x.highHalf, slotB: true, opaque: opaqueB, alphaPad: ws.format.alphaPadding(slotB: true))
        )
    }

    /// The nearest endpoint of the given opacity to a continuous colour.
    @inline(__always)
    static func nearestEndpoint(_ x: SIMD4<Float>, slotB: Bool, opaque: Bool, alphaPad: Int) -> PVRTCEndpoint {
        var codes = SIMD4<Int32>.zero
        for c in 0..<4 {
            let bits = bits(channel: c, slotB: slotB, opaque: opaque)
            codes[c] = Int32(nearest(x[c], bits: bits, channel: c, alphaPad: alphaPad))
        }
        return endpoint(codes, opaque: opaque)
    }

    /// Searches stored codes for every block (2×2 colouring, so the result does not depend on the
    /// thread count): per mode combination, the best floor/ceil pair per channel under the current
    /// modulation, then the winner against the incumbent, then `descentPasses` passes of coordinate descent.
    /// Trials are judged in the format's window (``CodeSearchWindow``): with four-level modulation re-chosen
    /// per pixel (``BlockWindow``, which commits the window's modulation with the endpoints), with direct or
    /// interpolated modulation under the current weights (``FixedModulationWindow``).
    static func search(_ ws: EncoderWorkspace, descentPasses: Int, threads: Int) {
        let shape = ws.windowShape
        switch ws.format.modulation {
        case .fourLevel:
            ws.forEachColoured(threads: threads) { window, bx, by in
                searchBlock(ws, window: window, bx: bx, by: by, descentPasses: descentPasses)
            }
        case .directOrInterpolated:
            ws.forEachColoured(
                threads: threads, scratch: { FixedModulationWindow(shape: shape) }, release: { $0.deallocate() },
                body: { window, bx, by in
                    searchBlock(ws, window: window, bx: bx, by: by, descentPasses: descentPasses)
                })
        }
    }

    /// The opacities (A, B) the code search tries for continuous endpoints `x`: every combination of each
    /// endpoint's ``modes(alpha:hasAlpha:)``, or where the format has one opacity flag for both
    /// (``BlockFormat/hasOpacityFlag``) the ones both allow, translucent when they share none.
    static func modePairs(_ ws: EncoderWorkspace, _ x: SIMD8<Float>) -> [(Bool, Bool)] {
        let modesA = modes(alpha: x[3], hasAlpha: ws.hasAlpha)
        let modesB = modes(alpha: x[7], hasAlpha: ws.hasAlpha)
        var pairs: [(Bool, Bool)] = []
        for opaqueA in [true, false] where opaqueA ? modesA.opaque : modesA.translucent {
            for opaqueB in [true, false] where opaqueB ? modesB.opaque : modesB.translucent {
                if !ws.format.hasOpacityFlag || opaqueA == opaqueB { pairs.append((opaqueA, opaqueB)) }
            }
        }
        return pairs.isEmpty ? [(false, false)] : pairs
    }

    /// The search for one block.
    static func searchBlock<Window: CodeSearchWindow>(
        _ ws: EncoderWorkspace, window: Window, bx: Int, by: Int, descentPasses: Int
    ) {
        let k = by * ws.blocksWide + bx
        window.load(ws, bx: bx, by: by)
        let x = ws.continuous[k]
        let word = ws.colorWords[k]
        let incumbent = PVRTCBlock(modulation: 0, color: word)
        var bestA = incumbent.colorA
        var bestB = incumbent.colorB
        var bestError = window.trialError(ws, trial: ws.expanded[k], below: .max) ?? .max
        for (opaqueA, opaqueB) in modePairs(ws, x) {
            let (a, b) = bestRounding(ws, window: window, continuous: x, opaqueA: opaqueA, opaqueB: opaqueB)
            if let error = window.trialError(ws, trial: ws.widen(a, b), below: bestError) {
                (bestError, bestA, bestB) = (error, a, b)
            }
        }
        if descentPasses > 0 {
            descend(ws, window: window, a: &bestA, b: &bestB, error: &bestError, passes: descentPasses)
        }
        ws.setEndpoints(k, bestA, bestB, punchThrough: word & 1 != 0)
        window.commit(ws, trial: ws.expanded[k])
    }

    /// Per channel, the best of the four floor/ceil combinations of A and B under the window's current
    /// modulation (channels are independent when modulation is fixed, so all four channels are judged at
    /// once, one SIMD lane each).
    static func bestRounding<Window: CodeSearchWindow>(
        _ ws: EncoderWorkspace, window: Window, continuous x: SIMD8<Float>, opaqueA: Bool, opaqueB: Bool
    ) -> (PVRTCEndpoint, PVRTCEndpoint) {
        let r = RoundingBrackets(
            x, opaqueA: opaqueA, opaqueB: opaqueB, alphaPadB: ws.format.alphaPadding(slotB: true))
        let (floorA, ceilA, floorB, ceilB) = (r.floorA, r.ceilA, r.floorB, r.ceilB)
        let (codeFloorA, codeCeilA, codeFloorB, codeCeilB) = (r.codeFloorA, r.codeCeilA, r.codeFloorB, r.codeCeilB)
        var e00 = SIMD4<Window.ErrorSum>.zero
        var e01 = SIMD4<Window.ErrorSum>.zero
        var e10 = SIMD4<Window.ErrorSum>.zero
        var e11 = SIMD4<Window.ErrorSum>.zero
        let (first, second) = Window.eightBitShifts
        @inline(__always) func eight(_ c: SIMD4<Int32>) -> SIMD4<Int32> { (c &>> first) &+ (c &>> second) }
        for n in 0..<window.count {
            let w = window.weight[n]
            let partial = window.partial[n]
            let (m, zeroAlpha) = window.heldModulation(ws, at: n)
            let target = window.target[n]
            let weights = window.errorWeights[n]
            let af = eight(partial.lowHalf &+ floorA &* w) &* (8 &- m)
            let ac = eight(partial.lowHalf &+ ceilA &* w) &* (8 &- m)
            let bf = eight(partial.highHalf &+ floorB &* w) &* m
            let bc = eight(partial.highHalf &+ ceilB &* w) &* m
            var d00 = ((af &+ bf) &>> 3) &- target
            var d01 = ((af &+ bc) &>> 3) &- target
            var d10 = ((ac &+ bf) &>> 3) &- target
            var d11 = ((ac &+ bc) &>> 3) &- target
            if zeroAlpha && ws.format.punchesToBlack {
                // Transparent black whatever the endpoints: the same error for every rounding.
                continue
            }
            if zeroAlpha {
                d00[3] = -target[3]
                d01[3] = -target[3]
                d10[3] = -target[3]
                d11[3] = -target[3]
            }
            e00 &+= SIMD4(truncatingIfNeeded: d00 &* d00 &* weights)
            e01 &+= SIMD4(truncatingIfNeeded: d01 &* d01 &* weights)
            e10 &+= SIMD4(truncatingIfNeeded: d10 &* d10 &* weights)
            e11 &+= SIMD4(truncatingIfNeeded: d11 &* d11 &* weights)
        }
        var codesA = codeFloorA
        var codesB = codeFloorB
        for c in 0..<4 {
            var best = e00[c]
            if e01[c] < best { (best, codesA[c], codesB[c]) = (e01[c], codeFloorA[c], codeCeilB[c]) }
            if e10[c] < best { (best, codesA[c], codesB[c]) = (e10[c], codeCeilA[c], codeFloorB[c]) }
            if e11[c] < best { (codesA[c], codesB[c]) = (codeCeilA[c], codeCeilB[c]) }
        }
        return (endpoint(codesA, opaque: opaqueA), endpoint(codesB, opaque: opaqueB))
    }

    /// Moves of the descent on one channel group: (step of A, step of B) in stored codes. (Moving both
    /// endpoints together was measured: +0.02 dB for a third more time.)
    static let moves: [(Int, Int)] = [(-1, 0), (1, 0), (0, -1), (0, 1)]

    /// ``moves`` and the two that move A and B apart or together by one code each (the block's contrast on
    /// one channel group, its mean kept), for PVRTC2 images with alpha: one opacity flag holds both colours
    /// translucent wherever either is, where the 4-bit colour codes step by 17 levels and no single-endpoint
    /// step may lower the error. Measured on oa_smoke_256_rgba 4bpp, alpha-weighted RGB / alpha PSNR: `best`
    /// 44.96 / 42.01 → 45.86 / 42.88 dB, `max` 45.83 / 42.81 → 46.38 / 43.28 dB; steps of both
    /// endpoints the same way gained nothing there.
    static let contrastMoves: [(Int, Int)] = moves + [(1, -1), (-1, 1)]

    /// The descent's moves in `ws`: ``contrastMoves`` for a PVRTC2 image with alpha, ``moves`` otherwise.
    @inline(__always)
    static func moves(_ ws: EncoderWorkspace) -> [(Int, Int)] {
        ws.hasAlpha && ws.format.hasOpacityFlag ? contrastMoves : moves
    }

    /// The channels the descent steps together in images with alpha: each channel alone.
    static let channelGroups: [[Int]] = [[0], [1], [2], [3]]

    /// The channels the descent steps together in opaque images: each channel alone, then R, G and B at
    /// once — a step along grey, which changes luma (what the opaque ``ErrorMetric`` weighs most) without
    /// the hue shift of a single-channel step, and which no sequence of improving single-channel steps
    /// may reach. Measured at `best`: +0.02 to +0.07 dB in both luma and RGB PSNR on four Kodak crops,
    /// +0.19 dB luma on colobot_factory_1024. (On images with alpha it traded alpha PSNR for colour.)
    static let opaqueChannelGroups: [[Int]] = channelGroups + [[0, 1, 2]]

    /// Coordinate descent over the stored codes of both endpoints, first improvement, judged in the
    /// window: per channel group (``channelGroups``, ``opaqueChannelGroups``), ±1 on A or on B (and in PVRTC2
    /// images with alpha in opposite directions on both, ``moves(_:)``). Each new best
    /// pair is settled in the window (``CodeSearchWindow/settle(_:trial:error:)``), which judges the next
    /// trials, each one channel group away, from it.
    static func descend<Window: TrialWindow>(
        _ ws: EncoderWorkspace, window: Window, a: inout PVRTCEndpoint, b: inout PVRTCEndpoint,
        error: inout Int, passes: Int
    ) {
        error = window.settle(ws, trial: ws.widen(a, b), error: error)
        for _ in 0..<passes {
            var improved = false
            for group in ws.hasAlpha ? channelGroups : opaqueChannelGroups {
                for (stepA, stepB) in moves(ws) {
                    guard let ta = stepped(a, group, by: stepA, slotB: false),
                        let tb = stepped(b, group, by: stepB, slotB: true)
                    else { continue }
                    let trial = ws.widen(ta, tb)
                    if let e = window.trialError(ws, trial: trial, below: error) {
                        error = window.settle(ws, trial: trial, error: e)
                        a = ta
                        b = tb
                        improved = true
                        break
                    }
                }
            }
            if !improved { break }
        }
    }

    /// `e` with the stored codes of `channels` moved by `step`, or `nil` when a code would leave its
    /// range or a stepped channel is not stored (opaque alpha).
    @inline(__always)
    static func stepped(_ e: PVRTCEndpoint, _ channels: [Int], by step: Int, slotB: Bool) -> PVRTCEndpoint? {
        if step == 0 { return e }
        var moved = e
        for c in channels {
            let width = bits(channel: c, slotB: slotB, opaque: e.isOpaque)
            let code = field(e, c) + step
            if width == 0 || code < 0 || code >= 1 << width { return nil }
            setField(&moved, c, code)
        }
        return moved
    }

    /// Channel `c` of an endpoint in stored precision.
    @inline(__always)
    static func field(_ e: PVRTCEndpoint, _ c: Int) -> Int {
        switch c {
        case 0: return e.red
        case 1: return e.green
        case 2: return e.blue
        default: return e.alpha
        }
    }

    /// Sets channel `c` of an endpoint in stored precision.
    @inline(__always)
    static func setField(_ e: inout PVRTCEndpoint, _ c: Int, _ v: Int) {
        switch c {
        case 0: e.red = v
        case 1: e.green = v
        case 2: e.blue = v
        default: e.alpha = v
        }
    }
}
