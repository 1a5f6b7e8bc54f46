/// The pixels one block's endpoints reach, as a coordinate descent over the block's stored codes
/// (``EndpointQuantization/descend(_:window:a:b:error:passes:)``) judges trial endpoints in them: the
/// bilinear windows of the code search (``CodeSearchWindow``) and PVRTC2's hard-transition window
/// (``HardTransitionWindow``).
protocol TrialWindow {
    /// The window's error with the block's endpoints replaced by `trial` (4555), or `nil` once it reaches
    /// `bound`.
    func trialError(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, below bound: Int) -> Int?
    /// Makes `trial`, whose window error is `error`, the pair later trials start from; returns its error.
    func settle(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, error: Int) -> Int
}
