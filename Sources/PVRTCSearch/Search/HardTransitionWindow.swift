/// The pixels PVRTC2 block (bx, by)'s endpoints reach, bilinear or hard: the four regions the block is a
/// corner of, `2·blockWidth × 2·blockHeight` pixels from (`blockWidth·bx − blockWidth/2`,
/// `blockHeight·by − blockHeight/2`), wrapped. Trials are judged
/// with ``HardTransitionSearch/pixel(_:_:x:y:hard:punch:)`` under the workspace's flags, the trial endpoints
/// written to the block's ``EncoderWorkspace/expanded`` for the time of the trial.
///
/// Blocks of one colour of the 2×2 colouring are two apart: no block reads another's endpoints while it is
/// being tried.
///
/// The pixels of hard regions that another word holds with M clear decode from that word's endpoints alone,
/// the same for every trial: the window leaves them out, so its errors are those of the pixels the block's
/// endpoints change, and the trials compare as they would over the whole window. So does the bilinear decode
/// of the window's first row and column, which lie on the centres of the neighbouring words and give this
/// block's endpoints no weight.
struct HardTransitionWindow<Term: LumaTerm>: TrialWindow {
    /// Block column and row.
    let bx: Int, by: Int
    /// The block's index.
    let block: Int

    /// The error under the workspace's endpoints of the window's pixels that depend on the block's endpoints,
    /// or `nil` once it reaches `bound`.
    @inline(__always)
    func error(_ ws: EncoderWorkspace, below bound: Int) -> Int? {
        var total = 0
        let left = ws.blockWidth * bx - ws.blockWidth / 2
        let top = ws.blockHeight * by - ws.blockHeight / 2
        for j in 0..<2 * ws.blockHeight {
            let y = wrapped(top + j, ws.height)
            for i in 0..<2 * ws.blockWidth {
                let x = wrapped(left + i, ws.width)
                let owner = ws.blockIndex(x: x, y: y)
                let punch = ws.isPunchThrough(owner)
                let hard = HardTransitionSearch.isHard(ws, x: x, y: y)
                if hard ? !punch && owner != block : i == 0 || j == 0 { continue }
                total += Int(HardTransitionSearch.pixel(Term.self, ws, x: x, y: y, hard: hard, punch: punch).error)
            }
            if total >= bound { return nil }
        }
        return total
    }

    func trialError(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        let incumbent = ws.expanded[block]
        ws.expanded[block] = trial
        defer { ws.expanded[block] = incumbent }
        return error(ws, below: bound)
    }

    func settle(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, error: Int) -> Int { error }
}
