/// Fills the colour of fully transparent pixels from nearby visible colours ("alpha bleed").
///
/// PVRTC smears every block's two colours bilinearly over its neighbours, so the RGB hidden under
/// alpha 0 leaks into visible pixels near a cut-out's edge. Most images store transparent black
/// there, which shows up as a dark fringe. Alpha bleed replaces that hidden RGB with the colour of
/// the nearest visible region, so the encoder sees a continuous colour field across the edge.
///
/// The fill is a pull-push pyramid: pull builds half-size levels of alpha-weighted average colour
/// (weight = alpha / 255, a level's weight capped at 1); push walks back down and gives each pixel
/// its own colour blended with the bilinearly upsampled coarser colour by its missing weight.
/// A transparent pixel thus takes the colour of the visible pixels closest to it in the pyramid;
/// one inside a single-coloured shape's surroundings takes exactly that colour. The work is linear
/// in the pixel count. Only pixels with alpha 0 change, and only their RGB: visible pixels and
/// every alpha value are left untouched. Alpha is never premultiplied into the output.
public enum AlphaBleed {
    /// Returns `image` with the RGB of every alpha-0 pixel replaced by nearby visible colour.
    ///
    /// - Parameters:
    ///   - image: Any size; the result has the same size.
    ///   - wrap: Treat the image as tiling (left edge next to right, top next to bottom) while
    ///     upsampling, as PVRTC's decoder does; `false` clamps at the edges instead.
    /// - Returns: `image` unchanged when it has no alpha-0 pixel or no visible pixel at all.
    public static func apply(to image: RGBAImage, wrap: Bool = true) -> RGBAImage {
        let count = image.width * image.height
        var transparent = 0
        var visible = 0
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                if p[i * 4 + 3] == 0 { transparent += 1 } else { visible += 1 }
            }
        }
        guard transparent > 0, visible > 0 else { return image }

        var levels = [pullBase(image)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(pull(last))
        }
        for k in stride(from: levels.count - 2, through: 0, by: -1) {
            push(coarse: levels[k + 1], into: &levels[k], wrap: wrap)
        }

        var result = image
        let filled = levels[0]
        result.pixels.withUnsafeMutableBufferPointer { out in
            filled.color.withUnsafeBufferPointer { c in
                for i in 0..<count where out[i * 4 + 3] == 0 {
                    for ch in 0..<3 {
                        out[i * 4 + ch] = UInt8(min(max(c[i * 3 + ch].rounded(), 0), 255))
                    }
                }
            }
        }
        return result
    }

    /// One pyramid level: straight (not premultiplied) colour, three floats per pixel, and a
    /// coverage weight in 0...1 per pixel.
    private struct Level {
        var width: Int
        var height: Int
        var color: [Float]
        var weight: [Float]
    }

    /// Level 0: the image's colour and alpha / 255.
    private static func pullBase(_ image: RGBAImage) -> Level {
        let count = image.width * image.height
        var color = [Float](repeating: 0, count: count * 3)
        var weight = [Float](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                color[i * 3] = Float(p[i * 4])
                color[i * 3 + 1] = Float(p[i * 4 + 1])
                color[i * 3 + 2] = Float(p[i * 4 + 2])
                weight[i] = Float(p[i * 4 + 3]) / 255
            }
        }
        return Level(width: image.width, height: image.height, color: color, weight: weight)
    }

    /// The next coarser level: each pixel is the weighted mean of (up to) 2x2 finer pixels, its
    /// weight their summed weight capped at 1.
    private static func pull(_ fine: Level) -> Level {
        let w = (fine.width + 1) / 2
        let h = (fine.height + 1) / 2
        var color = [Float](repeating: 0, count: w * h * 3)
        var weight = [Float](repeating: 0, count: w * h)
        fine.color.withUnsafeBufferPointer { fc in
            fine.weight.withUnsafeBufferPointer { fw in
                for y in 0..<h {
                    for x in 0..<w {
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        var sum: Float = 0
                        for sy in (2 * y)..<min(2 * y + 2, fine.height) {
                            for sx in (2 * x)..<min(2 * x + 2, fine.width) {
                                let i = sy * fine.width + sx
                                let wt = fw[i]
                                r += fc[i * 3] * wt
                                g += fc[i * 3 + 1] * wt
                                b += fc[i * 3 + 2] * wt
                                sum += wt
                            }
                        }
                        let o = y * w + x
                        if sum > 0 {
                            color[o * 3] = r / sum
                            color[o * 3 + 1] = g / sum
                            color[o * 3 + 2] = b / sum
                        }
                        weight[o] = min(sum, 1)
                    }
                }
            }
        }
        return Level(width: w, height: h, color: color, weight: weight)
    }

    /// Blends the bilinearly upsampled `coarse` colour into `fine` by each fine pixel's missing
    /// weight, and marks the fine level fully covered.
    private static func push(coarse: Level, into fine: inout Level, wrap: Bool) {
        let cw = coarse.width
        let ch = coarse.height
        let fineWidth = fine.width
        let fineHeight = fine.height
        // Coarse pixel centres sit at fine coordinates 2i + 0.5; sample at (x - 0.5) / 2.
        func taps(_ position: Int, _ size: Int) -> (Int, Int, Float) {
            let t = (Float(position) - 0.5) / 2
            let lower = Int(t.rounded(.down))
            let frac = t - Float(lower)
            if wrap {
                return ((lower % size + size) % size, (lower + 1) % size, frac)
            }
            return (min(max(lower, 0), size - 1), min(max(lower + 1, 0), size - 1), frac)
        }
        let columns = (0..<fineWidth).map { taps($0, cw) }
        coarse.color.withUnsafeBufferPointer { cc in
            fine.color.withUnsafeMutableBufferPointer { fc in
                fine.weight.withUnsafeMutableBufferPointer { fw in
                    for y in 0..<fineHeight {
                        let (y0, y1, fy) = taps(y, ch)
                        for x in 0..<fineWidth {
                            let i = y * fineWidth + x
                            let missing = 1 - fw[i]
                            guard missing > 0 else { continue }
                            let (x0, x1, fx) = columns[x]
                            let w00 = (1 - fx) * (1 - fy)
                            let w10 = fx * (1 - fy)
                            let w01 = (1 - fx) * fy
                            let w11 = fx * fy
                            let i00 = (y0 * cw + x0) * 3
                            let i10 = (y0 * cw + x1) * 3
                            let i01 = (y1 * cw + x0) * 3
                            let i11 = (y1 * cw + x1) * 3
                            let own = fw[i]
                            for c in 0..<3 {
                                let up = cc[i00 + c] * w00 + cc[i10 + c] * w10 + cc[i01 + c] * w01 + cc[i11 + c] * w11
                                fc[i * 3 + c] = fc[i * 3 + c] * own + up * missing
                            }
                            fw[i] = 1
                        }
                    }
                }
            }
        }
    }
}
