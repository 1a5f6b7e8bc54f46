/// The pixels PVRTC2 block (bx, by)'s endpoints reach, bilinear or hard: the four regions the block is a
/// corner of, `2·blockWidth × 2·blockHeight` pixels from (`blockWidth·bx − blockWidth/2`,
/// `blockHeight·by − blockHeight/2`), wrapped. Trials are judged
/// with ``HardTransitionSearch/pixel(_:_:x:y:hard:punch:)`` under the workspace's flags, the trial endpoints
/// written to the block's ``EncoderWorkspace/expanded`` for the time of the trial.
///
/// Blocks of one colour of the 2×2 colouring are two apart: no block reads another's endpoints while it is
/// being tried.
struct HardTransitionWindow<Term: LumaTerm>: TrialWindow {
    /// Block column and row.
    let bx: Int, by: Int
    /// The block's index.
    let block: Int

    /// The window's error under the workspace's endpoints, or `nil` once it reaches `bound`.
    @inline(__always)
    func error(_ ws: EncoderWorkspace, below bound: Int) -> Int? {
        var total = 0
        let left = ws.blockWidth * bx - ws.blockWidth / 2
        let top = ws.blockHeight * by - ws.blockHeight / 2
        for j in 0..<2 * ws.blockHeight {
            let y = wrapped(top + j, ws.height)
            for i in 0..<2 * ws.blockWidth {
                let x = wrapped(left + i, ws.width)
                let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
                let hard = HardTransitionSearch.isHard(ws, x: x, y: y)
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
