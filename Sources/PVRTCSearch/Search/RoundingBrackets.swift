/// The stored codes just below and just above a continuous endpoint pair, per channel
/// (``EndpointQuantization/bracket(_:bits:channel:)``), and their widened (4555) values: the four floor/ceil
/// combinations of A and B that the code searches of both rates judge per channel.
struct RoundingBrackets {
    /// Codes below (`floor`) and above (`ceil`) the continuous values of A and B.
    var codeFloorA = SIMD4<Int32>.zero, codeCeilA = SIMD4<Int32>.zero
    var codeFloorB = SIMD4<Int32>.zero, codeCeilB = SIMD4<Int32>.zero
    /// The same codes widened to 4555.
    var floorA = SIMD4<Int32>.zero, ceilA = SIMD4<Int32>.zero
    var floorB = SIMD4<Int32>.zero, ceilB = SIMD4<Int32>.zero

    /// The brackets of `x` (8-bit units, A low, B high) for the opaque or translucent layout of each endpoint,
    /// colour B's translucent alpha padded with `alphaPadB` (``BlockFormat/alphaPadding(slotB:)``).
    @inline(__always)
    init(_ x: SIMD8<Float>, opaqueA: Bool, opaqueB: Bool, alphaPadB: Int) {
        for c in 0..<4 {
            let bitsA = EndpointQuantization.bits(channel: c, slotB: false, opaque: opaqueA)
            let bitsB = EndpointQuantization.bits(channel: c, slotB: true, opaque: opaqueB)
            let ra = EndpointQuantization.bracket(x[c], bits: bitsA, channel: c)
            let rb = EndpointQuantization.bracket(x[4 + c], bits: bitsB, channel: c, alphaPad: alphaPadB)
            codeFloorA[c] = Int32(ra.floor)
            codeCeilA[c] = Int32(ra.ceil)
            codeFloorB[c] = Int32(rb.floor)
            codeCeilB[c] = Int32(rb.ceil)
            floorA[c] = Int32(EndpointQuantization.widen(ra.floor, bits: bitsA, channel: c))
            ceilA[c] = Int32(EndpointQuantization.widen(ra.ceil, bits: bitsA, channel: c))
            floorB[c] = Int32(EndpointQuantization.widen(rb.floor, bits: bitsB, channel: c, alphaPad: alphaPadB))
            ceilB[c] = Int32(EndpointQuantization.widen(rb.ceil, bits: bitsB, channel: c, alphaPad: alphaPadB))
        }
    }
}
