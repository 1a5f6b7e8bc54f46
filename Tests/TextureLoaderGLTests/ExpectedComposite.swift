import PVRTCGL

/// What a framebuffer should hold after a texture is drawn over it, computed on the CPU from the
/// decoded texture (the bit-exact CPU decoder) and the framebuffer's previous contents with the
/// blend equations of the GLES 2.0 specification.
enum ExpectedComposite {
    /// The framebuffer `background` (RGBA, top row first, `width` pixels wide) after `source`
    /// (`sourceWidth` x `sourceHeight` RGBA, top row first) is drawn at (`x`, `y`) with `blend`.
    static func compose(
        background: [UInt8], width: Int, source: [UInt8], sourceWidth: Int, sourceHeight: Int, x: Int, y: Int,
        blend: BlendMode
    ) -> [UInt8] {
        var result = background
        for row in 0..<sourceHeight {
            for column in 0..<sourceWidth {
                let s = (row * sourceWidth + column) * 4
                let d = ((y + row) * width + x + column) * 4
                let alpha = Double(source[s + 3]) / 255
                for channel in 0..<4 {
                    let src = Double(source[s + channel]) / 255
                    let dst = Double(background[d + channel]) / 255
                    let value: Double
                    switch blend {
                    case .replace: value = src
                    case .straightAlpha:
                        value = channel == 3 ? src + dst * (1 - alpha) : src * alpha + dst * (1 - alpha)
                    case .premultipliedAlpha: value = src + dst * (1 - alpha)
                    }
                    result[d + channel] = UInt8((min(value, 1) * 255).rounded())
                }
            }
        }
        return result
    }

    /// The largest per-channel difference between two byte arrays of equal length.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
