/// A block's window as the code search (``EndpointQuantization``) judges trial endpoints in it: the pixels
/// the block's endpoints reach, the bilinear sum of the other three blocks at each, and the format's rule for
/// the modulation a trial is decoded with. ``BlockWindow`` re-chooses each pixel's four-level modulation for
/// every trial; ``FixedModulationWindow`` holds the direct or interpolated weights as they are.
protocol CodeSearchWindow: TrialWindow {
    /// The integer the rounding search sums a window's squared errors in: `Int32` where the window is small
    /// enough for the sums to stay in range (49 pixels), `Int64` otherwise.
    associatedtype ErrorSum: FixedWidthInteger & SIMDScalar
    /// The shifts that turn a 4555 bilinear sum into exact 8-bit colour, `(c >> first) + (c >> second)` per
    /// channel (R, G, B, A); they depend on the block area the sums are of.
    static var eightBitShifts: (first: SIMD4<Int32>, second: SIMD4<Int32>) { get }
    /// Number of pixels in the window.
    var count: Int { get }
    /// The 4555 bilinear sum of the other three blocks at each position.
    var partial: UnsafeMutablePointer<SIMD8<Int32>> { get }
    /// The block's own bilinear weight at each position.
    var weight: UnsafeMutablePointer<Int32> { get }
    /// Source pixel at each position.
    var target: UnsafeMutablePointer<SIMD4<Int32>> { get }
    /// Error weights at each position.
    var errorWeights: UnsafeMutablePointer<SIMD4<Int32>> { get }

    /// Fills the window of block (bx, by) from the workspace.
    func load(_ ws: EncoderWorkspace, bx: Int, by: Int)
    /// Writes what the window chose for `trial`, the block's endpoints now, to the workspace.
    func commit(_ ws: EncoderWorkspace, trial: SIMD8<Int32>)
    /// The modulation weight (eighths) the rounding search holds at position `n`, and whether it zeroes alpha.
    func heldModulation(_ ws: EncoderWorkspace, at n: Int) -> (weight: Int32, zeroAlpha: Bool)
}
