import Imaging
import PVRTC

/// The `fastest` level (``PVRTCEncoder/Quality/fastest``) for PVRTC1 2bpp: the single pass of
/// ``FastestEncoder`` on the 8×4-pixel block geometry (``FastestGeometry/pvrtc2bpp``), with a
/// modulation pass of its own for the two 2bpp modes (reference A.9).
///
/// 1. ``FastestEstimate``: endpoints per block from its own pixels (luma-sorted split).
/// 2. ``FastestFit``: modulation weights (0, 3/8, 5/8, 1) by projection on the interpolated continuous
///    endpoints, then one closed-form least-squares sweep over the two low-resolution images; both twice
///    (``SearchPreset/fastestFits``). The weights
///    are those of the interpolated mode's stored pixels, which most blocks end up using (with only the
///    both-directions rule tried, Kodak mean Y 30.81 dB against 30.34 dB for a fit with the direct mode's
///    weights 0 and 1).
/// 3. Nearest stored codes, as for 4bpp.
/// 4. ``Fastest2bppModulation``: per block the direct mode or one of the three averaging rules of the
///    interpolated mode, and every pixel's value, against the exact decoder arithmetic.
///
/// Every stage works on flat buffers with per-block or per-phase parallel loops whose writes never
/// overlap, so the output does not depend on the thread count.
enum Fastest2bppEncoder {
    /// Encodes one level as PVRTC1 2bpp block data; the contract is
    /// ``LevelEncoder/encode(_:format:options:isCancelled:progress:)``'s at `fastest`.
    ///
    /// - Parameters:
    ///   - image: power-of-two width and height (square or not), any size from 1×1; levels below 16x8
    ///     use the 2×2-block minimum with the padding blocks copied from the adjacent real ones.
    ///   - metric: how error is measured.
    ///   - fits: projection and least-squares rounds (``SearchPreset/fastestFits``).
    ///   - threads: worker threads (at least 1).
    ///   - isCancelled: asked between stages; once it answers `true` the encode stops.
    ///   - progress: called after each stage with the finished share (0...1).
    /// - Returns: the level's bytes (`PVRTCFormat.pvrtc1_2bpp.byteCount(width:height:)`), blocks in Morton
    ///   order.
    /// - Throws: `PVRTCError.invalidDimensions` for sizes PVRTC1 cannot hold; `CancellationError`.
    static func encode(
        _ image: RGBAImage, metric: ErrorMetric, fits: Int, threads: Int, isCancelled: () -> Bool,
        progress: ((Double) -> Void)?
    ) throws -> [UInt8] {
        try PVRTCImage.validate(width: image.width, height: image.height)
        let geometry = FastestGeometry.pvrtc2bpp
        let ws = EncoderWorkspace(image: image, metric: metric, format: .pvrtc1_2bpp, perPixelWeights: false)
        // 2bpp has no punch-through: no block is treated as cut-out.
        ws.cutOut.update(repeating: false)
        try FastestEncoder.fitEndpoints(
            ws, geometry: geometry, rounds: fits, threads: threads, isCancelled: isCancelled, progress: progress)
        Fastest2bppModulation.selectAll(ws, threads: threads)
        progress?(1)
        return pack(ws, width: image.width, height: image.height)
    }

    /// The workspace's endpoints, modes (colour word bit 0) and modulation packed into 2bpp words in Morton
    /// order. A direct block's bit is set where the pixel's value is 2 or 3; an interpolated block stores
    /// the two-bit values of its checkerboard pixels in raster order (the rule flags already in them, see
    /// ``Fastest2bppModulation``). Levels below 16x8 get their padding blocks copied from the adjacent real
    /// ones.
    static func pack(_ ws: EncoderWorkspace, width: Int, height: Int) -> [UInt8] {
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let realWide = max((width + 7) / 8, 1)
        let realHigh = max((height + 3) / 4, 1)
        var data = [UInt8](repeating: 0, count: bw * bh * 8)
        let modulation = ws.modulation
        data.withUnsafeMutableBytes { bytes in
            for by in 0..<bh {
                let sy = realHigh == bh ? by : by % realHigh
                for bx in 0..<bw {
                    let sx = realWide == bw ? bx : bx % realWide
                    let interpolated = ws.colorWords[sy * bw + sx] & 1 != 0
                    var word: UInt32 = 0
                    var shift: UInt32 = 0
                    for j in 0..<4 {
                        let row = (4 * sy + j) * ws.width + 8 * sx
                        if interpolated {
                            for i in Swift.stride(from: j & 1, to: 8, by: 2) {
                                word |= UInt32(modulation[row + i]) << shift
                                shift += 2
                            }
                        } else {
                            for i in 0..<8 {
                                word |= UInt32(modulation[row + i] >> 1) << UInt32(8 * j + i)
                            }
                        }
                    }
                    let color = ws.colorWords[sy * bw + sx]
                    let offset = Morton.offset(x: bx, y: by, blocksWide: bw, blocksHigh: bh) * 8
                    bytes.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt32.self)
                    bytes.storeBytes(of: color.littleEndian, toByteOffset: offset + 4, as: UInt32.self)
                }
            }
        }
        return data
    }
}

extension FastestGeometry {
    /// PVRTC1 2bpp: 8×4-pixel blocks (the block size of `PVRTCFormat.pvrtc1_2bpp`).
    static let pvrtc2bpp = FastestGeometry(
        widthShift: PVRTCFormat.pvrtc1_2bpp.blockWidth.trailingZeroBitCount,
        heightShift: PVRTCFormat.pvrtc1_2bpp.blockHeight.trailingZeroBitCount)
}
