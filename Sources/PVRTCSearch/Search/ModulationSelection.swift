/// Stage 2a: the modulation of every block for its current quantised endpoints, by the format's rules
/// (``BlockFormat/Modulation``): each pixel's two-bit code and each block's punch-through mode for
/// ``FourLevelModulation``, each block's mode, averaging rule and stored weights for
/// ``DirectOrInterpolatedModulation``.
enum ModulationSelection {
    /// Re-chooses the modulation of every block.
    /// - Parameter passes: coordinate-descent passes over the stored weights of each candidate mode (direct
    ///   or interpolated modulation; four-level modulation is chosen exactly per pixel and ignores it).
    static func selectAll(_ ws: EncoderWorkspace, passes: Int, threads: Int) {
        switch ws.format.modulation {
        case .fourLevel: FourLevelModulation.selectAll(ws, threads: threads)
        case .directOrInterpolated: DirectOrInterpolatedModulation.selectAll(ws, passes: passes, threads: threads)
        }
    }

    /// Writes the chosen modulation as the codes the modulation words store (``EncoderWorkspace/modulation``),
    /// for ``BlockPacking``: nothing to do for four-level modulation, which is chosen as codes.
    static func storeCodes(_ ws: EncoderWorkspace, threads: Int) {
        switch ws.format.modulation {
        case .fourLevel: break
        case .directOrInterpolated: DirectOrInterpolatedModulation.storeCodes(ws, threads: threads)
        }
    }
}
