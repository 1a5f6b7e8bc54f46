import PVRTC

/// Stage 3 of ``FastestEncoder`` for opaque images: every block's continuous endpoints to the nearest
/// stored opaque codes (A: RGB 5-5-4, B: RGB 5-5-5), both endpoints' channels side by side in one
/// vector.
///
/// The choice is ``EndpointQuantization/nearestEndpoint(_:slotB:hasAlpha:)``'s for opaque endpoints,
/// in the same `Float` arithmetic: the even-spacing guess and its two neighbours (clamped to the code
/// range), the nearest value winning and ties going to the lower code. Images with alpha use
/// ``EndpointQuantization/quantizeNearest(_:threads:from:)`` instead.
enum FastestQuantization {
    /// The largest code per lane (A.r, A.g, A.b, A.a, B.r, B.g, B.b, B.a); alpha has no stored bits.
    static let top = SIMD8<Float>(31, 31, 15, 0, 31, 31, 31, 0)

    /// Sets every block's stored endpoints and widened endpoints from its continuous ones, keeping its
    /// punch-through flag.
    static func quantizeOpaque(_ ws: EncoderWorkspace, threads: Int) {
        Parallel.forEach(ws.blocksWide * ws.blocksHigh, threads: threads) { blocks in
            // Buffers in locals: loads through the class would be repeated on every block.
            let continuous = ws.continuous
            let colorWords = ws.colorWords
            let expanded = ws.expanded
            for k in blocks {
                let codes = nearestCodes(continuous[k])
                // Lane by lane with constant indices: a loop over lanes goes through memory.
                let ar = Int32(codes[0])
                let ag = Int32(codes[1])
                let ab = Int32(codes[2])
                let br = Int32(codes[4])
                let bg = Int32(codes[5])
                let bb = Int32(codes[6])
                let packedA = 0x4000 | UInt32(ar) << 9 | UInt32(ag) << 4 | UInt32(ab)
                let packedB = 0x8000 | UInt32(br) << 10 | UInt32(bg) << 5 | UInt32(bb)
                colorWords[k] = packedB << 16 | packedA << 1 | (colorWords[k] & 1)
                expanded[k] = SIMD8(ar, ag, (ab << 1) | (ab >> 3), 15, br, bg, bb, 15)
            }
        }
    }

    /// The 4555 value of every lane's code, codes and values held as whole numbers in `Float` lanes
    /// (vector float-to-integer conversions are not inlined): 5-bit codes as they are, A's 4-bit blue by
    /// bit repetition (`2c + c/8`), alpha 15.
    @inline(__always)
    static func widen(_ codes: SIMD8<Float>) -> SIMD8<Float> {
        var w = codes
        w[2] = 2 * codes[2] + (codes[2] >= 8 ? 1 : 0)
        w[3] = 15
        w[7] = 15
        return w
    }

    /// |x − value of `codes`| lane by lane, as ``EndpointQuantization/nearest(_:bits:channel:)`` measures it.
    @inline(__always)
    static func distanceTo(_ codes: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let d = x - widen(codes) * EndpointQuantization.rgbScale
        return d.replacing(with: -d, where: d .< 0)
    }

    /// `codes` clamped to `0...top` lane by lane.
    @inline(__always)
    static func clamp(_ codes: SIMD8<Float>) -> SIMD8<Float> {
        codes.replacing(with: 0, where: codes .< 0).replacing(with: top, where: codes .> top)
    }

    /// The nearest code per lane to continuous endpoints in 8-bit units (alpha lanes 0), as whole
    /// numbers in `Float` lanes.
    @inline(__always)
    static func nearestCodes(_ x: SIMD8<Float>) -> SIMD8<Float> {
        // `Float.rounded()` of the scalar search; the neighbours cover any rounding difference of the guess.
        let guess = FastestModulation.nearestInteger(x * top / 255)
        let low = clamp(guess - 1)
        let middle = clamp(guess)
        let high = clamp(guess + 1)
        var best = low
        var distance = distanceTo(low, x)
        let middleDistance = distanceTo(middle, x)
        let middleCloser = middleDistance .< distance
        best.replace(with: middle, where: middleCloser)
        distance.replace(with: middleDistance, where: middleCloser)
        best.replace(with: high, where: distanceTo(high, x) .< distance)
        return best.replacing(with: 0, where: top .== 0)
    }
}
