/// Block geometry of the `fastest` stages (``FastestEncoder``): the pixels of a block and the window of
/// pixels its endpoints reach through the decoder's bilinear upscale.
///
/// PVRTC1 4bpp blocks are 4×4 pixels, 2bpp blocks 8×4 (``BlockFormat``); a block's endpoints reach the
/// `(2·blockWidth − 1) × (2·blockHeight − 1)` pixels around its centre with weight
/// `(blockWidth − |dx|)·(blockHeight − |dy|)` of `blockWidth·blockHeight`. The stages read the geometry only
/// through this value.
struct FastestGeometry: Sendable {
    /// Block width in pixels (a power of two).
    let blockWidth: Int
    /// Block height in pixels (a power of two).
    let blockHeight: Int

    /// log2 of ``blockWidth``.
    let widthShift: Int
    /// log2 of ``blockHeight``.
    let heightShift: Int

    /// A geometry of `1 << widthShift` by `1 << heightShift` pixels.
    init(widthShift: Int, heightShift: Int) {
        self.widthShift = widthShift
        self.heightShift = heightShift
        blockWidth = 1 << widthShift
        blockHeight = 1 << heightShift
    }

    /// The block geometry of `format`.
    init(_ format: BlockFormat) {
        self.init(widthShift: format.blockWidthShift, heightShift: format.blockHeightShift)
    }

    /// The linear index of the block holding virtual pixel (x, y) in a workspace `blocksWide` across.
    @inline(__always)
    func blockIndex(x: Int, y: Int, blocksWide: Int) -> Int { (y >> heightShift) * blocksWide + (x >> widthShift) }

    /// Window columns (`2·blockWidth − 1`).
    var windowWidth: Int { 2 * blockWidth - 1 }
    /// Window rows (`2·blockHeight − 1`).
    var windowHeight: Int { 2 * blockHeight - 1 }
    /// Sum of the four blocks' bilinear weights at any pixel (`blockWidth·blockHeight`).
    var weightTotal: Int { blockWidth * blockHeight }

    /// The first virtual pixel column of block column `bx`'s window (before wrapping).
    @inline(__always)
    func windowX(_ bx: Int) -> Int { blockWidth * bx + blockWidth / 2 - (blockWidth - 1) }

    /// The first virtual pixel row of block row `by`'s window (before wrapping).
    @inline(__always)
    func windowY(_ by: Int) -> Int { blockHeight * by + blockHeight / 2 - (blockHeight - 1) }

    /// The block's horizontal weight at window column `i`.
    @inline(__always)
    func weightX(_ i: Int) -> Int { blockWidth - abs(i - (blockWidth - 1)) }

    /// The block's vertical weight at window row `j`.
    @inline(__always)
    func weightY(_ j: Int) -> Int { blockHeight - abs(j - (blockHeight - 1)) }
}
