import Imaging
import PVRTC

/// The `fastest` level (``PVRTCEncoder/Quality/fastest``): a single pass of four stages, built for
/// speed rather than trimmed from the search of ``LevelEncoder``, on the format's block geometry
/// (``FastestGeometry``).
///
/// 1. ``FastestEstimate``: endpoints per block from its own pixels (luma-sorted split), integer sums.
/// 2. ``FastestFit``: modulation weights by projection on the interpolated continuous endpoints, then
///    one closed-form least-squares sweep over the two low-resolution images; as many times as the preset
///    says (``SearchPreset/fastestFits``: twice for 2bpp). The weights are 0, 3/8, 5/8 and 1 at both rates;
///    at 2bpp they are those of the interpolated mode's stored pixels, which most blocks end up using (with
///    only the both-directions rule tried, Kodak mean Y 30.81 dB against 30.34 dB for a fit with the direct
///    mode's weights 0 and 1).
/// 3. Nearest stored codes (``FastestQuantization`` for opaque images,
///    ``EndpointQuantization/quantizeNearest(_:threads:from:)`` with alpha).
/// 4. One modulation pass against the exact decoder arithmetic, by the format's rules: four-level
///    (``FastestRowModulation`` for opaque images, ``FastestModulation`` with alpha), standard mode except in
///    cut-out blocks (trying punch-through in every block measured +0.01 dB on Kodak for twice the cost of the
///    stage, so `fastest` does not); direct or interpolated (``FastestDirectOrInterpolatedModulation``), per
///    block the direct mode or one of the three averaging rules of the interpolated mode.
///
/// Every stage works on flat buffers with per-block or per-phase parallel loops whose writes never
/// overlap, so the output does not depend on the thread count.
enum FastestEncoder {
    /// Encodes one level of `format`; the contract is
    /// ``LevelEncoder/encode(_:format:options:isCancelled:progress:)``'s.
    ///
    /// - Parameters:
    ///   - image: power-of-two width and height, already validated.
    ///   - format: the format's descriptor.
    ///   - metric: how error is measured.
    ///   - fits: projection and least-squares rounds (``SearchPreset/fastestFits``).
    ///   - threads: worker threads (at least 1).
    ///   - isCancelled: asked between stages; once it answers `true` the encode stops.
    ///   - progress: called after each stage with the finished share (0...1).
    static func encode(
        _ image: RGBAImage, format: BlockFormat, metric: ErrorMetric, fits: Int, threads: Int,
        isCancelled: () -> Bool, progress: ((Double) -> Void)?
    ) throws -> PVRTCImage {
        let geometry = FastestGeometry(format)
        let ws = EncoderWorkspace(image: image, metric: metric, format: format, perPixelWeights: false)
        try fitEndpoints(
            ws, geometry: geometry, rounds: fits, threads: threads, isCancelled: isCancelled, progress: progress)
        switch format.modulation {
        case .fourLevel:
            if ws.hasAlpha {
                FastestModulation.selectAll(ws, geometry: geometry, tryPunchThrough: false, threads: threads)
            } else {
                FastestRowModulation.selectAll(ws, threads: threads)
            }
        case .directOrInterpolated:
            FastestDirectOrInterpolatedModulation.selectAll(ws, threads: threads)
        }
        progress?(1)
        return try BlockPacking.pack(ws, width: image.width, height: image.height)
    }

    /// The stages both rates share: the block estimate, then `rounds` of projection weights and one
    /// least-squares sweep, then the nearest stored codes. Reports 0.25 after the first weights and 0.5
    /// after the sweeps, and stops at either point once `isCancelled` answers `true`.
    static func fitEndpoints(
        _ ws: EncoderWorkspace, geometry: FastestGeometry, rounds: Int, threads: Int, isCancelled: () -> Bool,
        progress: ((Double) -> Void)?
    ) throws {
        let fit = FastestFit(ws)
        defer { fit.deallocate() }
        FastestEstimate.estimate(ws, geometry: geometry, threads: threads)
        for round in 0..<rounds {
            fit.selectWeights(ws, geometry: geometry, threads: threads)
            if round == 0 {
                progress?(0.25)
                if isCancelled() { throw CancellationError() }
            }
            fit.refine(ws, geometry: geometry, threads: threads)
        }
        progress?(0.5)
        if isCancelled() { throw CancellationError() }
        if ws.hasAlpha {
            EndpointQuantization.quantizeNearest(ws, threads: threads)
        } else {
            FastestQuantization.quantizeOpaque(ws, threads: threads)
        }
    }
}
