/// The pixels a block's endpoints reach through the decoder's bilinear upscale, for one block size
/// (``BlockFormat/windowShape``): `(2·blockWidth − 1) × (2·blockHeight − 1)` pixels around the block centre
/// (7×7 for 4×4 blocks, 15×7 for 8×4), and the block's bilinear weight at each position.
struct WindowShape: Sendable, Equatable {
    /// Window width and height in pixels: `2·blockWidth − 1`, `2·blockHeight − 1` (7×7 for 4bpp).
    let columns: Int, rows: Int
    /// Pixels left of and above the block's own first pixel: `blockWidth/2 − 1`, `blockHeight/2 − 1`.
    let reachLeft: Int, reachUp: Int
    /// Number of pixels in a window.
    let count: Int
    /// The block's bilinear weight (of `blockWidth·blockHeight`) at window position `columns·j + i`:
    /// (blockWidth − |dx|)·(blockHeight − |dy|), dx and dy measured from the block centre.
    let weights: [Int32]
    /// Window positions in the order the scratch holds them: the block's heaviest pixels first, so
    /// bounded evaluations (``BlockWindow/error(_:below:trial:)``) give up early on bad trials.
    let order: [Int]
    /// Whether window position `columns·j + i` lies in the block itself.
    let isOwn: [Bool]

    /// The window of a block of `blockWidth × blockHeight` pixels.
    init(blockWidth bw: Int, blockHeight bh: Int) {
        columns = 2 * bw - 1
        rows = 2 * bh - 1
        reachLeft = bw / 2 - 1
        reachUp = bh / 2 - 1
        count = columns * rows
        let columns = columns
        let reachLeft = reachLeft
        let reachUp = reachUp
        let weights = (0..<count).map { (i: Int) -> Int32 in
            let dx = abs(i % columns - (bw - 1))
            let dy = abs(i / columns - (bh - 1))
            return Int32((bw - dx) * (bh - dy))
        }
        self.weights = weights
        order = (0..<count).sorted { (p: Int, q: Int) -> Bool in
            weights[p] != weights[q] ? weights[p] > weights[q] : p < q
        }
        isOwn = (0..<count).map { (i: Int) -> Bool in
            (reachLeft..<(reachLeft + bw)).contains(i % columns) && (reachUp..<(reachUp + bh)).contains(i / columns)
        }
    }
}
