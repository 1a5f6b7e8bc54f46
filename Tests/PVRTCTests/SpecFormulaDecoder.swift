import PVRTC

/// A deliberately naive transcription of the Khronos Data Format Specification's PVRTC1 4bpp formulas
/// (docs `pvrtc-reference.md` A.1–A.6), one pixel and one channel at a time, straight from the raw bytes.
/// It shares no code with `PVRTCDecoder`; tests compare the two on sizes the golden vectors cannot cover.
enum SpecFormulaDecoder {
    /// Decodes `data` (Morton-ordered blocks of a `width` x `height` level) to RGBA, rows top-down.
    /// Levels narrower or shorter than 8 pixels use the padded two-block grid, as the reference does.
    static func decode(_ data: [UInt8], width: Int, height: Int) -> [UInt8] {
        let bw = max(width / 4, 2)
        let bh = max(height / 4, 2)
        func word(_ bx: Int, _ by: Int, _ second: Int) -> UInt32 {
            let x = ((bx % bw) + bw) % bw
            let y = ((by % bh) + bh) % bh
            // Reflected Morton: y takes the lower bit of each pair, the longer side's high bits follow.
            var offset = 0
            var bit = 0
            let pairs = min(bw, bh).trailingZeroBitCount
            for i in 0..<pairs {
                offset |= ((y >> i) & 1) << bit
                offset |= ((x >> i) & 1) << (bit + 1)
                bit += 2
            }
            offset |= (bw > bh ? x >> pairs : y >> pairs) << bit
            let o = offset * 8 + second * 4
            return UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16 | UInt32(data[o + 3]) << 24
        }
        /// Channel k (0 r, 1 g, 2 b, 3 a) of endpoint A or B in ARGB 4555.
        func endpoint(_ color: UInt32, b isB: Bool, _ k: Int) -> Int {
            let v = Int(isB ? color >> 16 : (color & 0xFFFF) >> 1)
            let opaque = isB ? v & 0x8000 != 0 : v & 0x4000 != 0
            let four = { (c: Int) in (c << 1) | (c >> 3) }
            switch (opaque, isB, k) {
            case (true, true, 0): return (v >> 10) & 31
            case (true, true, 1): return (v >> 5) & 31
            case (true, true, 2): return v & 31
            case (true, false, 0): return (v >> 9) & 31
            case (true, false, 1): return (v >> 4) & 31
            case (true, false, 2): return four(v & 15)
            case (true, _, _): return 15
            case (false, true, 0): return four((v >> 8) & 15)
            case (false, true, 1): return four((v >> 4) & 15)
            case (false, true, 2): return four(v & 15)
            case (false, true, _): return ((v >> 12) & 7) << 1
            case (false, false, 0): return four((v >> 7) & 15)
            case (false, false, 1): return four((v >> 3) & 15)
            case (false, false, 2):
                let c = v & 7
                return (c << 2) | (c >> 1)
            case (false, false, _): return ((v >> 11) & 7) << 1
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let xl = Int((Double(x - 2) / 4).rounded(.down))
                let yl = Int((Double(y - 2) / 4).rounded(.down))
                let xr = x - 2 - 4 * xl
                let yr = y - 2 - 4 * yl
                let corners = [
                    (xl, yl, (4 - xr) * (4 - yr)), (xl + 1, yl, xr * (4 - yr)),
                    (xl, yl + 1, (4 - xr) * yr), (xl + 1, yl + 1, xr * yr),
                ]
                let own = word(x / 4, y / 4, 1)
                let bits = Int(word(x / 4, y / 4, 0) >> UInt32(2 * (4 * (y % 4) + x % 4))) & 3
                let punchThrough = own & 1 == 1
                let w = punchThrough ? [0, 4, 4, 8][bits] : [0, 3, 5, 8][bits]
                for k in 0..<4 {
                    var ca = 0
                    var cb = 0
                    for (bx, by, weight) in corners {
                        ca += endpoint(word(bx, by, 1), b: false, k) * weight
                        cb += endpoint(word(bx, by, 1), b: true, k) * weight
                    }
                    let a8 = k == 3 ? ca + ca / 16 : ca / 2 + ca / 64
                    let b8 = k == 3 ? cb + cb / 16 : cb / 2 + cb / 64
                    var value = (a8 * (8 - w) + b8 * w) / 8
                    if k == 3 && punchThrough && bits == 2 { value = 0 }
                    out[(y * width + x) * 4 + k] = UInt8(value)
                }
            }
        }
        return out
    }
}
