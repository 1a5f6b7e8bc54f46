import Imaging
import PVRTC

/// The mutable state of one PVRTC1 2bpp level encode: source pixels, error weights, the per-pixel
/// modulation weight the decoder will apply, the per-block modulation mode, and per-block endpoints
/// (continuous and quantised), on flat buffers shared by the 2bpp search stages.
///
/// Like the 4bpp workspace it covers a *virtual* image of `8·blocksWide × 4·blocksHigh` pixels: the level
/// itself from 16x8 up, smaller levels tiled (pixel (x, y) reads source pixel (x mod width, y mod height)).
///
/// `@unchecked Sendable`: worker threads only ever write disjoint pixels/blocks (stages partition work by
/// block rows or by the 2×2 block colouring), and the buffers live as long as the workspace.
final class Workspace2bpp: @unchecked Sendable {
    /// Blocks across and down (each at least 2, powers of two).
    let blocksWide: Int, blocksHigh: Int
    /// Virtual image width and height (`8·blocksWide`, `4·blocksHigh`).
    let width: Int, height: Int
    /// True when some source pixel has alpha below 255: translucent endpoints are considered and alpha
    /// error counts.
    let hasAlpha: Bool
    /// Per-channel error weights (R, G, B, A) of the metric.
    let channelWeights: SIMD4<Int32>
    /// Luma coefficients of the metric; zero for images with alpha.
    let lumaWeights: SIMD4<Int32>
    /// Whether `lumaWeights` is not zero.
    let hasLuma: Bool
    /// Source pixels (R, G, B, A), virtual row-major.
    let source: UnsafeMutableBufferPointer<SIMD4<Int32>>
    /// Per-pixel integer error weights (as in the 4bpp workspace: RGB scaled by alpha for images with alpha).
    let errorWeights: UnsafeMutableBufferPointer<SIMD4<Int32>>
    /// Per-pixel modulation weight in eighths (0...8) as the decoder applies it: stored or direct values,
    /// and for the averaged pixels of interpolated blocks the rounded average of their neighbours.
    let weight: UnsafeMutableBufferPointer<UInt8>
    /// Per-block modulation mode, linear block order: 0 direct, else the ``TwoBitModulation/Averaging``
    /// raw value of an interpolated block.
    let mode: UnsafeMutableBufferPointer<UInt8>
    /// Per-block quantised endpoints: colour word without the mode flag (bit 0 clear), linear block order.
    let colorWords: UnsafeMutableBufferPointer<UInt32>
    /// Per-block quantised endpoints widened to 4555: (A.r, A.g, A.b, A.a, B.r, B.g, B.b, B.a).
    let expanded: UnsafeMutableBufferPointer<SIMD8<Int32>>
    /// Per-block continuous endpoints in 8-bit units, same layout as `expanded`.
    let continuous: UnsafeMutableBufferPointer<SIMD8<Float>>

    /// Copies `image` into a fresh workspace that measures error with `metric`.
    init(image: RGBAImage, metric: ErrorMetric) {
        let bw = PVRTCFormat.pvrtc1_2bpp.blocksWide(image.width)
        let bh = PVRTCFormat.pvrtc1_2bpp.blocksHigh(image.height)
        blocksWide = bw
        blocksHigh = bh
        width = 8 * bw
        height = 4 * bh
        let alpha = image.hasTransparency
        hasAlpha = alpha
        let metricWeights = metric.channelWeights
        channelWeights = alpha ? metricWeights : SIMD4(metricWeights[0], metricWeights[1], metricWeights[2], 0)
        lumaWeights = alpha ? .zero : metric.lumaWeights
        hasLuma = lumaWeights != .zero
        let count = width * height
        source = .allocate(capacity: count)
        errorWeights = .allocate(capacity: count)
        weight = .allocate(capacity: count)
        weight.initialize(repeating: 0)
        mode = .allocate(capacity: bw * bh)
        mode.initialize(repeating: 0)
        colorWords = .allocate(capacity: bw * bh)
        colorWords.initialize(repeating: 0)
        expanded = .allocate(capacity: bw * bh)
        expanded.initialize(repeating: .zero)
        continuous = .allocate(capacity: bw * bh)
        continuous.initialize(repeating: .zero)
        TiledSource.copy(
            image, width: width, height: height, hasAlpha: alpha, channelWeights: channelWeights, into: source,
            errorWeights: errorWeights)
    }

    deinit {
        source.deallocate()
        errorWeights.deallocate()
        weight.deallocate()
        mode.deallocate()
        colorWords.deallocate()
        expanded.deallocate()
        continuous.deallocate()
    }

    /// Stores quantised endpoints of block `index`.
    @inline(__always)
    func setEndpoints(_ index: Int, _ a: PVRTCEndpoint, _ b: PVRTCEndpoint) {
        colorWords[index] = (b.packedB << 16) | (a.packedA << 1)
        expanded[index] = EncoderWorkspace.widen(a, b)
    }

    /// Wraps a block column index into `0..<blocksWide`.
    @inline(__always)
    func wrapBlockX(_ x: Int) -> Int { x & (blocksWide - 1) }

    /// Wraps a block row index into `0..<blocksHigh`.
    @inline(__always)
    func wrapBlockY(_ y: Int) -> Int { y & (blocksHigh - 1) }

    /// Index of the block holding virtual pixel (x, y) (coordinates already wrapped).
    @inline(__always)
    func blockIndex(x: Int, y: Int) -> Int { (y >> 2) * blocksWide + (x >> 3) }

    /// The unrounded 4555 bilinear sum (weights total 32) of the quantised endpoints at virtual pixel (x, y).
    @inline(__always)
    func interpolated(x: Int, y: Int) -> SIMD8<Int32> {
        let xl = (x - 4) >> 3
        let yl = (y - 2) >> 2
        let xr = Int32((x - 4) & 7)
        let yr = Int32((y - 2) & 3)
        let x0 = wrapBlockX(xl)
        let x1 = wrapBlockX(xl + 1)
        let y0 = wrapBlockY(yl) * blocksWide
        let y1 = wrapBlockY(yl + 1) * blocksWide
        let left = expanded[y0 + x0] &* (4 &- yr) &+ expanded[y1 + x0] &* yr
        let right = expanded[y0 + x1] &* (4 &- yr) &+ expanded[y1 + x1] &* yr
        return left &* (8 &- xr) &+ right &* xr
    }

    /// Runs `body(bx, by)` for every block in four phases of the 2×2 colouring (bx mod 2, by mod 2).
    /// Blocks of one colour are two apart: what one of them reads or writes (its window, the stored
    /// weights around it) is never written by another, so they run in parallel with a deterministic result.
    func forEachColoured(threads: Int, _ body: @Sendable (Int, Int) -> Void) {
        let bw = blocksWide
        for phase in 0..<4 {
            let cx = phase & 1
            let cy = phase >> 1
            Parallel.forEach(blocksHigh / 2, threads: threads) { rows in
                for row in rows {
                    let by = 2 * row + cy
                    for bx in stride(from: cx, to: bw, by: 2) { body(bx, by) }
                }
            }
        }
    }
}

/// Exact 8-bit endpoint colours from a 2bpp 4555 bilinear sum (weights of 32): RGB `v/128 + v/4`,
/// alpha `v/32 + v/2`.
@inline(__always)
func toEightBit2bpp(_ v: SIMD8<Int32>) -> SIMD8<Int32> {
    (v &>> SIMD8<Int32>(7, 7, 7, 5, 7, 7, 7, 5)) &+ (v &>> SIMD8<Int32>(2, 2, 2, 1, 2, 2, 2, 1))
}

/// The decoded pixel for 8-bit endpoints `e` (A low, B high) and modulation weight `w` in eighths.
@inline(__always)
func blend2bpp(_ e: SIMD8<Int32>, _ w: Int32) -> SIMD4<Int32> {
    (e.lowHalf &* (8 &- w) &+ e.highHalf &* w) &>> 3
}

/// ``blend2bpp(_:_:)`` of one channel: 8-bit endpoint values `a` and `b`, modulation weight `w` in eighths.
@inline(__always)
func blend2bpp(_ a: Int32, _ b: Int32, _ w: Int32) -> Int32 {
    (a &* (8 &- w) &+ b &* w) &>> 3
}
