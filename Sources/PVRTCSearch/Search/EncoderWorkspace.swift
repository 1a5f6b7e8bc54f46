import Imaging
import PVRTC

/// The mutable state of one encode: source pixels, error weights, per-pixel modulation and per-block
/// endpoints (continuous and quantised), on flat buffers shared by the encoder stages.
///
/// The encoder works on a *virtual* image of `blockWidth·blocksWide × blockHeight·blocksHigh` pixels, the
/// block geometry coming from the ``BlockFormat``. For levels at least two blocks on each side it is the
/// image itself; smaller levels are tiled (pixel (x, y) reads source pixel (x mod width, y mod height)) so
/// that the padding words end up copies of the real ones.
///
/// `@unchecked Sendable`: worker threads only ever write disjoint pixels/blocks of these buffers (stages
/// partition work by block rows or by 2×2 block colouring), and the buffers live as long as the workspace.
final class EncoderWorkspace: @unchecked Sendable {
    /// The format being encoded: block geometry and modulation rules.
    let format: BlockFormat
    /// Block width and height in pixels (powers of two).
    let blockWidth: Int, blockHeight: Int
    /// log2 of ``blockWidth`` and ``blockHeight``.
    let blockWidthShift: Int, blockHeightShift: Int
    /// `1 / (blockWidth·blockHeight)`, exact (a power of two): the share of one bilinear weight.
    let inverseBlockArea: Float
    /// The pixels a block's endpoints reach, and the block's bilinear weight at each.
    let windowShape: WindowShape
    /// Blocks across and down: for PVRTC1 powers of two, each at least 2; for PVRTC2 any count from 1.
    let blocksWide: Int, blocksHigh: Int
    /// Virtual image width and height (`blockWidth·blocksWide`, `blockHeight·blocksHigh`).
    let width: Int, height: Int
    /// True when some source pixel has alpha below 255: translucent endpoints and punch-through are
    /// considered and alpha error counts.
    let hasAlpha: Bool
    /// Per-channel error weights (R, G, B, A); RGB is further scaled by the pixel's source alpha.
    let channelWeights: SIMD4<Int32>
    /// Luma coefficients of the error metric (``ErrorMetric/lumaWeights``); zero for images with alpha.
    let lumaWeights: SIMD4<Int32>
    /// Whether `lumaWeights` is not zero: which ``LumaTerm`` the per-pixel loops use.
    let hasLuma: Bool
    /// Source pixels (R, G, B, A), virtual row-major.
    let source: UnsafeMutableBufferPointer<SIMD4<Int32>>
    /// Per-pixel integer error weights: `channelWeights` × (max(alpha, 1), …, ``ErrorMetric/alphaScale``) for
    /// images with alpha — colour under alpha 0 counts 1/255 of opaque colour, enough to keep (bled) colours sane for
    /// bilinear filtering without costing the visible pixels — and `channelWeights` × (1, 1, 1, 0) for
    /// opaque images. Window sums of weighted squared differences (49 pixels) stay within `Int32` as long
    /// as alpha-scaled channel weights are at most 2 and opaque ones at most 500. Empty for an opaque
    /// image whose workspace was made with `perPixelWeights: false` (every pixel's weight is then
    /// `channelWeights`).
    let errorWeights: UnsafeMutableBufferPointer<SIMD4<Int32>>
    /// Per-pixel two-bit modulation value as the modulation word stores it, virtual row-major: the code of
    /// every pixel for ``BlockFormat/Modulation/fourLevel``; for ``BlockFormat/Modulation/directOrInterpolated``
    /// the code of each stored pixel (with the rule flags in its low bit where the word keeps them) and a
    /// direct block's bit in the high bit, as `fastest` and ``BlockPacking`` read it.
    let modulation: UnsafeMutableBufferPointer<UInt8>
    /// ``BlockFormat/Modulation/directOrInterpolated`` only (empty otherwise): per-pixel modulation weight in
    /// eighths (0...8) as the decoder applies it, stored or direct values and, for the averaged pixels of
    /// interpolated blocks, the rounded average of their neighbours; what the search works on.
    let weight: UnsafeMutableBufferPointer<UInt8>
    /// Per-block modulation rule, linear block order: for ``BlockFormat/Modulation/directOrInterpolated`` 0
    /// direct, else the `TwoBitModulation.Averaging` raw value of an interpolated block; 0 for other formats,
    /// whose mode is the colour word's bit 0.
    let mode: UnsafeMutableBufferPointer<UInt8>
    /// Per-block quantised endpoints: colour word (bit 0 = punch-through flag), linear block order.
    let colorWords: UnsafeMutableBufferPointer<UInt32>
    /// Per-block quantised endpoints widened to 4555: (A.r, A.g, A.b, A.a, B.r, B.g, B.b, B.a).
    let expanded: UnsafeMutableBufferPointer<SIMD8<Int32>>
    /// Per-block continuous endpoints in 8-bit units, same layout as `expanded`.
    let continuous: UnsafeMutableBufferPointer<SIMD8<Float>>
    /// Per-block: the block is cut-out alpha (every pixel fully opaque or fully transparent, at least
    /// one transparent), so it always uses punch-through mode: transparent pixels decode to exactly 0
    /// and the endpoints stay opaque with full 554/555 precision. Always false in formats without the
    /// punch-through mode (``BlockFormat/hasPunchThrough``).
    let cutOut: UnsafeMutableBufferPointer<Bool>
    /// Per block, formats with the hard-transition flag (``BlockFormat/hasHardTransitionFlag``) only (empty
    /// otherwise): the flag H of the region whose top-left word the block is, chosen by
    /// ``HardTransitionSearch``; all clear until then.
    let hard: UnsafeMutableBufferPointer<Bool>

    /// Copies `image` into a fresh workspace for `format` that measures error with `metric`.
    ///
    /// With `perPixelWeights` false an opaque image gets no ``errorWeights`` (a stage that reads them
    /// must use `channelWeights` instead); images with alpha always get them.
    init(image: RGBAImage, metric: ErrorMetric, format: BlockFormat = .pvrtc1_4bpp, perPixelWeights: Bool = true) {
        let channelWeights = metric.channelWeights
        let bw = format.format.blocksWide(image.width)
        let bh = format.format.blocksHigh(image.height)
        self.format = format
        blockWidth = format.blockWidth
        blockHeight = format.blockHeight
        blockWidthShift = format.blockWidthShift
        blockHeightShift = format.blockHeightShift
        inverseBlockArea = 1 / Float(format.blockWidth * format.blockHeight)
        windowShape = format.windowShape
        blocksWide = bw
        blocksHigh = bh
        width = format.blockWidth * bw
        height = format.blockHeight * bh
        let alpha = image.hasTransparency
        hasAlpha = alpha
        self.channelWeights = alpha ? channelWeights : SIMD4(channelWeights[0], channelWeights[1], channelWeights[2], 0)
        lumaWeights = alpha ? .zero : metric.lumaWeights
        hasLuma = lumaWeights != .zero
        let count = width * height
        source = .allocate(capacity: count)
        let fillWeights = alpha || perPixelWeights
        errorWeights = .allocate(capacity: fillWeights ? count : 0)
        modulation = .allocate(capacity: count)
        modulation.initialize(repeating: 0)
        weight = .allocate(capacity: format.modulation == .directOrInterpolated ? count : 0)
        weight.initialize(repeating: 0)
        mode = .allocate(capacity: bw * bh)
        mode.initialize(repeating: 0)
        colorWords = .allocate(capacity: bw * bh)
        colorWords.initialize(repeating: 0)
        expanded = .allocate(capacity: bw * bh)
        expanded.initialize(repeating: .zero)
        continuous = .allocate(capacity: bw * bh)
        continuous.initialize(repeating: .zero)
        cutOut = .allocate(capacity: bw * bh)
        cutOut.initialize(repeating: false)
        hard = .allocate(capacity: format.hasHardTransitionFlag ? bw * bh : 0)
        hard.initialize(repeating: false)
        TiledSource.copy(
            image, width: width, height: height, hasAlpha: alpha, channelWeights: self.channelWeights,
            alphaScale: metric.alphaScale, into: source, errorWeights: fillWeights ? errorWeights : nil)
        if alpha && format.hasPunchThrough {
            for by in 0..<bh {
                for bx in 0..<bw {
                    var transparent = false
                    var binary = true
                    for j in 0..<blockHeight {
                        for i in 0..<blockWidth {
                            let a = source[(blockHeight * by + j) * width + blockWidth * bx + i][3]
                            if a == 0 { transparent = true } else if a != 255 { binary = false }
                        }
                    }
                    cutOut[by * bw + bx] = transparent && binary
                }
            }
        }
    }

    deinit {
        source.deallocate()
        errorWeights.deallocate()
        modulation.deallocate()
        weight.deallocate()
        mode.deallocate()
        colorWords.deallocate()
        expanded.deallocate()
        continuous.deallocate()
        cutOut.deallocate()
        hard.deallocate()
    }

    /// Stores quantised endpoints and the punch-through flag of block `index`, in PVRTC1's colour word layout
    /// (``BlockPacking`` writes the format's). Where the format has one opacity flag for both colours
    /// (``BlockFormat/hasOpacityFlag``) and the pair disagrees, the opaque one is stored as its nearest
    /// translucent colour; the stages only propose pairs that agree.
    @inline(__always)
    func setEndpoints(_ index: Int, _ a: PVRTCEndpoint, _ b: PVRTCEndpoint, punchThrough: Bool) {
        var (a, b) = (a, b)
        if format.hasOpacityFlag && a.isOpaque != b.isOpaque {
            a = EncoderWorkspace.translucent(a, slotB: false, alphaPad: 0)
            b = EncoderWorkspace.translucent(b, slotB: true, alphaPad: format.alphaPadding(slotB: true))
        }
        colorWords[index] = (b.packedB << 16) | (a.packedA << 1) | (punchThrough ? 1 : 0)
        expanded[index] = widen(a, b)
    }

    /// `e` unchanged when translucent; otherwise the translucent endpoint nearest its colour, alpha at most.
    static func translucent(_ e: PVRTCEndpoint, slotB: Bool, alphaPad: Int) -> PVRTCEndpoint {
        guard e.isOpaque else { return e }
        let wide = e.expanded(slotB: slotB)
        let opaque = [wide.red, wide.green, wide.blue]
        var codes = SIMD4<Int32>(0, 0, 0, 7)
        for c in 0..<3 {
            let value = Float(opaque[c]) * EndpointQuantization.rgbScale
            let bits = EndpointQuantization.bits(channel: c, slotB: slotB, opaque: false)
            codes[c] = Int32(EndpointQuantization.nearest(value, bits: bits, channel: c, alphaPad: alphaPad))
        }
        return EndpointQuantization.endpoint(codes, opaque: false)
    }

    /// The 4555 widening of a pair of endpoints as one vector, as the format's decoder widens them (a PVRTC2
    /// translucent colour B pads its alpha with a 1 bit, ``BlockFormat/alphaPadding(slotB:)``).
    @inline(__always)
    func widen(_ a: PVRTCEndpoint, _ b: PVRTCEndpoint) -> SIMD8<Int32> {
        let ea = a.expanded(slotB: false)
        let eb = b.expanded(slotB: true)
        let padB = b.isOpaque ? 0 : format.alphaPadding(slotB: true)
        return SIMD8(
            Int32(ea.red), Int32(ea.green), Int32(ea.blue), Int32(ea.alpha),
            Int32(eb.red), Int32(eb.green), Int32(eb.blue), Int32(eb.alpha | padB))
    }

    /// True when block `index` uses punch-through mode.
    @inline(__always)
    func isPunchThrough(_ index: Int) -> Bool { colorWords[index] & 1 != 0 }

    /// Sets or clears the punch-through flag of block `index`.
    @inline(__always)
    func setPunchThrough(_ index: Int, _ on: Bool) {
        colorWords[index] = (colorWords[index] & ~1) | (on ? 1 : 0)
    }

    /// Wraps a block column index into `0..<blocksWide`.
    @inline(__always)
    func wrapBlockX(_ x: Int) -> Int { wrapped(x, blocksWide) }

    /// Wraps a block row index into `0..<blocksHigh`.
    @inline(__always)
    func wrapBlockY(_ y: Int) -> Int { wrapped(y, blocksHigh) }

    /// The unrounded 4555 bilinear sum (weights total `blockWidth·blockHeight`: 16 for 4bpp, 32 for 2bpp)
    /// of the quantised endpoints at virtual pixel (x, y); block centres sit at (blockWidth/2, blockHeight/2).
    @inline(__always)
    func interpolated(x: Int, y: Int) -> SIMD8<Int32> {
        let (xl, yl, xr, yr) = corner(x: x, y: y)
        let x0 = wrapBlockX(xl)
        let x1 = wrapBlockX(xl + 1)
        let y0 = wrapBlockY(yl) * blocksWide
        let y1 = wrapBlockY(yl + 1) * blocksWide
        let h = Int32(blockHeight)
        let left = expanded[y0 + x0] &* (h &- yr) &+ expanded[y1 + x0] &* yr
        let right = expanded[y0 + x1] &* (h &- yr) &+ expanded[y1 + x1] &* yr
        return left &* (Int32(blockWidth) &- xr) &+ right &* xr
    }

    /// The block column and row (unwrapped) of the top-left of the four words virtual pixel (x, y) blends,
    /// and the pixel's offset from that word's centre (the weights of the right and lower words).
    @inline(__always)
    func corner(x: Int, y: Int) -> (column: Int, row: Int, xr: Int32, yr: Int32) {
        let dx = x - (blockWidth >> 1)
        let dy = y - (blockHeight >> 1)
        return (
            dx >> blockWidthShift, dy >> blockHeightShift, Int32(dx & (blockWidth - 1)), Int32(dy & (blockHeight - 1))
        )
    }

    /// The bilinear weight of block `k`'s endpoints in ``interpolated(x:y:)`` at virtual pixel (x, y)
    /// (`blockWidth·blockHeight` in all), given `shapeWeight`, its weight at that position of the block's
    /// ``windowShape``. The two differ only on a grid one block wide or high, where wrapping makes the block
    /// its own neighbour and its weight the sum over the corners it fills.
    @inline(__always)
    func windowWeight(_ shapeWeight: Int32, block k: Int, x: Int, y: Int) -> Int32 {
        guard blocksWide == 1 || blocksHigh == 1 else { return shapeWeight }
        let (xl, yl, xr, yr) = corner(x: x, y: y)
        let (w, h) = (Int32(blockWidth), Int32(blockHeight))
        var total: Int32 = 0
        for i in 0..<2 {
            for j in 0..<2 where wrapBlockY(yl + j) * blocksWide + wrapBlockX(xl + i) == k {
                total += (i == 0 ? w - xr : xr) * (j == 0 ? h - yr : yr)
            }
        }
        return total
    }

    /// Runs `body(scratch, bx, by)` for every block, one phase per pair of row and column colours
    /// (``BlockColouring``: four phases of the 2×2 colouring on even grids, up to nine on odd ones). Blocks of
    /// one colour are two apart: what one of them reads or writes (its window, the stored weights around it)
    /// is never written by another, so they run in parallel with a deterministic result.
    /// `scratch` makes each worker chunk's scratch memory and `release` frees it.
    func forEachColoured<Scratch>(
        threads: Int, scratch: @Sendable () -> Scratch, release: @Sendable (Scratch) -> Void,
        body: @Sendable (Scratch, Int, Int) -> Void
    ) {
        let columnClasses = BlockColouring.classes(blocksWide)
        for rows in BlockColouring.classes(blocksHigh) {
            for columns in columnClasses {
                Parallel.forEach(rows.count, threads: threads) { chunk in
                    let memory = scratch()
                    for row in chunk {
                        for bx in columns { body(memory, bx, rows[row]) }
                    }
                    release(memory)
                }
            }
        }
    }

    /// Index of the block holding virtual pixel (x, y), for the pixel's modulation mode.
    @inline(__always)
    func blockIndex(x: Int, y: Int) -> Int { (y >> blockHeightShift) * blocksWide + (x >> blockWidthShift) }

    /// Virtual pixel column of the first pixel in block column `bx`'s window (wrap it with `width − 1`).
    @inline(__always)
    func windowLeft(_ bx: Int) -> Int { blockWidth * bx - windowShape.reachLeft }

    /// Virtual pixel row of the first pixel in block row `by`'s window (wrap it with `height − 1`).
    @inline(__always)
    func windowTop(_ by: Int) -> Int { blockHeight * by - windowShape.reachUp }
}

/// Exact 8-bit endpoint colours from a 4555 bilinear sum of 4×4 blocks (weights of 16, reference A.3 step 4):
/// RGB `C/2 + C/64`, alpha `C + C/16`.
@inline(__always)
func toEightBit(_ c: SIMD8<Int32>) -> SIMD8<Int32> {
    (c &>> SIMD8<Int32>(1, 1, 1, 0, 1, 1, 1, 0)) &+ (c &>> SIMD8<Int32>(6, 6, 6, 4, 6, 6, 6, 4))
}

/// Exact 8-bit endpoint colours from a 4555 bilinear sum of 8×4 blocks (weights of 32): RGB `v/128 + v/4`,
/// alpha `v/32 + v/2`.
@inline(__always)
func toEightBit32(_ v: SIMD8<Int32>) -> SIMD8<Int32> {
    (v &>> SIMD8<Int32>(7, 7, 7, 5, 7, 7, 7, 5)) &+ (v &>> SIMD8<Int32>(2, 2, 2, 1, 2, 2, 2, 1))
}

/// The decoded pixel for 8-bit endpoints `e` (A low, B high) and modulation weight `w` in eighths.
@inline(__always)
func blend(_ e: SIMD8<Int32>, _ w: Int32) -> SIMD4<Int32> {
    (e.lowHalf &* (8 &- w) &+ e.highHalf &* w) &>> 3
}

/// ``blend(_:_:)`` of one channel: 8-bit endpoint values `a` and `b`, modulation weight `w` in eighths.
@inline(__always)
func blend(_ a: Int32, _ b: Int32, _ w: Int32) -> Int32 {
    (a &* (8 &- w) &+ b &* w) &>> 3
}
