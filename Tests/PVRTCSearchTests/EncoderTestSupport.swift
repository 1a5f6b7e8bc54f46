import PVRTC

@testable import PVRTCSearch

extension FourLevelModulation {
    /// The total weighted squared error (luma term included) of the whole image with the current endpoints
    /// and modulation.
    static func totalError(_ ws: EncoderWorkspace) -> Int {
        var total = 0
        for y in 0..<ws.height {
            for x in 0..<ws.width {
                let p = y * ws.width + x
                let e = toEightBit(ws.interpolated(x: x, y: y))
                let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
                let bits = Int(ws.modulation[p])
                let w = Int32(PVRTCDecoder.weight(bits, punchThrough: punch))
                var v = (e.lowHalf &* (8 &- w) &+ e.highHalf &* w) &>> 3
                if punch && bits == 2 { v[3] = 0 }
                let d = v &- ws.source[p]
                let y = Int((d &* ws.lumaWeights).wrappedSum())
                total += Int((d &* d &* ws.errorWeights[p]).wrappedSum()) + y * y
            }
        }
        return total
    }
}
