/// The least-squares normal equations of one block's endpoint update over its window: colour (R, G and B
/// share one 2×2 matrix) and alpha (its own matrix), with the residuals projected on the two endpoints.
/// A pixel adds its residual with its (u, v) share of endpoints A and B; ``delta`` solves both systems.
/// Used by the refinement of every format; `fastest` uses ``solve(_:_:_:_:_:)``.
struct EndpointNormalEquations {
    private var caa: Float = 0
    private var cab: Float = 0
    private var cbb: Float = 0
    private var aaa: Float = 0
    private var aab: Float = 0
    private var abb: Float = 0
    private var ra = SIMD4<Float>.zero
    private var rb = SIMD4<Float>.zero

    /// Adds one pixel: `residual` (source minus prediction), its shares `u` of A and `v` of B, and the
    /// weights of its colour and alpha errors.
    @inline(__always)
    mutating func add(residual: SIMD4<Float>, u: Float, v: Float, colourWeight: Float, alphaWeight: Float) {
        caa += colourWeight * u * u
        cab += colourWeight * u * v
        cbb += colourWeight * v * v
        aaa += alphaWeight * u * u
        aab += alphaWeight * u * v
        abb += alphaWeight * v * v
        let weighted = residual * SIMD4(colourWeight, colourWeight, colourWeight, alphaWeight)
        ra += weighted * u
        rb += weighted * v
    }

    /// The endpoint change (A in the low half, B in the high half): colour from the colour system, alpha
    /// from the alpha system.
    @inline(__always)
    func delta() -> SIMD8<Float> {
        var (deltaA, deltaB) = Self.solve(caa, cab, cbb, ra, rb)
        let (alphaA, alphaB) = Self.solve(aaa, aab, abb, ra, rb)
        deltaA[3] = alphaA[3]
        deltaB[3] = alphaB[3]
        return SIMD8(lowHalf: deltaA, highHalf: deltaB)
    }

    /// Solves `[saa sab; sab sbb]·[dA; dB] = [ra; rb]` per channel with a small ridge term.
    @inline(__always)
    static func solve(_ saa: Float, _ sab: Float, _ sbb: Float, _ ra: SIMD4<Float>, _ rb: SIMD4<Float>)
        -> (SIMD4<Float>, SIMD4<Float>)
    {
        let ridge = 1e-3 * (saa + sbb) + 1e-6
        let a = saa + ridge
        let d = sbb + ridge
        let det = a * d - sab * sab
        if det <= 1e-12 { return (.zero, .zero) }
        return ((ra * d - rb * sab) / det, (rb * a - ra * sab) / det)
    }
}
